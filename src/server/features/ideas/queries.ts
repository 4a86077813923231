/** SQL for ideas. Lists are keyset-paged, newest first; nothing selects every row. */
import { and, desc, eq, ilike, or, type Placeholder, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ideaRanks, ideas, ideaTopics, likes, makerFollows, profiles, ratings, savedItems, topicFollows, topics } from '../../db/schema.ts';
import { type Keyset, olderThan, type RankKeyset } from '../../lib/keyset-cursor.ts';
import { isUuid } from '../../lib/ids.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, type TopWindow } from '../../../shared/schemas/ideas.ts';
import type { Currency } from '../../../shared/constants.ts';
import { DESCRIPTION_PREVIEW_LENGTH } from '../../../shared/constants.ts';
import { type FullTextScope, ownItemCount, purchasedBy, readableInFull } from '../../lib/content-access.ts';

export interface ListIdeasFilter {
  category?: 'idea' | 'product';
  /** Free text, matched only where the viewer may read (searchMatch). */
  search?: { text: string; scope: FullTextScope };
  userId?: string;
  /** Price bounds (issue 16): within one currency, or on each item's own amount with none; a currency alone narrows to it. */
  price?: PriceFilter;
  /** Only items carrying this topic (its id; issue 27). */
  topicId?: string;
  /** Newest first by default; 'top' within a window, or 'trending' (issue 16). */
  sort?: ListSort;
  after?: Keyset | RankKeyset;
  limit: number;
  /** The signed-in viewer: each card then carries whether they saved and liked it. */
  viewerId?: string;
  /** Only items of the makers and topics the viewer follows (home's Following feed); newest first. */
  following?: boolean;
}

/** A currency, a range, or both; a range without a currency bounds each item's amount in its own currency. */
export interface PriceFilter {
  currency?: Currency;
  min?: number;
  max?: number;
}

export type ListSort = { by: 'newest' } | { by: 'trending' } | { by: 'top'; window: TopWindow };

/** How far back 'Top' looks: its window as SQL written into the statement (never a parameter). */
const WINDOW_INTERVAL: Record<TopWindow, string | null> = { day: '24 hours', week: '7 days', month: '30 days', all: null };

/**
 * The start of a description everyone may read. The length is written into the SQL so the
 * expression is the one ideas_description_preview_trgm_idx is built on.
 */
export function descriptionPreview(): SQL<string> {
  return sql<string>`left(${ideas.description}, ${sql.raw(String(DESCRIPTION_PREVIEW_LENGTH))})`;
}

/**
 * A search's condition (issue 14): titles, and descriptions only as far as the viewer may read
 * them, so hidden text cannot be recovered by searching word by word. Without full access: the
 * preview (trigram-indexed) and the viewer's own items in full.
 */
export function searchMatch(pattern: string, scope: FullTextScope): SQL {
  if (scope.everyone) return or(ilike(ideas.title, pattern), ilike(ideas.description, pattern))!;
  return or(ilike(ideas.title, pattern), ilike(descriptionPreview(), pattern), and(readableInFull(scope), ilike(ideas.description, pattern)))!;
}

/** An item's topics as [{ slug, name }], in its author's order (a correlated subquery: one index range per card). */
function topicsOfItem(): SQL<unknown> {
  return sql<unknown>`coalesce((select json_agg(json_build_object('slug', ${topics.slug}, 'name', ${topics.name}) order by ${ideaTopics.position})
    from ${ideaTopics} join ${topics} on ${topics.id} = ${ideaTopics.topicId} where ${ideaTopics.ideaId} = ${ideas.id}), '[]'::json)`;
}

/** Items carrying the topic `topicId` (the idea_topics primary key answers it per item). */
function carriesTopic(ideaId: SQLWrapper, topicId: unknown): SQL {
  return sql`exists (select 1 from ${ideaTopics} where ${ideaTopics.ideaId} = ${ideaId} and ${ideaTopics.topicId} = ${topicId}::uuid)`;
}

