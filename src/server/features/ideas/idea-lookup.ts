/** The few facts about an item that likes, ratings and the discussion need, with one 404 for all. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ideas } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { IDEA_NOT_FOUND } from './service.ts';


export async function findIdeaOwner(db: Db, id: string): Promise<{ id: string; userId: string } | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select({ id: ideas.id, userId: ideas.userId }).from(ideas).where(eq(ideas.id, id)).limit(1);
  return row ?? null;
}

/** The item, or 404 'The idea you're looking for doesn't exist or has been removed.' */
export async function requireIdea(db: Db, id: string): Promise<{ id: string; userId: string }> {
  const row = await findIdeaOwner(db, id);
  if (!row) throw notFound(IDEA_NOT_FOUND);
  return row;
}
