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

export interface WriteRule {
  max: number;
  /** The window's length in seconds. */
  seconds: number;
}

/** Every limited action: what a person is doing (for the message) and its rules. */
export const WRITE_LIMITS = {
  messages: { doing: 'sending messages', rules: [{ max: 10, seconds: 60 }, { max: 200, seconds: 86_400 }] },
  likes: { doing: 'liking and unliking', rules: [{ max: 60, seconds: 60 }] },
  ratings: { doing: 'rating', rules: [{ max: 30, seconds: 60 }] },
  uploads: { doing: 'uploading images', rules: [{ max: 20, seconds: 60 }] },
  /** Mention suggestions (a read, bounded all the same: each names people). */
  lookups: { doing: 'looking people up', rules: [{ max: 120, seconds: 60 }] },
  reports: { doing: 'sending reports', rules: [{ max: 10, seconds: 60 }, { max: 50, seconds: 86_400 }] },
} satisfies Record<string, { doing: string; rules: WriteRule[] }>;

export type WriteAction = keyof typeof WRITE_LIMITS;
/** Rules replacing the defaults of some actions (config WRITE_LIMITS); [] turns an action's limits off. */
export type WriteLimitOverrides = Partial<Record<WriteAction, WriteRule[]>>;

export function isWriteAction(name: string): name is WriteAction {
  return Object.hasOwn(WRITE_LIMITS, name);
}

/**
 * Parses the WRITE_LIMITS setting: `action:max/seconds` items, comma-separated (an action may be
 * listed more than once; its defaults are then replaced), `action:off`, or `off` for every action.
 * Returns an error message instead when the value is not that.
 */
export function parseWriteLimits(value: string): WriteLimitOverrides | string {
  const text = value.trim();
  if (text === '') return {};
  if (text === 'off') return Object.fromEntries(Object.keys(WRITE_LIMITS).map((a) => [a, []])) as WriteLimitOverrides;
  const out: WriteLimitOverrides = {};
  for (const item of text.split(',')) {
    const m = /^\s*([a-z-]+):(?:(off)|(\d{1,9})\/(\d{1,9}))\s*$/.exec(item);
    const action = m?.[1];
    if (!m || !action || !isWriteAction(action)) {
      return `must be items like messages:10/60 or likes:off, for ${Object.keys(WRITE_LIMITS).join(', ')} (or off)`;
    }
    const rules = (out[action] ??= []);
    if (!m[2]) {
      const rule = { max: Number(m[3]), seconds: Number(m[4]) };
      if (rule.max < 1 || rule.seconds < 1) return 'limits and windows must be at least 1';
      rules.push(rule);
    }
  }
  return out;
}

export function rulesOf(action: WriteAction, overrides: WriteLimitOverrides = {}): readonly WriteRule[] {
  return overrides[action] ?? WRITE_LIMITS[action].rules;
}

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
  now = Date.now(),
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
