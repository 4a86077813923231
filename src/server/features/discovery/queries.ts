/** SQL for feeds and sitemaps: newest items for a feed, items in creation order and makers in id order for sitemap files. */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ideas, ideaTopics, profiles, topics } from '../../db/schema.ts';
import type { Keyset } from '../../lib/keyset-cursor.ts';
import { descriptionPreview } from '../ideas/index.ts';
import { makerPageOpens } from '../makers/index.ts';

export const FEED_ENTRIES = 50;

/**
 * The newest FEED_ENTRIES items (of a category, or of one maker) with what an entry shows. The
 * description is only ever its preview: feeds are read by anyone, so they carry what a visitor may.
 */
export async function newestForFeed(db: Db, f: { category?: 'idea' | 'product'; userId?: string; topicId?: string }) {
  const where: SQL[] = [];
  if (f.topicId) where.push(sql`exists (select 1 from ${ideaTopics} where ${ideaTopics.ideaId} = ${ideas.id} and ${ideaTopics.topicId} = ${f.topicId}::uuid)`);
  if (f.category) where.push(eq(ideas.category, f.category));
  if (f.userId) where.push(eq(ideas.userId, f.userId));
  return db
    .select({
      id: ideas.id,
      title: ideas.title,
      preview: descriptionPreview(),
      price: ideas.price,
      currency: ideas.currency,
      category: ideas.category,
      imageUrl: ideas.imageUrl,
      createdAt: ideas.createdAt,
      updatedAt: ideas.updatedAt,
      userId: ideas.userId,
      creatorName: profiles.fullName,
    })
    .from(ideas)
    .leftJoin(profiles, eq(profiles.userId, ideas.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(ideas.createdAt), desc(ideas.id))
    .limit(FEED_ENTRIES);
}

/** How many items there are, counting no further than n + 1 (reads at most n + 1 index entries). */
export async function countItemsUpTo(db: Db, n: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`(select 1 from ${ideas} limit ${n + 1}) as some_items`);
  return row?.n ?? 0;
}