export const ideaCardColumns = {
  id: ideas.id,
  title: ideas.title,
  excerpt: descriptionPreview(),
  price: ideas.price,
  currency: ideas.currency,
  category: ideas.category,
  imageUrl: ideas.imageUrl,
  rating: ideas.rating,
  likeCount: ideas.likeCount,
  commentCount: ideas.messageCount,
  ratingCount: ideas.ratingCount,
  ratingTotal: ideas.ratingTotal,
  createdAt: ideas.createdAt,
  userId: ideas.userId,
  creatorName: profiles.fullName,
  creatorPhotoUrl: profiles.photoUrl,
  creatorContactInfo: profiles.contactInfo,
  topics: topicsOfItem(),
};

/**
 * The viewer's own state on each row (saved, liked), read by two left joins in the same query
 * (one query per page, never one per card). Null for visitors: no joins then.
 */
export function viewerStateColumns(viewerId: unknown) {
  return viewerId
    ? {
        viewerSaved: sql<boolean | null>`(${savedItems.userId} is not null)`,
        viewerLiked: sql<boolean | null>`(${likes.id} is not null)`,
      }
    : { viewerSaved: sql<boolean | null>`null`, viewerLiked: sql<boolean | null>`null` };
}

export function savedByViewer(viewerId: string | Placeholder) {
  return and(eq(savedItems.ideaId, ideas.id), eq(savedItems.userId, viewerId));
}

export function likedByViewer(viewerId: string | Placeholder) {
  return and(eq(likes.ideaId, ideas.id), eq(likes.userId, viewerId));
}

/**
 * The list's query for one combination of filters, built once and kept as a named prepared
 * statement: PostgreSQL then plans it once per connection instead of on every request (planning
 * this join costs more than running it; bench/RESULTS.md). Searches are not prepared: a
 * generic plan cannot know how rare a word is, and the trigram index only pays for rare ones.
 *
 * The row limit is written into the statement, never a parameter: with `limit $1` PostgreSQL's
 * generic plan (used from the sixth execution on) assumes a tenth of the table will be read, and
 * chose a parallel plan that started two worker processes per request, many times slower
 * (bench/RESULTS.md). Two sizes keep the
 * statements few: a page of up to PAGE_SIZE_DEFAULT rows, or up to PAGE_SIZE_MAX; the caller
 * slices (one row beyond the page says whether there is a next one).
 */
export function listRowLimit(limit: number): number {
  return (limit <= PAGE_SIZE_DEFAULT ? PAGE_SIZE_DEFAULT : PAGE_SIZE_MAX) + 1;
}

function listStatement(db: Db, shape: ListShape) {
  const flags = [shape.category, shape.userId, shape.after, shape.viewer, shape.currency, shape.minPrice, shape.maxPrice, shape.following, shape.topic].map(Number).join('');
  const key = `ideas_list_${shape.sort}${shape.window ? `_${shape.window}` : ''}_${flags}_${shape.rows}`;
  return prepared(db, key, () => listQuery(db, shape, sql.placeholder).prepare(key));
}

interface ListShape {
  category: boolean;
  userId: boolean;
  after: boolean;
  viewer: boolean;
  currency: boolean;
  minPrice: boolean;
  maxPrice: boolean;
  /** The Following feed (newest first only): the viewer's followed makers' and topics' items. */
  following: boolean;
  topic: boolean;
  sort: ListSort['by'];
  /** Top's window; null for the other sorts. */
  window: TopWindow | null;
  /** Rows to read, written into the SQL (listRowLimit). */
  rows: number;
}

/** A value of the list's query: a placeholder in a prepared statement, the value itself in a search. */
type ValueOf = (name: keyof ListValues) => unknown;

export interface ListValues {
  category?: string;
  userId?: string;
  viewerId?: string;
  currency?: string;
  minPrice?: number;
  maxPrice?: number;
  topicId?: string;
  afterRank?: number;
  afterCreatedAt?: string;
  afterId?: string;
}

/**
 * The list's query for one shape (exported for its SQL's test). Newest first reads ideas by their
 * (created_at, id) indexes; 'Trending' and 'Top' walk idea_ranks' indexes and join each item's row
 * (decision 0020). Ties go to the newest, then the highest id, so every order is total and keyset
 * cursors neither repeat nor skip an item.
 */
