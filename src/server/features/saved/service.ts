/**
 * Bookmarks (our reading of the card's bookmark button): a signed-in person saves items to the
 * dashboard's Saved tab. Saving and unsaving are idempotent; a missing item is 404.
 */
import type { IdeaListResponse } from '../../../shared/schemas/ideas.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { ideaExists } from '../ideas/index.ts';
import { isUuid } from '../../lib/ids.ts';
import { decodeCursor, toPage } from '../../lib/keyset-cursor.ts';
import type { Viewer } from '../../app-env.ts';
import { IDEA_NOT_FOUND, toIdeaCard } from '../ideas/index.ts';
import { listSaved, saveIdea, unsaveIdea } from './queries.ts';

export async function saveForViewer(db: Db, viewer: Viewer, ideaId: string): Promise<void> {
  if (!isUuid(ideaId) || !(await saveIdea(db, viewer.userId, ideaId))) throw notFound(IDEA_NOT_FOUND);
}

export async function unsaveForViewer(db: Db, viewer: Viewer, ideaId: string): Promise<void> {
  if (!isUuid(ideaId)) throw notFound(IDEA_NOT_FOUND);
  await unsaveIdea(db, viewer.userId, ideaId);
  // Unsaving an item that is not saved is fine; one that does not exist is not.
  if (!(await ideaExists(db, ideaId))) throw notFound(IDEA_NOT_FOUND);
}

export async function listSavedForViewer(db: Db, viewer: Viewer, page: { cursor?: string; limit: number }): Promise<IdeaListResponse> {
  const rows = await listSaved(db, {
    userId: viewer.userId,
    after: page.cursor ? decodeCursor(page.cursor) : undefined,
    limit: page.limit,
  });
  return toPage(rows, page.limit, (row) => toIdeaCard(row, viewer), (row) => ({ createdAt: row.savedAt, id: row.id }));
}