/** Up to `limit` items after `after` in creation order (oldest first): a chunk of a sitemap file. */
export async function itemsAfter(db: Db, after: Keyset | null, limit: number) {
  return db
    .select({ id: ideas.id, createdAt: ideas.createdAt, updatedAt: ideas.updatedAt })
    .from(ideas)
    .where(after ? sql`(${ideas.createdAt}, ${ideas.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined)
    .orderBy(asc(ideas.createdAt), asc(ideas.id))
    .limit(limit);
}

/**
 * Where each sitemap file of items ends: every `perFile`-th item in creation order, from one pass
 * over the (created_at, id) index (numbered as it is read, never sorted or held), of which only
 * those boundaries come back: a file's worth of rows is never read into the app at once.
 */
export async function fileBoundaries(db: Db, perFile: number): Promise<Keyset[]> {
  const rows = (await db.execute(sql`
    select created_at, id from (
      select ${ideas.createdAt} as created_at, ${ideas.id} as id, row_number() over (order by ${ideas.createdAt}, ${ideas.id}) as n from ${ideas}
    ) numbered
    where n % ${perFile} = 0
    order by created_at, id`)) as unknown as { rows: { created_at: Date | string; id: string }[] };
  return rows.rows.map((r) => ({ createdAt: new Date(r.created_at), id: r.id }));
}

/**
 * Every person with an item, after `after` in user_id order, with the updated_at of their newest
 * item: a skip-scan of ideas (user_id, created_at desc, id desc). Each step is one descent of that
 * index to the first entry past the previous maker (their newest item) and one heap read for its
 * updated_at; the items in between are never read. The recursion runs only as far as the query
 * that reads `walk` asks (a LIMIT stops it) and makes the makers in user_id order. Callers read
 * `walk` with no ORDER BY and no join: its CTE Scan returns rows in the order they were made, where
 * an ORDER BY would walk every maker to sort them and a join may reorder them (hence the scalar
 * subqueries, in makerPageOpens too). The sitemap tests fail if that order is lost.
 * EXPLAIN ANALYZE on PostgreSQL 15, 1,000,000 items of 9,000 makers (10,000 people), makersAfter(null, 5000):
 *   Limit (rows=5000)
 *     CTE walk -> Recursive Union (rows=5000)
 *       -> Limit -> Index Scan using ideas_user_id_created_at_idx on ideas (loops=1)
 *       -> Nested Loop -> WorkTable Scan on walk
 *                      -> Limit -> Index Scan using ideas_user_id_created_at_idx on ideas i (loops=4999)
 *                                  Index Cond: (user_id > walk_1.user_id)
 *     -> CTE Scan on walk  Filter: (user_id ~ MAKER_ID) AND (SubPlan: Index Only Scan using users_pkey)
 *          SubPlan: Index Scan using profiles_user_id_unique on profiles p (the profile's updated_at)
 *   No Seq Scan: a few buffers per maker for the walk. makerFileBoundaries walks all makers the same
 *   way under a WindowAgg (bench/RESULTS.md, 'Discovery').
 */
const makerWalk = (after: string | null) => sql`
  with recursive walk(user_id, updated_at) as (
    (select user_id, updated_at from ${ideas} ${after === null ? sql`` : sql`where user_id > ${after}`}
      order by user_id, created_at desc, id desc limit 1)
    union all
    select next.user_id, next.updated_at from walk cross join lateral (
      select i.user_id, i.updated_at from ${ideas} i where i.user_id > walk.user_id order by i.user_id, i.created_at desc, i.id desc limit 1
    ) next
  )`;

/** Makers whose page opens (the rule is getMaker's, makerPageOpens): people with an item only. */
const listable = makerPageOpens(sql`walk.user_id`);

/**
 * Up to `limit` listable makers after `after` in user_id order, each with lastmod: the newer of
 * their newest item's updated_at and their profile's (what a maker page shows: the profile, then
 * items newest first).
 */
export async function makersAfter(db: Db, after: string | null, limit: number): Promise<{ userId: string; lastmod: Date }[]> {
  const result = (await db.execute(sql`${makerWalk(after)}
    select walk.user_id, greatest(walk.updated_at, (select p.updated_at from ${profiles} p where p.user_id = walk.user_id)) as lastmod
    from walk where ${listable}
    limit ${limit}`)) as unknown as { rows: { user_id: string; lastmod: Date | string }[] };
  return result.rows.map((r) => ({ userId: r.user_id, lastmod: new Date(r.lastmod) }));
}

/** How many listable makers there are, counting no further than n + 1 (walks at most that many, plus unlisted ones). */
export async function countMakersUpTo(db: Db, n: number): Promise<number> {
  const result = (await db.execute(sql`${makerWalk(null)}
    select count(*)::int as n from (select 1 from walk where ${listable} limit ${n + 1}) some_makers`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Where each sitemap file of makers ends: the user id of every `perFile`-th listable maker, from
 * one walk over the makers (numbered as they come, never sorted or held): only those boundaries
 * come back.
 */
export async function makerFileBoundaries(db: Db, perFile: number): Promise<string[]> {
  const result = (await db.execute(sql`${makerWalk(null)}
    select user_id from (select walk.user_id, row_number() over () as n from walk where ${listable}) numbered
    where n % ${perFile} = 0`)) as unknown as { rows: { user_id: string }[] };
  return result.rows.map((r) => r.user_id);
}

/** Every topic's slug and its newest change (its own row's, or its newest item's), for the sitemap. */
export async function topicsForSitemap(db: Db) {
  return db
    .select({
      slug: topics.slug,
      lastmod: sql<Date>`greatest(${topics.updatedAt}, coalesce((select max(${ideas.updatedAt}) from ${ideaTopics} join ${ideas} on ${ideas.id} = ${ideaTopics.ideaId} where ${ideaTopics.topicId} = ${topics.id}), ${topics.updatedAt}))`.mapWith((v: unknown) => new Date(v as string)),
    })
    .from(topics)
    .orderBy(asc(topics.slug));
}
