/** SQL for feeds and sitemaps: newest items for a feed, items in creation order for sitemap files. */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ideas, profiles } from '../../db/schema.ts';
import type { Keyset } from '../ideas/cursor.ts';
import { descriptionPreview } from '../ideas/queries.ts';

export const FEED_ENTRIES = 50;

/**
 * The newest FEED_ENTRIES items (of a category, or of one maker) with what an entry shows. The
 * description is only ever its preview: feeds are read by anyone, so they carry what a visitor may.
 */
export async function newestForFeed(db: Db, f: { category?: 'idea' | 'product'; userId?: string }) {
  const where: SQL[] = [];
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

/** Whether there are more than `n` items (reads at most n + 1 index entries). */
export async function hasMoreItemsThan(db: Db, n: number): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`(select 1 from ${ideas} limit ${n + 1}) as some_items`);
  return (row?.n ?? 0) > n;
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
