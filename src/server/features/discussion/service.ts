/**
 * Rules of an item's discussion (SPEC §2, §4 Premium, §5 'Discussion message', §6).
 *
 * Who sees it: premium people (more than premiumThreshold own items, an admin setting), the item's
 * owner and admins. Everyone else, visitors included, receives no message at all: the list
 * answers { locked: true, items: [] } (the screen shows the blurred discussion), the stream is
 * refused (401 for visitors, 403 for others), and posting is refused the same way: one may only
 * write in a discussion one can read.
 * Who removes: moderators and admins (ARCHITECTURE.md 'our readings'); everyone else gets 403.
 *
 * Ordering: a message takes the item's row lock (its message_count update) BEFORE its id is drawn,
 * in the same statement (queries.ts insertMessage), so within one discussion ids commit in
 * increasing order and a stream resuming after id N can never miss a smaller id that commits
 * later (see lib/realtime.ts).
 */
import { eq, sql } from 'drizzle-orm';
import {
  checkMessageContent,
  DISCUSSION_LOCKED,
  type DiscussionMessage,
  MESSAGE_NOT_FOUND,
  type MessageList,
  type MessageListQuery,
  REMOVE_NOT_ALLOWED,
  SIGN_IN_TO_POST,
} from '../../../shared/schemas/discussion.ts';
import { cleanRemovalReason } from '../../../shared/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import { ideas } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { AppError, forbidden, notFound, unauthorized, validationFailed } from '../../lib/errors.ts';
import type { Logger } from '../../logger.ts';
import { IDEA_NOT_FOUND, type Viewer } from '../ideas/service.ts';
import { resolveAccess } from '../ideas/access.ts';
import { FOREIGN_KEY_VIOLATION, requireIdea, sqlState } from '../likes/idea-lookup.ts';
import type { Removal } from '../ideas/manage-service.ts';
import { notify as notifyPeople } from '../notifications/notify.ts';
import { DISCUSSION_CHANNEL, noticePayload } from './live.ts';
import { premiumThreshold } from './threshold.ts';
import { deleteMessage, ensureDiscussion, insertMessage, messagesAfter, messagesBefore, notify } from './queries.ts';

/** The item (404 when missing or malformed) and whether the viewer may see its discussion. */
export async function discussionAccess(db: Db, ideaId: string, viewer: Viewer | null, logger: Logger) {
  const idea = await requireIdea(db, ideaId);
  const threshold = await premiumThreshold(db, logger);
  const { fullAccess } = await resolveAccess(db, viewer, idea.userId, logger, threshold);
  return { idea, fullAccess };
}

/** Refuses a viewer who may not see the discussion: 401 for visitors, 403 for everyone else. */
export function lockedError(viewer: Viewer | null): AppError {
  return viewer ? new AppError(403, 'premium_required', DISCUSSION_LOCKED) : unauthorized(SIGN_IN_TO_POST);
}

export async function listMessages(
  db: Db,
  ideaId: string,
  viewer: Viewer | null,
  query: MessageListQuery,
  logger: Logger,
): Promise<MessageList> {
  const { fullAccess } = await discussionAccess(db, ideaId, viewer, logger);
  if (!fullAccess) return { locked: true, items: [], hasMore: false };
  if (query.after !== undefined) {
    const rows = await messagesAfter(db, ideaId, query.after, query.limit + 1);
    return { locked: false, items: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
  }
  const rows = await messagesBefore(db, ideaId, query.before, query.limit + 1);
  // Oldest first: the extra row, when there is one, is the first.
  return { locked: false, items: rows.length > query.limit ? rows.slice(1) : rows, hasMore: rows.length > query.limit };
}

export async function postMessage(
  db: Db,
  ideaId: string,
  viewer: Viewer | null,
  rawContent: string,
  logger: Logger,
): Promise<DiscussionMessage> {
  if (!viewer) throw unauthorized(SIGN_IN_TO_POST);
  const { idea, fullAccess } = await discussionAccess(db, ideaId, viewer, logger);
  if (!fullAccess) throw lockedError(viewer);
  const checked = checkMessageContent(rawContent);
  if (!checked.ok) throw validationFailed(checked.message, { content: [checked.message] });
  try {
    const discussionId = await ensureDiscussion(db, ideaId);
    // The message and the owner's notification commit together (the notify module's rule).
    return await db.transaction(async (tx) => {
      const message = await insertMessage(tx, { ideaId, discussionId, userId: viewer.userId, content: checked.content, channel: DISCUSSION_CHANNEL });
      if (!message) throw notFound(IDEA_NOT_FOUND);
      await notifyPeople(tx, { kind: 'discussion', recipientId: idea.userId, actorId: viewer.userId, ideaId, messageId: message.id });
      return message;
    });
  } catch (error) {
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw notFound(IDEA_NOT_FOUND);
    throw error;
  }
}

const MESSAGE_ID = /^[1-9][0-9]{0,15}$/;

/**
 * Moderators and admins remove a message; it disappears live for everyone, and its author is told
 * (with the moderator's reason, when given).
 */
export async function removeMessage(db: Db, rawId: string, viewer: Viewer | null, rawReason?: string | null): Promise<void> {
  if (!viewer) throw unauthorized();
  if (viewer.role !== 'moderator' && viewer.role !== 'admin') throw forbidden(REMOVE_NOT_ALLOWED);
  const id = MESSAGE_ID.test(rawId) ? Number(rawId) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound(MESSAGE_NOT_FOUND);
  const reason = cleanRemovalReason(rawReason);
  await db.transaction(async (tx) => {
    const removed = await deleteMessageWithin(tx, id, { by: viewer.userId, reason });
    if (!removed) throw notFound(MESSAGE_NOT_FOUND);
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'message.remove',
      target: { type: 'message', id: String(id), title: removed.itemTitle },
      details: { ideaId: removed.ideaId, ...(reason ? { reason } : {}) },
    });
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Deletes a message in the caller's transaction: the item's message count follows and every open
 * stream is told (on commit). The one way messages go, from the discussion or the Reports queue.
 * `removal`: someone else removed it, and its author is told (with the reason). Null when there was
 * no such message.
 */
export async function deleteMessageWithin(
  tx: Tx,
  id: number,
  removal?: Removal,
): Promise<{ ideaId: string; itemTitle: string | null; authorId: string | null } | null> {
  const removed = await deleteMessage(tx, id);
  if (!removed) return null;
  const [item] = await tx
    .update(ideas)
    .set({ messageCount: sql`greatest(${ideas.messageCount} - 1, 0)` })
    .where(eq(ideas.id, removed.ideaId))
    .returning({ title: ideas.title });
  await notify(tx, DISCUSSION_CHANNEL, noticePayload({ i: removed.ideaId, m: id, k: 'del' }));
  if (removal && removed.authorId) {
    await notifyPeople(tx, { kind: 'removal', recipientId: removed.authorId, actorId: removal.by, target: 'message', ideaId: removed.ideaId, reason: removal.reason });
  }
  return { ideaId: removed.ideaId, itemTitle: item?.title ?? null, authorId: removed.authorId };
}
