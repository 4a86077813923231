/**
 * Rules of private conversations (issue 17 point 6; docs/decisions/0023).
 *
 * - Contact: a signed-in person who did not create the item opens THE conversation of (item, them)
 *   with its creator: created on the first press, the same one after. Every press is also recorded
 *   as the spec's contact request (SPEC §2), also by the older POST /api/ideas/{id}/contact, which
 *   records only that. The creator pressing either on their own item gets 403 and nothing is written.
 * - Reading: only the conversation's two people, through every route (conversation, messages,
 *   stream, marking read, reporting). Anyone else, moderators and admins included, gets the same
 *   404 as for a conversation that does not exist. Not premium-gated (the premium rule is about
 *   public discussions).
 * - Writing: the discussion message's rule (trimmed, 1 to 2,000 characters). Once the other person
 *   deleted their account the conversation is read-only (403). Each message notifies the recipient
 *   ('private_message', in the app and by email per their preferences) in the same transaction.
 */
import { checkMessageContent } from '../../../shared/rules/discussion-message.ts';
import {
  type Conversation,
  type ConversationList,
  type ConversationListQuery,
  CONVERSATION_TEXTS,
  type PrivateMessage,
  type PrivateMessageList,
  type PrivateMessageListQuery,
} from '../../../shared/schemas/conversations.ts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound, unauthorized, validationFailed } from '../../lib/errors.ts';
import type { Viewer } from '../../app-env.ts';
import { IDEA_NOT_FOUND } from '../ideas/index.ts';
import { isUuid } from '../../lib/ids.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { notify } from '../notifications/index.ts';
import { markConversationNotificationsRead } from '../notifications/index.ts';
import { PRIVATE_MESSAGES_CHANNEL } from './live.ts';
import { FOREIGN_KEY_VIOLATION, inTransaction, sqlState } from '../../db/transaction.ts';
import {
  type ConversationKeyset,
  type ConversationRow,
  contactItem,
  conversationFor,
  insertPrivateMessage,
  listConversations,
  markRead,
  messagesAfter,
  messagesBefore,
  openConversation,
  personOf,
  recordContactRequest,
  type Tx,
  unreadTotal,
} from './queries.ts';

const notMine = () => notFound(CONVERSATION_TEXTS.notFound);

