/**
 * Likes (SPEC §4 'Like'): one per person per item, kept by the unique constraint on
 * (idea_id, user_id). Liking twice, or two clicks racing, inserts one row; the item's like_count
 * moves only when a row was really inserted or deleted, as does the owner's notification, all in
 * one statement: the database function toggle_like (migration 0020_like_toggle), which is a
 * transaction by itself. It is run again when PostgreSQL picks it as a deadlock's victim.
 *
 * Lock order: the item's row first (as a discussion message and a rating take it), then the like
 * row, then what triggers and notifications touch (the item's rank row, the owner's inbox). Taking
 * the like row first let a like and a message on the same item wait on each other (a deadlock).
 *
 * The function applies the rules it is given here: the owner's choices for likes (stored keys and
 * defaults, notifications/), whether notification emails are on (the admin switch, from the
 * settings cache; the sender checks it again) and the email's data and digest window.
 */
import { sql } from 'drizzle-orm';
import { LIKE_SIGN_IN_REQUIRED, type LikeState } from '../../../shared/schemas/engagement.ts';
import { choiceKey, NOTIFICATION_DEFAULTS } from '../../../shared/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import { FOREIGN_KEY_VIOLATION, retryingConflicts, sqlState } from '../../db/transaction.ts';
import { now } from '../../lib/clock.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import type { Viewer } from '../../app-env.ts';
import { isUuid as isIdeaId } from '../../lib/ids.ts';
import { getCachedPlatformSettings } from '../../lib/platform-settings.ts';
import { IDEA_NOT_FOUND } from '../ideas/index.ts';
import { likeMail, NOTIFICATIONS_CHANNEL, RECENT_ACTORS } from '../notifications/index.ts';

/** What toggle_like is told to apply for a like of `ideaId` by `actorId` (see the module comment). */
async function rulesFor(db: Db, ideaId: string, actorId: string) {
  return {
    inAppKey: choiceKey('like', 'inApp'),
    emailKey: choiceKey('like', 'email'),
    inAppDefault: NOTIFICATION_DEFAULTS.like.inApp,
    emailDefault: NOTIFICATION_DEFAULTS.like.email,
    emailsOn: (await getCachedPlatformSettings(db)).emailNotifications,
    recentActors: RECENT_ACTORS,
    channel: NOTIFICATIONS_CHANNEL,
    mail: likeMail(ideaId, actorId, now()),
  };
}

export async function setLike(db: Db, ideaId: string, viewer: Viewer | null, liked: boolean): Promise<LikeState> {
  if (!viewer) throw unauthorized(LIKE_SIGN_IN_REQUIRED);
  if (!isIdeaId(ideaId)) throw notFound(IDEA_NOT_FOUND);
  const rules = JSON.stringify(await rulesFor(db, ideaId, viewer.userId));
  try {
    const result = (await retryingConflicts(() =>
      db.execute(sql`select item_exists as "exists", count_now as "likeCount" from toggle_like(${ideaId}::uuid, ${viewer.userId}, ${liked}, ${rules}::jsonb)`),
    )) as unknown as { rows: { exists: boolean; likeCount: number }[] };
    const row = result.rows[0];
    if (!row?.exists) throw notFound(IDEA_NOT_FOUND);
    return { liked, likeCount: row.likeCount };
  } catch (error) {
    // The person's account went away meanwhile.
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw notFound(IDEA_NOT_FOUND);
    throw error;
  }
}
