/**
 * Views of items (issue 28 point 3), counted the way privacy-first analytics count visitors: a
 * reader is a hash of who they are (their account when signed in, else address and browser) with
 * a random salt of the day, kept in the database so every instance agrees; when the day turns the
 * old salt and the day's hashes are deleted. What stays is a count per item per day.
 *
 * A read is counted at most once per reader, item and day, in one statement, after the answer is
 * on its way; a reader this instance has already counted today sends none (a bounded set of the
 * day's hashes, forgotten with the salt). `settled()` waits for the counts still being written (the
 * analytics answers wait for them, so a maker sees the views this instance has counted).
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import type { Db } from '../db/client.ts';
import { itemViewReaders, itemViews, viewSalts } from '../db/schema.ts';
import { type Logger, loggableError } from '../logger.ts';
import { now } from './clock.ts';

export interface Reader {
  /** The signed-in reader's id; null for a visitor. */
  userId: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface ViewCounter {
  /** Counts a read of the item (nothing for a bot, its own maker, or a reader already counted today); never throws. */
  count(ideaId: string, reader: Reader): void;
  /** Resolves once every count started so far is written (or has failed and been logged). */
  settled(): Promise<void>;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const API_DETAIL = new RegExp(`^/api/ideas/(${UUID})$`, 'i');
const PAGE_DETAIL = new RegExp(`^/ideas/(${UUID})/?$`, 'i');

/** The item a GET of this path reads in full (its API answer or its details page), or null. */
export function itemReadAt(path: string): { ideaId: string; page: boolean } | null {
  const api = API_DETAIL.exec(path);
  if (api?.[1]) return { ideaId: api[1].toLowerCase(), page: false };
  const page = PAGE_DETAIL.exec(path);
  return page?.[1] ? { ideaId: page[1].toLowerCase(), page: true } : null;
}

/** Whether an answer of this status is a read (a revalidation that got 304 is one too). */
export function isReadAnswer(status: number): boolean {
  return status === 200 || status === 304;
}

/** The UTC day of a moment, 'YYYY-MM-DD'. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Readers without a browser's user agent (scripts, crawlers, link previews) are not counted. */
function isCountable(reader: Reader): boolean {
  return !!reader.userAgent && !isbot(reader.userAgent);
}

/** How many of the day's (item, reader) hashes an instance remembers; past it, it starts again (the database still dedupes). */
const SEEN_LIMIT = 100_000;

function readerKey(reader: Reader): string {
  return reader.userId ? `user\n${reader.userId}` : `visitor\n${reader.ip ?? ''}\n${reader.userAgent ?? ''}`;
}

export function createViewCounter(db: Db, logger: Logger): ViewCounter {
  const pending = new Set<Promise<void>>();
  let today: { day: string; salt: Promise<Buffer> } | null = null;
  let seen = new Set<string>();

  // The day's salt: made by the first instance to need it, read by the others; the day before's
  // salt and hashes go at the same time (from every instance: deleting twice is harmless).
  const saltOf = (day: string): Promise<Buffer> => {
    if (today?.day === day) return today.salt;
    const salt = (async () => {
      await db.insert(viewSalts).values({ day, salt: randomBytes(32) }).onConflictDoNothing();
      const [row] = await db.select({ salt: viewSalts.salt }).from(viewSalts).where(sql`${viewSalts.day} = ${day}`);
      if (!row) throw new Error('the day’s view salt could not be read');
      await db.delete(viewSalts).where(sql`${viewSalts.day} < ${day}`);
      await db.delete(itemViewReaders).where(sql`${itemViewReaders.day} < ${day}`);
      return Buffer.from(row.salt);
    })();
    today = { day, salt };
    seen = new Set();
    // A failed read is tried again by the next view.
    salt.catch(() => {
      if (today?.salt === salt) today = null;
    });
    return salt;
  };

  const write = async (ideaId: string, reader: Reader) => {
    const day = utcDay(now());
    const salt = await saltOf(day);
    const hash = createHash('sha256').update(salt).update(readerKey(reader)).digest().subarray(0, 16);
    const key = `${ideaId} ${hash.toString('base64')}`;
    if (seen.has(key)) return;
    // One statement: the reader's hash goes in unless it is there already (or the reader is the
    // item's maker), and only then the count goes up.
    await db.execute(sql`
      with fresh as (
        insert into ${itemViewReaders} (idea_id, day, reader_hash)
        select i.id, ${day}::date, ${hash} from ideas i where i.id = ${ideaId}::uuid and i.user_id is distinct from ${reader.userId}::text
        on conflict do nothing
        returning idea_id, day
      )
      insert into ${itemViews} (idea_id, day, views)
      select idea_id, day, 1 from fresh
      on conflict (idea_id, day) do update set views = ${itemViews}.views + 1`);
    if (today?.day !== day) return;
    if (seen.size >= SEEN_LIMIT) seen.clear();
    seen.add(key);
  };

  return {
    count(ideaId, reader) {
      if (!isCountable(reader)) return;
      const done: Promise<void> = write(ideaId, reader)
        .catch((err: unknown) => logger.warn({ err: loggableError(err) }, 'a view was not counted'))
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async settled() {
      await Promise.all([...pending]);
    },
  };
}
