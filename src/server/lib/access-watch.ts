/**
 * Open discussion streams keep checking their viewer's access (issue 14 point 12): every
 * ACCESS_CHECK_MS (jittered) one batched check per instance covers all its open streams, and a
 * stream whose viewer signed out (session gone or expired), was banned, or is no longer entitled
 * (not premium, not the owner, not an admin, not a buyer: a refund ends it) is ended within about 3 s. Polling the database
 * rather than waiting for notices holds whichever instance or tool made the change.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { isRole, type RoleName } from '../../shared/constants.ts';
import type { Db } from '../db/client.ts';
import { payments, sessions, users } from '../db/schema.ts';
import { type Logger, loggableError } from '../logger.ts';
import { hasFullAccess, ownItemCount, premiumThreshold } from './content-access.ts';

/** How often open streams are checked (each wait is 75–125 % of it): ended within ~3 s of a change. */
export const ACCESS_CHECK_MS = 2000;
/** Viewers per query (bind parameters stay far below PostgreSQL's limit). */
const BATCH = 1000;

/** Who holds a stream: the session it was opened with (null when unknown), the item and its owner. */
export interface StreamViewer {
  userId: string;
  sessionToken: string | null;
  ownerId: string;
  /** The item of a discussion stream (a purchase of it counts); none for one's own streams. */
  ideaId?: string;
}

interface Watched {
  viewer: StreamViewer;
  end(): void;
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
    const people = new Map<string, { role: RoleName; banned: boolean; items: number }>();
    for (let i = 0; i < userIds.length; i += BATCH) {
      const rows = await db
        .select({
          id: users.id,
          role: users.role,
          banned: sql<boolean>`coalesce(${users.banned}, false) and (${users.banExpires} is null or ${users.banExpires} > now())`,
          items: ownItemCount(users.id, threshold + 1),
        })
        .from(users)
        .where(inArray(users.id, userIds.slice(i, i + BATCH)));
      for (const r of rows) people.set(r.id, { role: isRole(r.role) ? r.role : 'user', banned: Boolean(r.banned), items: Number(r.items) });
    }
    const liveTokens = new Set<string>();
    for (let i = 0; i < tokens.length; i += BATCH) {
      const rows = await db
        .select({ token: sessions.token })
        .from(sessions)
        .where(and(inArray(sessions.token, tokens.slice(i, i + BATCH)), gt(sessions.expiresAt, sql`now()`)));
      for (const r of rows) liveTokens.add(r.token);
    }
    // Purchases of the watched items by their watchers (the rule's purchase clause, lib/content-access.ts).
    const bought = new Set<string>();
    const ideaIds = [...new Set(streams.flatMap((s) => (s.viewer.ideaId ? [s.viewer.ideaId] : [])))];
    for (let i = 0; ideaIds.length > 0 && i < userIds.length; i += BATCH) {
      const rows = await db
        .select({ userId: payments.userId, ideaId: payments.ideaId })
        .from(payments)
        .where(and(inArray(payments.userId, userIds.slice(i, i + BATCH)), inArray(payments.ideaId, ideaIds), eq(payments.status, 'success')));
      for (const r of rows) bought.add(`${r.userId}|${r.ideaId}`);
    }
    for (const s of streams) {
      const { userId, sessionToken, ownerId, ideaId } = s.viewer;
      const person = people.get(userId);
      const entitled =
        person !== undefined &&
        !person.banned &&
        (sessionToken === null || liveTokens.has(sessionToken)) &&
        hasFullAccess({ userId, role: person.role }, ownerId, person.items, threshold, bought.has(`${userId}|${ideaId}`));
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
