/**
 * Rules of an item's discussion (SPEC §2, §4 Premium, §5 'Discussion message', §6).
 *
 * Who sees it: premium people (more than premiumThreshold own items, an admin setting), the item's
 * owner and admins. Everyone else, visitors included, receives no message at all: the list
 * answers { locked: true, items: [] } (the screen shows the blurred discussion), the stream is
 * refused (401 for visitors, 403 for others), and posting is refused the same way: one may only
 * write in a discussion one can read.
 * Who removes: moderators and admins (docs/product-readings.md 'our readings'), and the author their own
 * message; everyone else gets 403. Only the author edits, and only while they may read the
 * discussion (as for posting). Replies are one level deep: a reply to a reply is stored against
 * the top-level message. A deleted message that has replies stays as 'Message deleted'.
 *
 * Ordering: a message takes the item's row lock (its message_count update) BEFORE its id is drawn,
 * in the same statement (queries.ts insertMessage), so within one discussion ids commit in
 * increasing order and a stream resuming after id N can never miss a smaller id that commits
 * later (see lib/realtime/fanout.ts).
 */
import { eq, sql } from 'drizzle-orm';
import {
  checkMessageContent,
  DISCUSSION_LOCKED,
  type DiscussionMessage,
  EDIT_NOT_ALLOWED,
  type Mention,
  type MentionSuggestions,
  type MessageEdit,
  type MessageInput,
  MESSAGE_NOT_FOUND,
  type MessageList,
  type MessageListQuery,
  REMOVE_NOT_ALLOWED,
  REPLY_TARGET_MISSING,
  SIGN_IN_TO_POST,
} from '../../../shared/schemas/discussion.ts';
import { cleanRemovalReason } from '../../../shared/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import { ideas } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { AppError, forbidden, notFound, unauthorized, validationFailed } from '../../lib/errors.ts';
import type { Logger } from '../../logger.ts';
import type { Viewer } from '../../app-env.ts';
import { IDEA_NOT_FOUND } from '../ideas/index.ts';
import { requireIdea } from '../ideas/index.ts';
import type { Removal } from '../ideas/index.ts';
import { type NotifiedEvent, notify as notifyPeople } from '../notifications/index.ts';
import { DISCUSSION_CHANNEL, noticePayload, updatePayload } from './live.ts';
import { readersAmong, resolveMentions, suggestPeople } from './mentions.ts';
import { premiumThreshold, resolveAccess } from '../../lib/content-access.ts';
import { FOREIGN_KEY_VIOLATION, inTransaction, sqlState } from '../../db/transaction.ts';
import {
  deleteMessageRow,
  ensureDiscussion,
  hasReplies,
  insertMessage,
  lockMessageRow,
  lockReplyTarget,
  mentionsOf,
  messageById,
  notify,
  pageAfter,
  pageBefore,
  replaceMentions,
  tombstone,
  updateContent,
} from './queries.ts';