export function listQuery(db: Db, shape: ListShape, value: ValueOf, extra?: SQL) {
  const ranked = shape.sort !== 'newest';
  const where: SQL[] = [];
  // Ranked sorts filter on the rank row (its own copy of category, price and currency).
  const col = ranked
    ? { category: ideaRanks.category, currency: ideaRanks.currency, price: ideaRanks.price, createdAt: ideaRanks.createdAt, id: ideaRanks.ideaId, userId: ideaRanks.userId }
    : { category: ideas.category, currency: ideas.currency, price: ideas.price, createdAt: ideas.createdAt, id: ideas.id, userId: ideas.userId };
  if (shape.category) where.push(sql`${col.category} = ${value('category')}`);
  if (shape.userId) where.push(sql`${col.userId} = ${value('userId')}`);
  if (shape.currency) where.push(sql`${col.currency} = ${value('currency')}`);
  if (shape.minPrice) where.push(sql`${col.price} >= ${value('minPrice')}::numeric`);
  if (shape.maxPrice) where.push(sql`${col.price} <= ${value('maxPrice')}::numeric`);
  if (shape.topic) where.push(carriesTopic(col.id, value('topicId')));
  const windowInterval = shape.sort === 'top' && shape.window ? WINDOW_INTERVAL[shape.window] : null;
  if (windowInterval) where.push(sql`${ideaRanks.createdAt} >= now() - interval '${sql.raw(windowInterval)}'`);
  const after = { createdAt: sql`${value('afterCreatedAt')}::timestamptz`, id: sql`${value('afterId')}::uuid` };
  if (shape.after) {
    if (shape.sort === 'top') {
      where.push(sql`(${ideaRanks.likeCount}, ${ideaRanks.createdAt}, ${ideaRanks.ideaId}) < (${value('afterRank')}::int, ${after.createdAt}, ${after.id})`);
    } else if (shape.sort === 'trending') {
      where.push(sql`(${ideaRanks.trendingScore}, ${ideaRanks.createdAt}, ${ideaRanks.ideaId}) < (${value('afterRank')}::float8, ${after.createdAt}, ${after.id})`);
    } else {
      where.push(sql`(${ideas.createdAt}, ${ideas.id}) < (${after.createdAt}, ${after.id})`);
    }
  }
  if (shape.following) where.push(followedItems(shape, value));
  if (extra) where.push(extra);
  const rank = {
    rankLikes: ranked ? ideaRanks.likeCount : sql<number | null>`null`,
    rankScore: ranked ? ideaRanks.trendingScore : sql<number | null>`null`,
  };
  const columns = { ...ideaCardColumns, ...viewerStateColumns(shape.viewer), ...rank };
  let query = ranked
    ? db.select(columns).from(ideaRanks).innerJoin(ideas, eq(ideas.id, ideaRanks.ideaId)).leftJoin(profiles, eq(profiles.userId, ideas.userId)).$dynamic()
    : db.select(columns).from(ideas).leftJoin(profiles, eq(profiles.userId, ideas.userId)).$dynamic();
  if (shape.viewer) {
    const viewerId = value('viewerId') as string | Placeholder;
    query = query.leftJoin(savedItems, savedByViewer(viewerId)).leftJoin(likes, likedByViewer(viewerId));
  }
  const order =
    shape.sort === 'top'
      ? [desc(ideaRanks.likeCount), desc(ideaRanks.createdAt), desc(ideaRanks.ideaId)]
      : shape.sort === 'trending'
        ? [desc(ideaRanks.trendingScore), desc(ideaRanks.createdAt), desc(ideaRanks.ideaId)]
        : [desc(ideas.createdAt), desc(ideas.id)];
  return (
    query
      .where(where.length ? and(...where) : undefined)
      .orderBy(...order)
      // drizzle sends a number as a parameter; raw SQL is written into the statement as it is.
      // Its typings only name number | Placeholder, though it renders any SQL it is given.
      .limit(sql.raw(String(Math.trunc(shape.rows))) as unknown as number)
  );
}

/**
 * The Following feed's condition (issue 28, decision 0046): the item is among the newest page of
 * some followed maker's items, or of some followed topic's. Each maker's page is read from
 * ideas_user_id_created_at_idx and each topic's from idea_topics_topic_created_at_idx (the links
 * carry their item's created_at; the other filters and the cursor applied inside), so a page costs the viewer's follows times the page size; the
 * outer query then orders those few rows and keeps a page. An item both branches find is one id
 * in the array, so it is listed once.
 */
