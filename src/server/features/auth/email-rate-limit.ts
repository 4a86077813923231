/**
 * Our own rate-limit counters, in better-auth's rate_limits table under our own key prefixes
 * (email addresses hashed: no personal data in that table). Same rolling-window semantics as
 * better-auth's limiter. Taking a slot is one `insert … on conflict do update … where … returning`
 * statement, so concurrent requests (on any instance) never get more slots than the limit.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';
import type { RateRule } from './rate-limits.ts';

export function emailDigest(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

export function emailLimitKey(path: string, email: string): string {
  return `email:${path}:${emailDigest(email)}`;
}

export interface LimitDecision {
  allowed: boolean;
  /** Seconds until the next request may pass (0 when allowed). */
  retryAfter: number;
}

function retryAfterOf(lastRequest: number, rule: RateRule, now: number): number {
  return Math.max(1, Math.ceil((lastRequest + rule.window * 1000 - now) / 1000));
}

/** Takes one slot of `key` if the rule has one left (atomically); otherwise says how long to wait. */
export async function consumeEmailLimit(db: Db, key: string, rule: RateRule, now = Date.now()): Promise<LimitDecision> {
  const cutoff = now - rule.window * 1000;
  const taken = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} <= ${cutoff} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: now,
      },
      setWhere: sql`${rateLimits.lastRequest} <= ${cutoff} or ${rateLimits.count} < ${rule.max}`,
    })
    .returning({ count: rateLimits.count });
  if (taken.length > 0) return { allowed: true, retryAfter: 0 };
  const [row] = await db.select({ lastRequest: rateLimits.lastRequest }).from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  return { allowed: false, retryAfter: row ? retryAfterOf(row.lastRequest, rule, now) : 1 };
}

/** Gives back a slot taken by consumeEmailLimit (the request turned out not to count). */
export async function releaseEmailLimit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.count, 0)));
}

/** How many requests `key` has counted within the rule's window (0 when none or expired). */
export async function countInWindow(db: Db, key: string, rule: RateRule, now = Date.now()): Promise<number> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  if (!row || row.lastRequest <= now - rule.window * 1000) return 0;
  return row.count;
}

/** Counts one request under `key` without any limit (a tally that others read). */
export async function tallyEmailLimit(db: Db, key: string, rule: RateRule, now = Date.now()): Promise<void> {
  const cutoff = now - rule.window * 1000;
  await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: sql`case when ${rateLimits.lastRequest} <= ${cutoff} then 1 else ${rateLimits.count} + 1 end`, lastRequest: now },
    });
}

export async function clearEmailLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
