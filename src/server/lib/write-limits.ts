/**
 * Per-person limits on writes (issue 14 point 10): one table of limits per action, one counter in
 * the database (write_limits) so several instances share it. A request bumps every rule of its
 * action in one upsert; over any rule it is refused with 429, the one error body and Retry-After
 * (seconds), and its bumps are taken back, so refused requests never use up the allowance.
 * Windows are fixed (a rule's window starts at a multiple of its length, epoch seconds).
 *
 * A route adds a limit with one line: `middleware: [writeLimit('reports')]`, after a row below.
 */
import { sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { loggableError } from '../logger.ts';
import { now as clockNow } from './clock.ts';
import { rulesOf, WRITE_LIMITS, type WriteAction, type WriteRule } from './write-limit-rules.ts';

export { rulesOf };

export type WriteDecision = { allowed: true } | { allowed: false; retryAfter: number };

const keyOf = (action: WriteAction, rule: WriteRule, userId: string) => `${action}:${rule.max}/${rule.seconds}:${userId}`;

/**
 * Counts one `action` by `userId` against `rules`: one statement when allowed, a second one to take
 * the bumps back when refused. Concurrent requests get distinct counts, so no more than `max` pass.
 */
export async function consumeWriteLimit(
  db: Db,
  action: WriteAction,
  userId: string,
  rules: readonly WriteRule[],
  now = clockNow().getTime(),
): Promise<WriteDecision> {
  if (rules.length === 0) return { allowed: true };
  const nowSeconds = now / 1000;
  const windows = rules.map((rule) => {
    const start = Math.floor(nowSeconds / rule.seconds) * rule.seconds;
    return { rule, key: keyOf(action, rule, userId), start, end: start + rule.seconds };
  });
  const values = sql.join(
    windows.map((w) => sql`(${w.key}::text, ${w.start}::bigint, 1, to_timestamp(${w.end}::double precision))`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    insert into write_limits (key, window_start, count, expires_at) values ${values}
    on conflict (key, window_start) do update set count = write_limits.count + 1
    returning key, count`)) as unknown as { rows: { key: string; count: number | string }[] };
  const counts = new Map(result.rows.map((r) => [r.key, Number(r.count)]));
  const over = windows.filter((w) => (counts.get(w.key) ?? 0) > w.rule.max);
  if (over.length === 0) return { allowed: true };
  const taken = sql.join(
    windows.map((w) => sql`(key = ${w.key}::text and window_start = ${w.start}::bigint)`),
    sql` or `,
  );
  await db.execute(sql`update write_limits set count = count - 1 where ${taken}`);
  const retryAfter = Math.max(...over.map((w) => Math.max(1, Math.ceil(w.end - nowSeconds))));
  return { allowed: false, retryAfter };
}

const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<Db, number>();

/** Deletes windows that have ended (indexed by expires_at): at most once a minute per instance. */
export async function sweepWriteLimits(db: Db, logger?: Logger, now = Date.now()): Promise<void> {
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now);
  try {
    await db.execute(sql`delete from write_limits where expires_at < now()`);
  } catch (error) {
    logger?.warn({ err: loggableError(error).message }, 'sweeping ended write-limit windows failed');
  }
}

/** 'a moment' under a minute, else whole minutes or hours (rounded up). */
function waitText(seconds: number): string {
  if (seconds < 60) return 'a moment';
  if (seconds < 3600) {
    const m = Math.ceil(seconds / 60);
    return m === 1 ? 'a minute' : `${m} minutes`;
  }
  const h = Math.ceil(seconds / 3600);
  return h === 1 ? 'an hour' : `${h} hours`;
}

export function tooManyWritesMessage(action: WriteAction, retryAfter: number): string {
  return `You are ${WRITE_LIMITS[action].doing} too quickly. Please wait ${waitText(retryAfter)} and try again.`;
}

/**
 * Route middleware: counts the signed-in person's `action` and answers 429 with Retry-After when
 * over a limit, before the handler writes anything. Visitors pass through (the handler says 401).
 */
export function writeLimit(action: WriteAction): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const viewer = c.var.viewer;
    if (!viewer) return next();
    const decision = await consumeWriteLimit(c.var.db, action, viewer.userId, rulesOf(action, c.var.config.WRITE_LIMITS));
    await sweepWriteLimits(c.var.db, c.var.logger);
    if (!decision.allowed) {
      const retryAfter = String(decision.retryAfter);
      const body = { error: { code: 'too_many_requests', message: tooManyWritesMessage(action, decision.retryAfter) } };
      return c.json(body, 429, { 'Retry-After': retryAfter });
    }
    await next();
  };
}