function followedItems(shape: ListShape, value: ValueOf): SQL {
  const filters: SQL[] = [];
  if (shape.category) filters.push(sql`own.category = ${value('category')}`);
  if (shape.currency) filters.push(sql`own.currency = ${value('currency')}`);
  if (shape.minPrice) filters.push(sql`own.price >= ${value('minPrice')}::numeric`);
  if (shape.maxPrice) filters.push(sql`own.price <= ${value('maxPrice')}::numeric`);
  const after = shape.after ? [sql`(own.created_at, own.id) < (${value('afterCreatedAt')}::timestamptz, ${value('afterId')}::uuid)`] : [];
  const linkAfter = shape.after ? [sql`(link.created_at, link.idea_id) < (${value('afterCreatedAt')}::timestamptz, ${value('afterId')}::uuid)`] : [];
  const rows = sql.raw(String(Math.trunc(shape.rows)));
  const viewerId = value('viewerId');
  // = any(array(...)): the followed items are gathered first (an InitPlan), then read by the primary key.
  return sql`${ideas.id} = any(array(
    select newest.id from ${makerFollows} as follows
    cross join lateral (
      select own.id from ${ideas} as own where ${and(sql`own.user_id = follows.maker_id`, ...filters, ...after)}
      order by own.created_at desc, own.id desc limit ${rows}
    ) as newest
    where follows.follower_id = ${viewerId}
    union
    select newest.id from ${topicFollows} as follows
    cross join lateral (
      select link.idea_id as id from ${ideaTopics} as link${filters.length ? sql` join ${ideas} as own on own.id = link.idea_id` : sql``}
      where ${and(sql`link.topic_id = follows.topic_id`, ...filters, ...linkAfter)}
      order by link.created_at desc, link.idea_id desc limit ${rows}
    ) as newest
    where follows.follower_id = ${viewerId}))`;
}

/** A prepared query (drizzle's prepared statement, reduced to what is called here). */
interface PreparedQuery {
  execute(values: Record<string, unknown>): Promise<unknown>;
}
const preparedByDb = new WeakMap<Db, Map<string, PreparedQuery>>();

/** The statement named `key` on this database (or transaction), built once. */
function prepared(db: Db, key: string, build: () => PreparedQuery): PreparedQuery {
  let statements = preparedByDb.get(db);
  if (!statements) preparedByDb.set(db, (statements = new Map()));
  let statement = statements.get(key);
  if (!statement) statements.set(key, (statement = build()));
  return statement;
}

function shapeOf(f: ListIdeasFilter, rows: number): ListShape {
  const sort = f.sort ?? { by: 'newest' as const };
  return {
    category: !!f.category,
    userId: !!f.userId,
    after: !!f.after,
    viewer: !!f.viewerId,
    currency: !!f.price?.currency,
    minPrice: f.price?.min !== undefined,
    maxPrice: f.price?.max !== undefined,
    following: !!f.following,
    topic: !!f.topicId,
    sort: sort.by,
    window: sort.by === 'top' ? sort.window : null,
    rows,
  };
}

function valuesOf(f: ListIdeasFilter): ListValues {
  return {
    category: f.category,
    userId: f.userId,
    viewerId: f.viewerId,
    currency: f.price?.currency,
    minPrice: f.price?.min,
    maxPrice: f.price?.max,
    topicId: f.topicId,
    afterRank: f.after && 'rank' in f.after ? f.after.rank : undefined,
    afterCreatedAt: f.after?.createdAt.toISOString(),
    afterId: f.after?.id,
  };
}

export async function listIdeas(db: Db, f: ListIdeasFilter) {
  const values = valuesOf(f);
  if (!f.search) {
    const statement = listStatement(db, shapeOf(f, listRowLimit(f.limit)));
    return (await statement.execute(values as Record<string, unknown>)) as Awaited<ReturnType<typeof searchIdeas>>;
  }
  return searchIdeas(db, f, values);
}

