/** Rules for reading ideas: paging, filtering, what a viewer may see of the creator. */
import { DESCRIPTION_PREVIEW_LENGTH } from '../../../shared/constants.ts';
import type { GalleryImage, IdeaCard, IdeaDetail, IdeaListQuery, IdeaListResponse, OwnIdea } from '../../../shared/schemas/ideas.ts';
import type { TopicRef } from '../../../shared/schemas/topics.ts';
import { shownWebsite } from '../../../shared/rules/website-address.ts';
import type { Viewer } from '../../app-env.ts';
import { topicIdOf } from '../topics/index.ts';
import type { Db } from '../../db/client.ts';
import { thumbnailUrlFor } from '../../lib/storage.ts';
import { avatarUrlOf } from '../../lib/square-photo.ts';
import { shownImageUrl } from './image-url.ts';
import { decodeCursor, decodeRankCursor, encodeCursor, encodeRankCursor } from '../../lib/keyset-cursor.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { FOLLOWING_FEED_SIGN_IN_REQUIRED } from '../../../shared/constants.ts';
import type { Logger } from '../../logger.ts';
import { fullTextScopeOf, hasFullAccess, premiumThreshold as readPremiumThreshold } from '../../lib/content-access.ts';
import { findIdea, type IdeaCardRow, type IdeaFullRow, listIdeas, type ListSort } from './queries.ts';

/** A card row, with the viewer's saved/liked state when the query joined it (null otherwise). */
type CardRow = Omit<IdeaCardRow, 'viewerSaved' | 'viewerLiked'> & { viewerSaved?: boolean | null; viewerLiked?: boolean | null };

/** The card's topics column (json: a driver may hand it over parsed or as text). */
function topicRefsOf(value: unknown): TopicRef[] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? (list as TopicRef[]).map((t) => ({ slug: t.slug, name: t.name })) : [];
}

export function toIdeaCard(row: CardRow, viewer: Viewer | null): IdeaCard {
  const state =
    viewer && row.viewerSaved !== null && row.viewerSaved !== undefined
      ? { viewer: { saved: Boolean(row.viewerSaved), liked: Boolean(row.viewerLiked), own: row.userId === viewer.userId } }
      : {};
  const imageUrl = shownImageUrl(row.imageUrl);
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    price: Number(row.price),
    currency: row.currency as IdeaCard['currency'],
    category: row.category as IdeaCard['category'],
    imageUrl,
    thumbnailUrl: thumbnailUrlFor(imageUrl),
    rating: row.rating === null ? null : Number(row.rating),
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    ratingCount: row.ratingCount,
    ratingAverage: row.ratingCount > 0 ? Math.round((row.ratingTotal / row.ratingCount) * 10) / 10 : null,
    createdAt: row.createdAt.toISOString(),
    topics: topicRefsOf(row.topics),
    creator: {
      id: row.userId,
      name: row.creatorName?.trim() ? row.creatorName : null,
      avatarUrl: avatarUrlOf(row.creatorPhotoUrl),
      // Visitors are told to sign in to see contact details (SPEC §6), so they never receive them.
      contactInfo: viewer ? (row.creatorContactInfo ?? null) : null,
    },
    ...state,
  };
}

/** An item as its owner (or an admin) manages it: the card plus the full texts. */
/** The gallery as readers get it, cover first: only addresses that pass the image rule today, each with its thumbnail. */
export function galleryOf(row: Pick<IdeaFullRow, 'imageUrl' | 'galleryUrls'>): GalleryImage[] {
  const images: GalleryImage[] = [];
  for (const stored of [row.imageUrl, ...(row.galleryUrls ?? [])]) {
    const url = shownImageUrl(stored);
    if (url) images.push({ url, thumbnailUrl: thumbnailUrlFor(url) ?? url });
  }
  return images;
}

