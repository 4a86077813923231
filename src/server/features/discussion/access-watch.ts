/**
 * Open discussion streams keep checking their viewer's access (issue 14 point 12): every
 * ACCESS_CHECK_MS (jittered) one batched check per instance covers all its open streams, and a
 * stream whose viewer signed out (session gone or expired), was banned, or is no longer entitled
 * (not premium, not the owner, not an admin) is ended within about 3 s. Polling the database
 * rather than waiting for notices holds whichever instance or tool made the change.
 */
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { readCookie } from '../auth/session-lookup.ts';
import { COOKIE_PREFIX } from '../auth/auth.ts';
import { type Logger, loggableError } from '../../logger.ts';
import { premiumThreshold } from './threshold.ts';

/** How often open streams are checked (each wait is 75–125 % of it): ended within ~3 s of a change. */
export const ACCESS_CHECK_MS = 2000;
/** Viewers per query (bind parameters stay far below PostgreSQL's limit). */
const BATCH = 1000;

/** Who holds a stream: the session it was opened with (null when unknown) and the item's owner. */
export interface StreamViewer {
  userId: string;
  sessionToken: string | null;
  ownerId: string;
}

interface Watched {
  viewer: StreamViewer;
  end(): void;
}

const SESSION_COOKIES = [`${COOKIE_PREFIX}.session_token`, `__Secure-${COOKIE_PREFIX}.session_token`];

/**
 * The session token a request presents (bearer token or session cookie, each `token.signature`),
 * kept only if it is a live session of `userId`: the viewer was resolved from it already.
 */
export async function sessionTokenOf(db: Db, headers: Headers, userId: string): Promise<string | null> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.get('authorization') ?? '')?.[1];
  const values = [bearer, ...SESSION_COOKIES.map((name) => readCookie(headers.get('cookie'), name))];
  const tokens = values.flatMap((v) => (v ? [v.includes('.') ? v.slice(0, v.lastIndexOf('.')) : v] : []));
  if (tokens.length === 0) return null;
  const [row] = await db
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(inArray(sessions.token, tokens), sql`${sessions.userId} = ${userId}`))
    .limit(1);
  return row?.token ?? null;
}

export interface AccessWatch {
  /** Watches a stream until `unwatch` is called; `end` ends it when access is gone. */
  watch(viewer: StreamViewer, end: () => void): () => void;
  /** Runs one check now (tests). */
  checkNow(): Promise<void>;
  stop(): void;
  readonly size: number;
}

export function createAccessWatch(db: Db, logger: Logger, intervalMs = ACCESS_CHECK_MS): AccessWatch {
  const watched = new Set<Watched>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;

  const schedule = () => {
    if (stopped || timer || watched.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      void check().finally(schedule);
    }, intervalMs * (0.75 + Math.random() / 2));
    timer.unref();
  };

  async function checkOnce(): Promise<void> {
    const streams = [...watched];
    if (streams.length === 0) return;
    const userIds = [...new Set(streams.map((s) => s.viewer.userId))];
    const tokens = [...new Set(streams.flatMap((s) => (s.viewer.sessionToken ? [s.viewer.sessionToken] : [])))];
    const threshold = await premiumThreshold(db, logger);
    const people = new Map<string, { role: string | null; banned: boolean; items: number }>();
    for (let i = 0; i < userIds.length; i += BATCH) {
      const rows = await db
        .select({
          id: users.id,
          role: users.role,
          banned: sql<boolean>`coalesce(${users.banned}, false) and (${users.banExpires} is null or ${users.banExpires} > now())`,
          // Counted only as far as premium needs (at most threshold + 1 index entries).
          items: sql<number>`(select count(*)::int from (select 1 from ideas as own where own.user_id = "users"."id" limit ${threshold + 1}) as n)`,
        })
        .from(users)
        .where(inArray(users.id, userIds.slice(i, i + BATCH)));
      for (const r of rows) people.set(r.id, { role: r.role, banned: Boolean(r.banned), items: Number(r.items) });
    }
    const liveTokens = new Set<string>();
    for (let i = 0; i < tokens.length; i += BATCH) {
      const rows = await db
        .select({ token: sessions.token })
        .from(sessions)
        .where(and(inArray(sessions.token, tokens.slice(i, i + BATCH)), gt(sessions.expiresAt, sql`now()`)));
      for (const r of rows) liveTokens.add(r.token);
    }
    for (const s of streams) {
      const { userId, sessionToken, ownerId } = s.viewer;
      const person = people.get(userId);
      const entitled =
        person !== undefined &&
        !person.banned &&
        (sessionToken === null || liveTokens.has(sessionToken)) &&
        (person.role === 'admin' || userId === ownerId || person.items > threshold);
      if (!entitled && watched.delete(s)) s.end();
    }
  }

  // A failed check ends nothing (the database may be restarting); the next one decides.
  const check = () =>
    (running ??= checkOnce()
      .catch((error: unknown) => logger.warn({ err: loggableError(error).message }, 'checking open streams’ access failed'))
      .finally(() => {
        running = null;
      }));

  return {
    watch(viewer, end) {
      const entry: Watched = { viewer, end };
      watched.add(entry);
      schedule();
      return () => {
        watched.delete(entry);
      };
    },
    checkNow: () => check(),
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      watched.clear();
    },
    get size() {
      return watched.size;
    },
  };
}
