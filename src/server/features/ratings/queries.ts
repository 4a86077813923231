import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ratings } from '../../db/schema.ts';

/** The viewer's own stars on an item, or null. */
export async function viewerRating(db: Db, ideaId: string, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ value: ratings.value })
    .from(ratings)
    .where(and(eq(ratings.ideaId, ideaId), eq(ratings.userId, userId)))
    .limit(1);
  return row?.value ?? null;
}