export function toOwnIdea(row: IdeaFullRow, viewer: Viewer | null): OwnIdea {
  return {
    ...toIdeaCard(row, viewer),
    description: row.description,
    projectDetails: row.projectDetails,
    images: galleryOf(row),
    websiteUrl: shownWebsite(row.websiteUrl),
  };
}

export async function browseIdeas(
  db: Db,
  query: IdeaListQuery,
  viewer: Viewer | null,
  logger: Logger,
  scope: { userId?: string } = {},
): Promise<IdeaListResponse> {
  const following = query.feed === 'following';
  if (following && !viewer) throw unauthorized(FOLLOWING_FEED_SIGN_IN_REQUIRED);
  const sort: ListSort = following ? { by: 'newest' } : query.sort === 'top' ? { by: 'top', window: query.window } : { by: query.sort };
  const after = !query.cursor ? undefined : sort.by === 'newest' ? decodeCursor(query.cursor) : decodeRankCursor(query.cursor, sort.by);
  const rows = await listIdeas(db, {
    category: query.category === 'all' ? undefined : query.category,
    search: query.q && !following ? { text: query.q, scope: await fullTextScopeOf(db, viewer, logger) } : undefined,
    following,
    userId: scope.userId,
    topicId: query.topic ? await topicIdOf(db, query.topic) : undefined,
    price:
      query.currency || query.minPrice !== undefined || query.maxPrice !== undefined
        ? { currency: query.currency, min: query.minPrice, max: query.maxPrice }
        : undefined,
    sort,
    after,
    limit: query.limit,
    viewerId: viewer?.userId,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toIdeaCard(r, viewer)),
    nextCursor: rows.length > query.limit && last ? cursorAfter(sort, last) : null,
  };
}

/** The cursor that continues a list after `row`, in the list's own order. */
function cursorAfter(sort: ListSort, row: { createdAt: Date; id: string; rankLikes: number | null; rankScore: number | null }): string {
  if (sort.by === 'newest') return encodeCursor({ createdAt: row.createdAt, id: row.id });
  const rank = sort.by === 'top' ? row.rankLikes : row.rankScore;
  return encodeRankCursor({ sort: sort.by, rank: Number(rank), createdAt: row.createdAt, id: row.id });
}

export const IDEA_NOT_FOUND = "The idea you're looking for doesn't exist or has been removed.";

/** One item for its details page, with the description cut for viewers who are not entitled. */
export async function getIdeaDetail(
  db: Db,
  id: string,
  viewer: Viewer | null,
  logger: Logger,
  threshold?: number,
): Promise<IdeaDetail> {
  const row = await findIdea(db, id, viewer?.userId);
  if (!row) throw notFound(IDEA_NOT_FOUND);
  // The admin setting (default 20) unless the caller passes one.
  const premiumThreshold = threshold ?? (await readPremiumThreshold(db, logger));
  // The viewer's item count and rating came with the row (one statement for the whole answer).
  const itemCount = viewer ? (row.viewerItemCount ?? 0) : null;
  const access = { fullAccess: viewer ? hasFullAccess(viewer, row.userId, itemCount ?? 0, premiumThreshold, row.viewerPurchased === true) : false, itemCount };
  const { excerpt: _excerpt, viewer: viewerState, ...card } = toIdeaCard(row, viewer);
  const rating = viewer ? row.viewerRating : null;
  const truncated = !access.fullAccess && [...row.description].length > DESCRIPTION_PREVIEW_LENGTH;
  return {
    ...card,
    description: access.fullAccess ? row.description : [...row.description].slice(0, DESCRIPTION_PREVIEW_LENGTH).join(''),
    descriptionTruncated: truncated,
    projectDetails: access.fullAccess ? row.projectDetails : null,
    images: galleryOf(row),
    websiteUrl: shownWebsite(row.websiteUrl),
    fullAccess: access.fullAccess,
    isOwner: viewer?.userId === row.userId,
    viewerItemCount: access.itemCount,
    premiumThreshold,
    ...(viewerState ? { viewer: { ...viewerState, rating } } : {}),
  };
}
