/**
 * The one way the app opens a transaction: `inTransaction(db, work)`. PostgreSQL may end a
 * transaction with a deadlock (40P01) or a serialization failure (40001) through no fault of the
 * request; the whole transaction is then run again, a few times with a short random pause, so a
 * person never sees an error for it. `work` must touch nothing outside the transaction it is given.
 */
import type { Db } from './client.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The SQLSTATE of a database error, looking through wrappers (drizzle puts the driver's error in `cause`). */
export function sqlState(error: unknown): string | undefined {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** 23503: a referenced row vanished mid-request. */
export const FOREIGN_KEY_VIOLATION = '23503';
export const DEADLOCK_DETECTED = '40P01';
export const SERIALIZATION_FAILURE = '40001';

/** Whether running the same transaction again may succeed: PostgreSQL chose it as a deadlock's or a conflict's victim. */
export function isTransientConflict(error: unknown): boolean {
  const state = sqlState(error);
  return state === DEADLOCK_DETECTED || state === SERIALIZATION_FAILURE;
}

export interface RetryOptions {
  /** Runs in all, the first included. */
  attempts?: number;
  /** The longest pause before a run again; each pause is random up to it, doubling from a quarter of it. */
  maxPauseMs?: number;
}

const DEFAULT_ATTEMPTS = 4;

const conflicts = { retried: 0, gaveUp: 0 };

/** How many transactions this process ran again after a conflict, and how many still failed after the last run. */
export function transactionConflicts(): Readonly<typeof conflicts> {
  return { ...conflicts };
}
const DEFAULT_MAX_PAUSE_MS = 100;

/** What to do once a transaction has committed (afterCommit), by transaction; dropped with it on rollback. */
const committedWork = new WeakMap<object, Array<() => Promise<void>>>();

/**
 * Runs `work` once the transaction `tx` has committed (never when it rolls back), e.g. deleting
 * the objects of rows it deleted: outside services are not part of the transaction. Given a
 * database rather than an inTransaction's transaction, the statements already took effect: it
 * runs at once. `work` reports its own failures; it never fails the request.
 */
export function afterCommit(tx: Tx | Db, work: () => Promise<void>): void {
  const queue = committedWork.get(tx);
  if (queue) queue.push(work);
  else void work().catch(() => {});
}

/** Runs `work` in a transaction, and again (bounded) when PostgreSQL ends it with a deadlock or serialization failure. */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  return retryingConflicts(async () => {
    const committed: Array<() => Promise<void>> = [];
    const result = await db.transaction((tx) => {
      committedWork.set(tx, committed);
      return work(tx);
    });
    for (const next of committed) await next().catch(() => {});
    return result;
  }, options);
}

/**
 * Runs `attempt` again (bounded, random pause) when PostgreSQL ends it as a deadlock's or a
 * conflict's victim: a transaction (inTransaction), or one statement that is a transaction by itself.
 */
export async function retryingConflicts<T>(attempt: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const maxPause = options.maxPauseMs ?? DEFAULT_MAX_PAUSE_MS;
  for (let run = 1; ; run++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isTransientConflict(error)) throw error;
      if (run >= attempts) {
        conflicts.gaveUp++;
        throw error;
      }
      conflicts.retried++;
      // Random pauses keep the two victims of one deadlock from meeting again at once.
      const ceiling = Math.min(maxPause, (maxPause / 4) * 2 ** (run - 1));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
    }
  }
}
