/** SQL for bookmarks (saved_items). */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ideas, likes, profiles, savedItems } from '../../db/schema.ts';
import { type Keyset, olderThan } from '../../lib/keyset-cursor.ts';
import { ideaCardColumns, likedByViewer } from '../ideas/index.ts';

/** Saves the item for the person; false when there is no such item. Saving twice changes nothing. */
export async function saveIdea(db: Db, userId: string, ideaId: string): Promise<boolean> {
  // insert ... select: a missing item inserts nothing; an existing bookmark keeps its date.
  await db.execute(sql`
    insert into ${savedItems} (user_id, idea_id)
    select ${userId}, ${ideas.id} from ${ideas} where ${ideas.id} = ${ideaId}
    on conflict (user_id, idea_id) do nothing`);
  const [row] = await db
    .select({ ideaId: savedItems.ideaId })
    .from(savedItems)
    .where(and(eq(savedItems.userId, userId), eq(savedItems.ideaId, ideaId)))
    .limit(1);
  return Boolean(row);
}

export async function unsaveIdea(db: Db, userId: string, ideaId: string): Promise<void> {
  await db.delete(savedItems).where(and(eq(savedItems.userId, userId), eq(savedItems.ideaId, ideaId)));
}

/** The person's saved items, newest saved first, keyset paged on (saved_items.created_at, idea id). */
export async function listSaved(db: Db, f: { userId: string; after?: Keyset; limit: number }) {
  const where = [eq(savedItems.userId, f.userId)];
  if (f.after) where.push(olderThan(savedItems.createdAt, savedItems.ideaId, f.after));
  return db
    .select({
      ...ideaCardColumns,
      savedAt: savedItems.createdAt,
      viewerSaved: sql<boolean | null>`true`,
      viewerLiked: sql<boolean | null>`(${likes.id} is not null)`,
    })
    .from(savedItems)
    .innerJoin(ideas, eq(ideas.id, savedItems.ideaId))
    .leftJoin(profiles, eq(profiles.userId, ideas.userId))
    .leftJoin(likes, likedByViewer(f.userId))
    .where(and(...where))
    .orderBy(desc(savedItems.createdAt), desc(savedItems.ideaId))
    .limit(f.limit + 1);
}
