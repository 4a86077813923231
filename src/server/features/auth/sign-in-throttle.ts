/**
 * Throttling of wrong passwords at sign-in (SIGN_IN_FAILURE_RULES). Before the password is
 * checked, one slot is taken per client address and per (email address, client address) pair;
 * a wrong password keeps them, anything else gives them back (a success also clears the pair).
 * A stranger hammering someone's address only slows down pairs (to perPairUnderAttack each) from
 * addresses the account has never signed in from, so the owner still gets in.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { clearEmailLimit, consumeEmailLimit, countInWindow, emailDigest, releaseEmailLimit, tallyEmailLimit } from './email-rate-limit.ts';
import { SIGN_IN_FAILURE_RULES } from './rate-limits.ts';

export type SignInAdmission =
  | { allowed: false; retryAfter: number }
  | { allowed: true; /** Records the outcome (the HTTP status better-auth answered). */ settle(status: number): Promise<void> };

export async function admitSignIn(db: Db, email: string, clientIp: string | null, rules = SIGN_IN_FAILURE_RULES): Promise<SignInAdmission> {
  const ip = clientIp ?? 'unknown';
  const digest = emailDigest(email);
  const clientKey = `signin-fail:ip:${ip}`;
  const pairKey = `signin-fail:pair:${digest}:${ip}`;
  const emailKey = `signin-fail:email:${digest}`;

  const client = await consumeEmailLimit(db, clientKey, rules.perClient);
  if (!client.allowed) return { allowed: false, retryAfter: client.retryAfter };
  const underAttack =
    (await countInWindow(db, emailKey, rules.emailSlowdown)) >= rules.emailSlowdown.max && !(await hasSignedInFrom(db, email, clientIp));
  const pairRule = underAttack ? { window: rules.perPair.window, max: rules.perPairUnderAttack.max } : rules.perPair;
  const pair = await consumeEmailLimit(db, pairKey, pairRule);
  if (!pair.allowed) {
    await releaseEmailLimit(db, clientKey);
    return { allowed: false, retryAfter: pair.retryAfter };
  }
  return {
    allowed: true,
    async settle(status) {
      if (status === 401) {
        await tallyEmailLimit(db, emailKey, rules.emailSlowdown);
        return;
      }
      await releaseEmailLimit(db, clientKey);
      if (status >= 200 && status < 300) await clearEmailLimit(db, pairKey);
      else await releaseEmailLimit(db, pairKey);
    },
  };
}

/** Whether the account of `email` has a session (any still stored) started from `clientIp`. */
async function hasSignedInFrom(db: Db, email: string, clientIp: string | null): Promise<boolean> {
  if (!clientIp) return false;
  const rows = await db
    .select({ one: sql`1` })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(sessions.ipAddress, clientIp)))
    .limit(1);
  return rows.length > 0;
}