function toConversation(row: ConversationRow, viewer: Viewer): Conversation {
  return {
    id: row.id,
    item: { id: row.ideaId, title: row.title },
    with: personOf(row.otherId, row.otherName, row.otherPhotoUrl),
    iAmCreator: row.creatorId === viewer.userId,
    canSend: row.otherId !== null,
    lastReadId: row.lastReadId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The conversation if the viewer is one of its two people; otherwise 404, whoever they are. */
export async function requireConversation(db: Db, rawId: string, viewer: Viewer | null): Promise<ConversationRow> {
  if (!viewer) throw unauthorized();
  const row = isUuid(rawId) ? await conversationFor(db, rawId, viewer.userId) : null;
  if (!row) throw notMine();
  return row;
}

/**
 * The one rule of both Contact routes: the item must exist (404) and the viewer must not be its
 * creator (403). Runs inside the transaction that records the press, holding the item (key share).
 */
async function contactableItem(tx: Tx, viewer: Viewer, ideaId: string) {
  const item = isUuid(ideaId) ? await contactItem(tx, ideaId) : null;
  if (!item) throw notFound(IDEA_NOT_FOUND);
  if (item.userId === viewer.userId) throw forbidden(CONVERSATION_TEXTS.ownItem);
  return item;
}

/** Contact: the conversation of (item, viewer), made on first use; `created` says whether it is new. */
export async function contact(db: Db, viewer: Viewer | null, ideaId: string): Promise<{ conversation: Conversation; created: boolean }> {
  if (!viewer) throw unauthorized();
  if (!isUuid(ideaId)) throw notFound(IDEA_NOT_FOUND);
  return inTransaction(db, async (tx) => {
    const item = await contactableItem(tx, viewer, ideaId);
    await recordContactRequest(tx, item.id, viewer.userId);
    const { id, created } = await openConversation(tx, item, viewer.userId);
    const row = await conversationFor(tx, id, viewer.userId);
    if (!row) throw new Error('conversation not readable by its starter');
    return { conversation: toConversation(row, viewer), created };
  });
}

/** The card's older Contact action (POST /api/ideas/{id}/contact): the contact request alone, under the same rule. */
export async function recordContact(db: Db, viewer: Viewer | null, ideaId: string): Promise<void> {
  if (!viewer) throw unauthorized();
  if (!isUuid(ideaId)) throw notFound(IDEA_NOT_FOUND);
  await inTransaction(db, async (tx) => {
    const item = await contactableItem(tx, viewer, ideaId);
    await recordContactRequest(tx, item.id, viewer.userId);
  });
}

export async function getConversation(db: Db, viewer: Viewer | null, rawId: string): Promise<Conversation> {
  const row = await requireConversation(db, rawId, viewer);
  return toConversation(row, viewer!);
}

export async function listMessages(db: Db, viewer: Viewer | null, rawId: string, query: PrivateMessageListQuery): Promise<PrivateMessageList> {
  const { id } = await requireConversation(db, rawId, viewer);
  if (query.after !== undefined) {
    const rows = await messagesAfter(db, id, query.after, query.limit + 1);
    return { items: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
  }
  const rows = await messagesBefore(db, id, query.before, query.limit + 1);
  return { items: rows.length > query.limit ? rows.slice(1) : rows, hasMore: rows.length > query.limit };
}

export async function sendMessage(db: Db, viewer: Viewer | null, rawId: string, rawContent: string): Promise<PrivateMessage> {
  const row = await requireConversation(db, rawId, viewer);
  const sender = viewer!;
  if (row.otherId === null) throw new AppError(403, 'conversation_closed', CONVERSATION_TEXTS.otherLeft);
  const checked = checkMessageContent(rawContent);
  if (!checked.ok) throw validationFailed(checked.message, { content: [checked.message] });
  const recipientId = row.otherId;
  try {
    // The message and the recipient's notification (and email) commit together (notify.ts).
    return await inTransaction(db, async (tx) => {
      const message = await insertPrivateMessage(tx, { conversationId: row.id, senderId: sender.userId, content: checked.content, channel: PRIVATE_MESSAGES_CHANNEL });
      if (!message) throw notMine();
      await notify(tx, { kind: 'private_message', recipientId, actorId: sender.userId, conversationId: row.id, privateMessageId: Number(message.id), ideaId: row.ideaId });
      return message;
    });
  } catch (error) {
    // The other person's account went between the check and the write.
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw new AppError(403, 'conversation_closed', CONVERSATION_TEXTS.otherLeft);
    throw error;
  }
}

/** Marks the conversation read up to `upTo`; once all of it is read, so are its notifications (the bell's count follows). */
export async function markConversationRead(db: Db, viewer: Viewer | null, rawId: string, upTo: number) {
  const row = await requireConversation(db, rawId, viewer);
  const read = await markRead(db, row.id, viewer!.userId, upTo);
  if (read.unread === 0) await markConversationNotificationsRead(db, viewer!.userId, row.id);
  return read;
}

// ── The Messages tab ───────────────────────────────────────────────────────────────────────

function encodeConversationCursor(k: ConversationKeyset): string {
  return encodeCursor({ createdAt: k.at, id: k.id });
}

function decodeConversationCursor(cursor: string): ConversationKeyset {
  const { createdAt, id } = decodeCursor(cursor);
  return { at: createdAt, id };
}

export async function listForViewer(db: Db, viewer: Viewer | null, query: ConversationListQuery): Promise<ConversationList> {
  if (!viewer) throw unauthorized();
  const after = query.cursor ? decodeConversationCursor(query.cursor) : undefined;
  const [rows, total] = await Promise.all([listConversations(db, viewer.userId, after, query.limit), unreadTotal(db, viewer.userId)]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      item: { id: r.ideaId, title: r.title },
      with: personOf(r.otherId, r.otherName, r.otherPhotoUrl),
      lastMessage: r.last
        ? { id: r.last.id, content: r.last.content, createdAt: r.last.createdAt.toISOString(), fromMe: r.last.senderId === viewer.userId }
        : null,
      unread: r.unread,
      activityAt: r.activityAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? encodeConversationCursor({ at: last.activityAt, id: last.id }) : null,
    unreadTotal: total,
  };
}
