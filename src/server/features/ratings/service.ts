/**
 * Ratings (our reading, issue 5): a signed-in person other than the owner gives an item 1 to 5
 * stars, may change or remove them; one rating per person per item (unique constraint). The
 * item's rating_count and rating_total move in the same transaction, under the item's row lock,
 * so concurrent changes to one item's ratings apply one after another and the counters stay exact.
 */
import { and, eq, sql } from 'drizzle-orm';
import { RATE_OWN_ITEM, RATE_SIGN_IN_REQUIRED, ratingAverage, type RatingSummary } from '../../../shared/schemas/engagement.ts';
import type { Db } from '../../db/client.ts';
import { ideas, ratings } from '../../db/schema.ts';
import { forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { Viewer } from '../../app-env.ts';
import { IDEA_NOT_FOUND } from '../ideas/index.ts';
import { isUuid } from '../../lib/ids.ts';
import { inTransaction } from '../../db/transaction.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function lockIdea(tx: Tx, ideaId: string) {
  const [idea] = await tx
    .select({ userId: ideas.userId })
    .from(ideas)
    .where(eq(ideas.id, ideaId))
    .for('update');
  if (!idea) throw notFound(IDEA_NOT_FOUND);
  return idea;
}

function mine(ideaId: string, userId: string) {
  return and(eq(ratings.ideaId, ideaId), eq(ratings.userId, userId));
}

async function adjust(tx: Tx, ideaId: string, countDelta: number, totalDelta: number, own: number | null): Promise<RatingSummary> {
  const [row] = await tx
    .update(ideas)
    .set({ ratingCount: sql`${ideas.ratingCount} + ${countDelta}`, ratingTotal: sql`${ideas.ratingTotal} + ${totalDelta}` })
    .where(eq(ideas.id, ideaId))
    .returning({ count: ideas.ratingCount, total: ideas.ratingTotal });
  if (!row) throw notFound(IDEA_NOT_FOUND);
  return { average: ratingAverage(row.total, row.count), count: row.count, mine: own };
}

/** Sets the viewer's stars on an item (insert or change). The owner may not rate their own item (403). */
export async function rateIdea(db: Db, ideaId: string, viewer: Viewer | null, value: number): Promise<RatingSummary> {
  if (!viewer) throw unauthorized(RATE_SIGN_IN_REQUIRED);
  if (!isUuid(ideaId)) throw notFound(IDEA_NOT_FOUND);
  return inTransaction(db, async (tx) => {
    const idea = await lockIdea(tx, ideaId);
    if (idea.userId === viewer.userId) throw forbidden(RATE_OWN_ITEM);
    const [old] = await tx.select({ value: ratings.value }).from(ratings).where(mine(ideaId, viewer.userId));
    if (old) {
      if (old.value !== value) {
        await tx.update(ratings).set({ value, updatedAt: new Date() }).where(mine(ideaId, viewer.userId));
      }
      return adjust(tx, ideaId, 0, value - old.value, value);
    }
    await tx.insert(ratings).values({ ideaId, userId: viewer.userId, value });
    return adjust(tx, ideaId, 1, value, value);
  });
}

/** Removes the viewer's rating, if any. */
export async function unrateIdea(db: Db, ideaId: string, viewer: Viewer | null): Promise<RatingSummary> {
  if (!viewer) throw unauthorized(RATE_SIGN_IN_REQUIRED);
  if (!isUuid(ideaId)) throw notFound(IDEA_NOT_FOUND);
  return inTransaction(db, async (tx) => {
    await lockIdea(tx, ideaId);
    const [removed] = await tx.delete(ratings).where(mine(ideaId, viewer.userId)).returning({ value: ratings.value });
    return adjust(tx, ideaId, removed ? -1 : 0, removed ? -removed.value : 0, null);
  });
}
