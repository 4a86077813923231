/**
 * The email addresses that are the person's: the account's and the profile's copy, lower-cased as
 * the newsletter stores them. What is kept by address rather than by account (the newsletter's
 * subscriptions, mails in the outbox) is found, exported and deleted through these.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, users } from '../../db/schema.ts';

export async function addressesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ account: sql<string>`lower(${users.email})`, profile: sql<string | null>`lower(${profiles.email})` })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  const found = new Set<string>();
  for (const r of rows) for (const a of [r.account, r.profile]) if (a) found.add(a);
  return [...found];
}
