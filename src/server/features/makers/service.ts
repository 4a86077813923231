/** Maker pages (issue 16): a person's public profile and their items, newest first. */
import { avatarUrlOf } from '../../lib/square-photo.ts';
import { MAKER_NOT_FOUND, type Maker } from '../../../shared/schemas/makers.ts';
import type { IdeaListResponse } from '../../../shared/schemas/ideas.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Logger } from '../../logger.ts';
import type { Viewer } from '../../app-env.ts';
import { browseIdeas } from '../ideas/index.ts';
import { findMaker, MAKER_ID, makerExists } from './queries.ts';

export async function getMaker(db: Db, userId: string, viewer: Viewer | null): Promise<Maker> {
  const row = MAKER_ID.test(userId) ? await findMaker(db, userId) : null;
  if (!row) throw notFound(MAKER_NOT_FOUND);
  const text = (v: string | null) => (v?.trim() ? v.trim() : null);
  return {
    id: row.id,
    name: text(row.name),
    avatarUrl: avatarUrlOf(row.photoUrl),
    bio: text(row.bio),
    industry: text(row.industry),
    skills: (row.skills ?? []).map((s) => s.trim()).filter(Boolean),
    country: text(row.country),
    joinedAt: row.joinedAt.toISOString(),
    // As the details page's creator block: contact info is for signed-in readers only; the phone never.
    contactInfo: viewer ? text(row.contactInfo) : null,
    totals: { items: row.items, likesReceived: row.likesReceived, followers: row.followers },
  };
}

/** A maker's items, newest first, keyset paged as home's list (an unknown maker is not found). */
export async function listMakerIdeas(
  db: Db,
  userId: string,
  page: { cursor?: string; limit: number },
  viewer: Viewer | null,
  logger: Logger,
): Promise<IdeaListResponse> {
  if (!MAKER_ID.test(userId) || !(await makerExists(db, userId))) throw notFound(MAKER_NOT_FOUND);
  const query = { category: 'all', sort: 'newest', window: 'week', cursor: page.cursor, limit: page.limit } as const;
  return browseIdeas(db, query, viewer, logger, { userId });
}