/** Searches are not prepared (listStatement says why): the same query, values in place. */
async function searchIdeas(db: Db, f: ListIdeasFilter, values: ListValues) {
  const match = f.search ? searchMatch(containsPattern(f.search.text), f.search.scope) : undefined;
  return listQuery(db, shapeOf(f, f.limit + 1), (name) => values[name], match);
}

/** A card's row (the list's rank columns left out: other lists have none). */
export type IdeaCardRow = Omit<Awaited<ReturnType<typeof listIdeas>>[number], 'rankLikes' | 'rankScore'>;

/** The owner's items with their full texts (dashboard), newest first, keyset paged. */
export async function listOwnIdeas(db: Db, f: { userId: string; after?: Keyset; limit: number }) {
  const where: SQL[] = [eq(ideas.userId, f.userId)];
  if (f.after) where.push(olderThan(ideas.createdAt, ideas.id, f.after));
  return db
    .select({
      ...ideaCardColumns,
      ...viewerStateColumns(f.userId),
      description: ideas.description,
      projectDetails: ideas.projectDetails,
      galleryUrls: ideas.galleryUrls,
      websiteUrl: ideas.websiteUrl,
    })
    .from(ideas)
    .leftJoin(profiles, eq(profiles.userId, ideas.userId))
    .leftJoin(savedItems, savedByViewer(f.userId))
    .leftJoin(likes, likedByViewer(f.userId))
    .where(and(...where))
    .orderBy(desc(ideas.createdAt), desc(ideas.id))
    .limit(f.limit + 1);
}

/**
 * One item with its full texts and, for a signed-in viewer, whether they saved and liked it, their
 * rating of it and how many items they have shared (the premium check): one prepared statement
 * for the whole details answer, as the list.
 */
export async function findIdea(db: Db, id: string, viewerId?: string) {
  if (!isUuid(id)) return null;
  const key = viewerId ? 'ideas_find_viewer' : 'ideas_find';
  const statement = prepared(db, key, () => {
    const viewer = sql.placeholder('viewerId');
    const viewerColumns = viewerId
      ? {
          viewerRating: sql<number | null>`(select ${ratings.value} from ${ratings} where ${ratings.ideaId} = ${ideas.id} and ${ratings.userId} = ${viewer})`,
          viewerItemCount: ownItemCount(viewer),
          viewerPurchased: purchasedBy(viewer, ideas.id),
        }
      : { viewerRating: sql<number | null>`null`, viewerItemCount: sql<number | null>`null`, viewerPurchased: sql<boolean>`false` };
    let query = db
      .select({
        ...ideaCardColumns,
        ...viewerStateColumns(viewerId),
        ...viewerColumns,
        description: ideas.description,
        projectDetails: ideas.projectDetails,
        galleryUrls: ideas.galleryUrls,
        websiteUrl: ideas.websiteUrl,
      })
      .from(ideas)
      .leftJoin(profiles, eq(profiles.userId, ideas.userId))
      .$dynamic();
    if (viewerId) query = query.leftJoin(savedItems, savedByViewer(viewer)).leftJoin(likes, likedByViewer(viewer));
    return query.where(sql`${ideas.id} = ${sql.placeholder('id')}::uuid`).limit(1).prepare(key);
  });
  const rows = (await statement.execute({ id, viewerId })) as (IdeaFullRow & { viewerRating: number | null; viewerItemCount: number | null; viewerPurchased: boolean })[];
  return rows[0] ?? null;
}

/** An item's row with its full texts: a card's columns, the description and the project details. */
export type IdeaFullRow = IdeaCardRow & Pick<typeof ideas.$inferSelect, 'description' | 'projectDetails' | 'galleryUrls' | 'websiteUrl'>;

/** The dashboard's stat cards: the person's items by category (served by ideas_user_id_category_created_at_idx). */
export async function countOwnByCategory(db: Db, userId: string) {
  const [row] = await db
    .select({
      ideas: sql<number>`count(*) filter (where ${ideas.category} = 'idea')::int`,
      products: sql<number>`count(*) filter (where ${ideas.category} = 'product')::int`,
    })
    .from(ideas)
    .where(eq(ideas.userId, userId));
  return { ideas: row?.ideas ?? 0, products: row?.products ?? 0 };
}
