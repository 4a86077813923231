/**
 * Per-email-address rate limit, in better-auth's rate_limits table under our own key prefix.
 * The address is hashed in the key: no personal data in that table. One counter per path.
 * Same rolling-window semantics as better-auth's limiter; each step is one atomic statement,
 * so concurrent requests (on any instance) cannot all slip through.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';
import type { RateRule } from './rate-limits.ts';

export function emailLimitKey(path: string, email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
  return `email:${path}:${digest}`;
}

export interface LimitDecision {
  allowed: boolean;
  /** Seconds until the next request may pass (0 when allowed). */
  retryAfter: number;
}

export async function consumeEmailLimit(db: Db, key: string, rule: RateRule, now = Date.now()): Promise<LimitDecision> {
  const cutoff = now - rule.window * 1000;
  for (let attempt = 0; attempt < 3; attempt++) {
    const updated = await db
      .update(rateLimits)
      .set({
        count: sql`case when ${rateLimits.lastRequest} <= ${cutoff} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: now,
      })
      .where(and(eq(rateLimits.key, key), or(lte(rateLimits.lastRequest, cutoff), lt(rateLimits.count, rule.max))))
      .returning({ id: rateLimits.id });
    if (updated.length > 0) return { allowed: true, retryAfter: 0 };

    const inserted = await db
      .insert(rateLimits)
      .values({ id: randomUUID(), key, count: 1, lastRequest: now })
      .onConflictDoNothing({ target: rateLimits.key })
      .returning({ id: rateLimits.id });
    if (inserted.length > 0) return { allowed: true, retryAfter: 0 };

    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
    // Gone (pruned) or reopened meanwhile: decide again.
    if (!row || row.lastRequest <= cutoff || row.count < rule.max) continue;
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((row.lastRequest + rule.window * 1000 - now) / 1000)) };
  }
  return { allowed: false, retryAfter: 1 };
}

/** The decision consumeEmailLimit would make, without counting this request. */
export async function peekEmailLimit(db: Db, key: string, rule: RateRule, now = Date.now()): Promise<LimitDecision> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  if (!row || row.lastRequest <= now - rule.window * 1000 || row.count < rule.max) return { allowed: true, retryAfter: 0 };
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((row.lastRequest + rule.window * 1000 - now) / 1000)) };
}

export async function clearEmailLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
