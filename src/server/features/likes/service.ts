/**
 * Likes (SPEC §4 'Like'): one per person per item, kept by the unique constraint on
 * (idea_id, user_id). Liking twice, or two clicks racing, inserts one row; the item's like_count
 * moves only when a row was really inserted or deleted, in the same transaction, as does the
 * owner's notification.
 */
import { and, eq, sql } from 'drizzle-orm';
import { LIKE_SIGN_IN_REQUIRED, type LikeState } from '../../../shared/schemas/engagement.ts';
import type { Db } from '../../db/client.ts';
import { ideas, likes } from '../../db/schema.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { IDEA_NOT_FOUND, type Viewer } from '../ideas/service.ts';
import { notify } from '../notifications/notify.ts';
import { FOREIGN_KEY_VIOLATION, requireIdea, sqlState } from './idea-lookup.ts';

export async function setLike(db: Db, ideaId: string, viewer: Viewer | null, liked: boolean): Promise<LikeState> {
  if (!viewer) throw unauthorized(LIKE_SIGN_IN_REQUIRED);
  const idea = await requireIdea(db, ideaId);
  try {
    return await db.transaction(async (tx) => {
      const changed = liked
        ? await tx
            .insert(likes)
            .values({ ideaId, userId: viewer.userId })
            .onConflictDoNothing({ target: [likes.ideaId, likes.userId] })
            .returning({ id: likes.id })
        : await tx
            .delete(likes)
            .where(and(eq(likes.ideaId, ideaId), eq(likes.userId, viewer.userId)))
            .returning({ id: likes.id });
      const [row] = changed.length
        ? await tx
            .update(ideas)
            .set({ likeCount: liked ? sql`${ideas.likeCount} + 1` : sql`greatest(${ideas.likeCount} - 1, 0)` })
            .where(eq(ideas.id, ideaId))
            .returning({ likeCount: ideas.likeCount })
        : await tx.select({ likeCount: ideas.likeCount }).from(ideas).where(eq(ideas.id, ideaId));
      if (!row) throw notFound(IDEA_NOT_FOUND);
      // A new like tells the owner (grouped with the item's other unread likes); taking it back tells nobody.
      if (liked && changed.length) await notify(tx, { kind: 'like', recipientId: idea.userId, actorId: viewer.userId, ideaId });
      return { liked, likeCount: row.likeCount };
    });
  } catch (error) {
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw notFound(IDEA_NOT_FOUND);
    throw error;
  }
}
