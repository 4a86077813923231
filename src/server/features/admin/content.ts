/** Content (SPEC §2 Content 'Content Management'): counters, search, category filter, removal. */
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { averageRating } from '../../../shared/rules/analytics.ts';
import type {
  AdminContent,
  AdminContentPage,
  AdminContentQuery,
  ContentCounts,
} from '../../../shared/schemas/admin.ts';
import type { Db } from '../../db/client.ts';
import { ideas, profiles, users } from '../../db/schema.ts';
import { displayName } from '../../lib/display-name.ts';
import { thumbnailUrlFor } from '../../lib/storage.ts';
import type { FullTextScope } from '../../lib/content-access.ts';
import { shownImageUrl } from '../ideas/index.ts';
import { descriptionPreview, searchMatch } from '../ideas/index.ts';
import type { Viewer } from '../../app-env.ts';
import { afterKeyset, decodeCursor, toPage } from '../../lib/keyset-cursor.ts';
import { containsPattern } from '../../lib/like-pattern.ts';

/** Total Content, Ideas, Products, Total Likes: one pass over ideas (likes from the kept counters). */
export async function contentCounts(db: Db): Promise<ContentCounts> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      ideas: sql<number>`count(*) filter (where ${ideas.category} = 'idea')::int`,
      products: sql<number>`count(*) filter (where ${ideas.category} = 'product')::int`,
      totalLikes: sql<number>`coalesce(sum(${ideas.likeCount}), 0)::int`,
    })
    .from(ideas);
  return row ?? { total: 0, ideas: 0, products: 0, totalLikes: 0 };
}

/**
 * Newest first, keyset paged; search over title, description and creator name, wildcards escaped.
 * Descriptions are matched and shown only as far as the staff member may read them (`scope`:
 * a moderator who is not premium gets the 100-character preview), and only admins get creators'
 * email addresses (issue 14: moderators get what moderation needs).
 */
export async function listContent(db: Db, query: AdminContentQuery, viewer: Viewer, scope: FullTextScope): Promise<AdminContentPage> {
  const where: SQL[] = [];
  if (query.category !== 'all') where.push(eq(ideas.category, query.category));
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.push(or(searchMatch(pattern, scope), ilike(profiles.fullName, pattern), ilike(users.name, pattern))!);
  }
  if (query.cursor) where.push(afterKeyset(ideas.createdAt, ideas.id, decodeCursor(query.cursor)));
  const rows = await db
    .select({
      id: ideas.id,
      title: ideas.title,
      excerpt: scope.everyone ? sql<string>`left(${ideas.description}, 140)` : descriptionPreview(),
      category: ideas.category,
      price: ideas.price,
      currency: ideas.currency,
      imageUrl: ideas.imageUrl,
      likeCount: ideas.likeCount,
      ratingCount: ideas.ratingCount,
      ratingTotal: ideas.ratingTotal,
      createdAt: ideas.createdAt,
      creatorId: ideas.userId,
      creatorName: displayName(profiles.fullName, users.name),
      creatorEmail: viewer.role === 'admin' ? users.email : sql<string | null>`null`,
    })
    .from(ideas)
    .leftJoin(profiles, eq(profiles.userId, ideas.userId))
    .leftJoin(users, eq(users.id, ideas.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(ideas.createdAt), desc(ideas.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (r): AdminContent => ({
    id: r.id,
    title: r.title,
    excerpt: r.excerpt,
    category: r.category as AdminContent['category'],
    price: Number(r.price),
    currency: r.currency as AdminContent['currency'],
    thumbnailUrl: thumbnailUrlFor(shownImageUrl(r.imageUrl)),
    likeCount: r.likeCount,
    ratingAverage: averageRating(r.ratingTotal, r.ratingCount),
    ratingCount: r.ratingCount,
    createdAt: r.createdAt.toISOString(),
    creator: { id: r.creatorId, name: r.creatorName, email: r.creatorEmail ?? null },
  }));
}
