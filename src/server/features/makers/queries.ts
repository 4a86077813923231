/** SQL for maker pages: one person's public profile and their totals. */
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ideaRanks, makerFollows, profiles, users } from '../../db/schema.ts';

/**
 * Which maker pages open: a person who exists (banned or not) under an id of this shape. Ids are
 * better-auth's (text): a sane length bound is all they need before the lookup. The pattern is
 * both a JavaScript and a PostgreSQL regular expression (makerPageOpens).
 */
export const MAKER_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * SQL: the maker page of the person `userId` names opens (getMaker's rule, for lists such as the
 * sitemap's). The person is looked up by a scalar subquery, not EXISTS: PostgreSQL may turn an
 * EXISTS into a join, which loses the order of the rows it filters (the sitemap reads makers in
 * the order a walk yields them).
 */
export const makerPageOpens = (userId: AnyColumn | SQL) =>
  sql`(${userId} ~ ${MAKER_ID.source} and (select true from ${users} where ${users.id} = ${userId}))`;

/**
 * The public fields of a person's profile, with their totals (items shared, likes received, followers) read
 * from idea_ranks' (user_id, like_count) index. Only the columns a maker page shows are selected:
 * nothing private ever leaves the database for it.
 */
export async function findMaker(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: profiles.fullName,
      photoUrl: profiles.photoUrl,
      bio: profiles.bio,
      industry: profiles.industry,
      skills: profiles.skills,
      country: profiles.country,
      contactInfo: profiles.contactInfo,
      joinedAt: users.createdAt,
      items: sql<number>`(select count(*)::int from ${ideaRanks} where ${ideaRanks.userId} = ${users.id})`,
      likesReceived: sql<number>`(select coalesce(sum(${ideaRanks.likeCount}), 0)::int from ${ideaRanks} where ${ideaRanks.userId} = ${users.id})`,
      followers: sql<number>`(select count(*)::int from ${makerFollows} where ${makerFollows.makerId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Whether a person exists (a maker's item list answers 404 for nobody), without their totals. */
export async function makerExists(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row !== undefined;
}