/** The item (404 when missing or malformed) and whether the viewer may see its discussion. */
export async function discussionAccess(db: Db, ideaId: string, viewer: Viewer | null, logger: Logger) {
  const idea = await requireIdea(db, ideaId);
  const threshold = await premiumThreshold(db, logger);
  const { fullAccess } = await resolveAccess(db, viewer, { id: idea.id, ownerId: idea.userId }, logger, threshold);
  return { idea, fullAccess, threshold };
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
  const page = query.after !== undefined ? await pageAfter(db, ideaId, query.after, query.limit) : await pageBefore(db, ideaId, query.before, query.limit);
  return { locked: false, ...page };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The mention notifications of a message: only for people who may read the discussion now (never its content to anyone else). */
async function mentionEvents(
  tx: Tx,
  input: { ownerId: string; threshold: number; actorId: string; ideaId: string; messageId: number; mentioned: readonly Mention[] },
): Promise<NotifiedEvent[]> {
  const readers = await readersAmong(tx, { id: input.ideaId, ownerId: input.ownerId }, input.mentioned.map((m) => m.id), input.threshold);
  return input.mentioned
    .filter((m) => readers.has(m.id))
    .map((m) => ({ kind: 'mention' as const, recipientId: m.id, actorId: input.actorId, ideaId: input.ideaId, messageId: input.messageId }));
}

/**
 * Posts a message, or a reply (`parentId`, a message of the same discussion): the item's owner is
 * told ('discussion'), the author of the message answered ('reply'), the people mentioned who may
 * read the discussion ('mention'); one notification per person (notify.ts).
 */
export async function postMessage(db: Db, ideaId: string, viewer: Viewer | null, input: MessageInput, logger: Logger): Promise<DiscussionMessage> {
  if (!viewer) throw unauthorized(SIGN_IN_TO_POST);
  const { idea, fullAccess, threshold } = await discussionAccess(db, ideaId, viewer, logger);
  if (!fullAccess) throw lockedError(viewer);
  const checked = checkMessageContent(input.content);
  if (!checked.ok) throw validationFailed(checked.message, { content: [checked.message] });
  const mentioned = await resolveMentions(db, checked.content, input.mentions);
  const replyMissing = () => validationFailed(REPLY_TARGET_MISSING, { parentId: [REPLY_TARGET_MISSING] });
  try {
    // The message, its mentions and the notifications commit together (the notify module's rule);
    // a refused reply leaves nothing behind, not even a new discussion row.
    return await inTransaction(db, async (tx) => {
      const discussionId = await ensureDiscussion(tx, ideaId);
      let parentId: number | null = null;
      let answered: string | null = null;
      if (input.parentId !== undefined && input.parentId !== null) {
        // Locked against deletion until this commits; a reply to a reply answers its top-level message.
        const target = await lockReplyTarget(tx, input.parentId);
        if (!target || target.discussionId !== discussionId) throw replyMissing();
        answered = target.userId;
        parentId = target.parentId ?? target.id;
        // Its top-level message may be 'Message deleted': the thread goes on under the placeholder.
        if (parentId !== target.id && !(await lockReplyTarget(tx, parentId, true))) throw replyMissing();
      }
      const message = await insertMessage(tx, { ideaId, discussionId, userId: viewer.userId, content: checked.content, channel: DISCUSSION_CHANNEL, parentId, mentioned });
      if (!message) throw notFound(IDEA_NOT_FOUND);
      await replaceMentions(tx, message.id, mentioned);
      const base = { actorId: viewer.userId, ideaId, messageId: message.id };
      const events: NotifiedEvent[] = [{ kind: 'discussion', recipientId: idea.userId, ...base }];
      if (answered) events.push({ kind: 'reply', recipientId: answered, ...base });
      events.push(...(await mentionEvents(tx, { ownerId: idea.userId, threshold, actorId: viewer.userId, ideaId, messageId: message.id, mentioned })));
      await notifyPeople(tx, events);
      return message;
    });
  } catch (error) {
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw input.parentId ? replyMissing() : notFound(IDEA_NOT_FOUND);
    throw error;
  }
}

const MESSAGE_ID = /^[1-9][0-9]{0,15}$/;

function messageIdOf(rawId: string): number {
  const id = MESSAGE_ID.test(rawId) ? Number(rawId) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound(MESSAGE_NOT_FOUND);
  return id;
}

/**
 * The author edits their message (same rules as posting): others see it live, marked edited.
 * Mentions are resolved again; people newly mentioned are told.
 */
export async function editMessage(db: Db, rawId: string, viewer: Viewer | null, input: MessageEdit, logger: Logger): Promise<DiscussionMessage> {
  if (!viewer) throw unauthorized();
  const id = messageIdOf(rawId);
  const current = await messageById(db, id);
  if (!current || current.deleted) throw notFound(MESSAGE_NOT_FOUND);
  if (current.author.id !== viewer.userId) throw forbidden(EDIT_NOT_ALLOWED);
  const ideaId = await ideaOfMessage(db, id);
  if (!ideaId) throw notFound(MESSAGE_NOT_FOUND);
  const { idea, fullAccess, threshold } = await discussionAccess(db, ideaId, viewer, logger);
  if (!fullAccess) throw lockedError(viewer);
  const checked = checkMessageContent(input.content);
  if (!checked.ok) throw validationFailed(checked.message, { content: [checked.message] });
  const mentioned = await resolveMentions(db, checked.content, input.mentions);
  return inTransaction(db, async (tx) => {
    const row = await lockMessageRow(tx, id);
    if (!row || row.deletedAt) throw notFound(MESSAGE_NOT_FOUND);
    if (row.userId !== viewer.userId) throw forbidden(EDIT_NOT_ALLOWED);
    const before = (await mentionsOf(tx, [id])).get(id) ?? [];
    const sameMentions = before.length === mentioned.length && before.every((m, i) => m.id === mentioned[i]!.id && m.name === mentioned[i]!.name);
    if (current.content === checked.content && sameMentions) return current;
    await updateContent(tx, id, checked.content);
    await replaceMentions(tx, id, mentioned);
    const told = new Set(before.map((m) => m.id));
    const fresh = mentioned.filter((m) => !told.has(m.id));
    await notifyPeople(tx, await mentionEvents(tx, { ownerId: idea.userId, threshold, actorId: viewer.userId, ideaId, messageId: id, mentioned: fresh }));
    const updated = await messageById(tx, id);
    if (!updated) throw notFound(MESSAGE_NOT_FOUND);
    await notify(tx, DISCUSSION_CHANNEL, updatePayload(ideaId, updated));
    return updated;
  });
}

async function ideaOfMessage(db: Db, id: number): Promise<string | null> {
  const rows = (await db.execute(
    sql`select d.idea_id from idea_discussion_messages m join idea_discussions d on d.id = m.discussion_id where m.id = ${id}`,
  )) as unknown as { rows: { idea_id: string }[] };
  return rows.rows[0]?.idea_id ?? null;
}

/**
 * Deletes a message: its author their own; moderators and admins any (with an optional reason told
 * to its author, and an audit entry). It disappears live for everyone, or stays as 'Message
 * deleted' when it has replies.
 */
export async function removeMessage(db: Db, rawId: string, viewer: Viewer | null, rawReason?: string | null): Promise<void> {
  if (!viewer) throw unauthorized();
  const id = messageIdOf(rawId);
  const moderates = viewer.role === 'moderator' || viewer.role === 'admin';
  const reason = cleanRemovalReason(rawReason);
  await inTransaction(db, async (tx) => {
    const row = await lockMessageRow(tx, id);
    if (!row || row.deletedAt) throw notFound(MESSAGE_NOT_FOUND);
    const own = row.userId === viewer.userId;
    if (!own && !moderates) throw forbidden(REMOVE_NOT_ALLOWED);
    const removed = await deleteMessageWithin(tx, id, own ? undefined : { by: viewer.userId, reason });
    if (!removed) throw notFound(MESSAGE_NOT_FOUND);
    if (own) return;
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'message.remove',
      target: { type: 'message', id: String(id), title: removed.itemTitle },
      details: { ideaId: removed.ideaId, ...(reason ? { reason } : {}) },
    });
  });
}

