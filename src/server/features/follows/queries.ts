/** SQL for following makers (maker_follows) and topics (topic_follows): one shape, two tables. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { makerFollows, profiles, topicFollows, topics, users } from '../../db/schema.ts';
import { type Keyset, afterKeyset } from '../../lib/keyset-cursor.ts';

export type FollowKind = 'maker' | 'topic';

/** Each kind's table, its followed column, and the table a followed id must exist in. */
const KINDS = {
  maker: { follows: makerFollows, followed: makerFollows.makerId, column: sql.raw('maker_id'), target: users, targetId: users.id, cast: sql`` },
  topic: { follows: topicFollows, followed: topicFollows.topicId, column: sql.raw('topic_id'), target: topics, targetId: topics.id, cast: sql`::uuid` },
} as const;

/** Follows `id` for `followerId`; false when there is no such maker or topic. Following twice keeps the first date. */
export async function insertFollow(db: Db, kind: FollowKind, followerId: string, id: string): Promise<boolean> {
  const k = KINDS[kind];
  await db.execute(sql`
    insert into ${k.follows} (follower_id, ${k.column})
    select ${followerId}, ${k.targetId} from ${k.target} where ${k.targetId} = ${id}${k.cast}
    on conflict (follower_id, ${k.column}) do nothing`);
  return (await followState(db, kind, followerId, id)).following;
}

export async function deleteFollow(db: Db, kind: FollowKind, followerId: string, id: string): Promise<void> {
  const k = KINDS[kind];
  await db.delete(k.follows).where(and(eq(k.follows.followerId, followerId), eq(k.followed, id)));
}

/** Whether `followerId` follows `id` (false for visitors) and its follower count, in one statement. */
export async function followState(db: Db, kind: FollowKind, followerId: string | null, id: string) {
  const k = KINDS[kind];
  const result = (await db.execute(sql`
    select
      (select count(*)::int from ${k.follows} where ${k.column} = ${id}${k.cast}) as "followerCount",
      ${followerId === null ? sql`false` : sql`exists (select 1 from ${k.follows} where follower_id = ${followerId} and ${k.column} = ${id}${k.cast})`} as "following"`)) as unknown as {
    rows: { followerCount: number; following: boolean }[];
  };
  const row = result.rows[0];
  return { following: Boolean(row?.following), followerCount: Number(row?.followerCount ?? 0) };
}

/** The makers a person follows, latest followed first, keyset paged on (followed at, maker id). */
export async function listFollowedMakers(db: Db, f: { followerId: string; after?: Keyset; limit: number }) {
  const where = [eq(makerFollows.followerId, f.followerId)];
  if (f.after) where.push(afterKeyset(makerFollows.createdAt, makerFollows.makerId, f.after));
  return db
    .select({ id: makerFollows.makerId, name: profiles.fullName, createdAt: makerFollows.createdAt })
    .from(makerFollows)
    .leftJoin(profiles, eq(profiles.userId, makerFollows.makerId))
    .where(and(...where))
    .orderBy(desc(makerFollows.createdAt), desc(makerFollows.makerId))
    .limit(f.limit + 1);
}

/** The topics a person follows, latest followed first, keyset paged on (followed at, topic id). */
export async function listFollowedTopics(db: Db, f: { followerId: string; after?: Keyset; limit: number }) {
  const where = [eq(topicFollows.followerId, f.followerId)];
  if (f.after) where.push(afterKeyset(topicFollows.createdAt, topicFollows.topicId, f.after));
  return db
    .select({ id: topicFollows.topicId, name: topics.name, slug: topics.slug, createdAt: topicFollows.createdAt })
    .from(topicFollows)
    .innerJoin(topics, eq(topics.id, topicFollows.topicId))
    .where(and(...where))
    .orderBy(desc(topicFollows.createdAt), desc(topicFollows.topicId))
    .limit(f.limit + 1);
}