/**
 * Deletes a message in the caller's transaction: the item's message count follows and every open
 * stream is told (on commit). The one way messages go, from the discussion or the Reports queue.
 * A message with replies stays as 'Message deleted' (message-updated); a reply that was the last
 * of a deleted message takes that message with it (message-deleted for both).
 * `removal`: someone else removed it, and its author is told (with the reason). Null when there was
 * no such message.
 */
export async function deleteMessageWithin(
  tx: Tx,
  id: number,
  removal?: Removal,
): Promise<{ ideaId: string; itemTitle: string | null; authorId: string | null } | null> {
  const row = await lockMessageRow(tx, id);
  if (!row || row.deletedAt) return null;
  // The author is told before their message goes (the notification points at it while it exists).
  if (removal && row.userId) {
    await notifyPeople(tx, { kind: 'removal', recipientId: row.userId, actorId: removal.by, target: 'message', ideaId: row.ideaId, reason: removal.reason });
  }
  if (await hasReplies(tx, id)) {
    await tombstone(tx, id);
    const placeholder = await messageById(tx, id);
    if (placeholder) await notify(tx, DISCUSSION_CHANNEL, updatePayload(row.ideaId, placeholder));
  } else {
    const parent = row.parentId === null ? null : await lockMessageRow(tx, row.parentId);
    await deleteMessageRow(tx, id);
    await notify(tx, DISCUSSION_CHANNEL, noticePayload({ i: row.ideaId, m: id, k: 'del' }));
    // A deleted message whose last reply this was goes too: nothing is left to keep its place for.
    if (parent?.deletedAt && !(await hasReplies(tx, parent.id))) {
      await deleteMessageRow(tx, parent.id);
      await notify(tx, DISCUSSION_CHANNEL, noticePayload({ i: row.ideaId, m: parent.id, k: 'del' }));
    }
  }
  const [item] = await tx
    .update(ideas)
    .set({ messageCount: sql`greatest(${ideas.messageCount} - 1, 0)` })
    .where(eq(ideas.id, row.ideaId))
    .returning({ title: ideas.title });
  return { ideaId: row.ideaId, itemTitle: item?.title ?? null, authorId: row.userId };
}

/** People to mention in a discussion the viewer may read (names and ids only). */
export async function mentionSuggestions(db: Db, ideaId: string, viewer: Viewer | null, q: string, logger: Logger): Promise<MentionSuggestions> {
  const { idea, fullAccess } = await discussionAccess(db, ideaId, viewer, logger);
  if (!fullAccess || !viewer) throw lockedError(viewer);
  return { items: await suggestPeople(db, { ideaId, ownerId: idea.userId, viewerId: viewer.userId, q }) };
}
