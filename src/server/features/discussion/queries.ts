/**
 * SQL for discussions. One discussion per item; messages are read oldest first, keyset by id.
 * Pages of the list count top-level messages and bring all their replies; the live stream reads
 * every message (replies too) by id.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lt, max, sql, type SQL } from 'drizzle-orm';
import { DELETED_USER_NAME, type DiscussionMessage, type Mention } from '../../../shared/schemas/discussion.ts';
import { avatarUrlOf } from '../../lib/square-photo.ts';
import type { Db } from '../../db/client.ts';
import { NOTIFY_PAYLOAD_MAX_BYTES } from '../../lib/realtime/listen.ts';
import {
  ideaDiscussionMentions as mentions,
  ideaDiscussionMessages as messages,
  ideaDiscussions as discussions,
  profiles,
  reports,
} from '../../db/schema.ts';

const messageColumns = {
  id: messages.id,
  content: messages.content,
  createdAt: messages.createdAt,
  userId: messages.userId,
  authorName: profiles.fullName,
  authorPhotoUrl: profiles.photoUrl,
  parentId: messages.parentId,
  editedAt: messages.editedAt,
  deletedAt: messages.deletedAt,
};

export type MessageRow = {
  id: number;
  content: string;
  createdAt: Date;
  userId: string | null;
  authorName: string | null;
  authorPhotoUrl?: string | null;
  parentId?: number | null;
  editedAt?: Date | null;
  deletedAt?: Date | null;
};

export function toMessage(row: MessageRow, mentioned: readonly Mention[] = []): DiscussionMessage {
  const deleted = row.deletedAt !== null && row.deletedAt !== undefined;
  return {
    id: Number(row.id),
    content: deleted ? '' : row.content,
    createdAt: row.createdAt.toISOString(),
    // A null author deleted their account; the message stays, under that name. A deleted message has no author.
    author: deleted
      ? { id: null, name: null, avatarUrl: null }
      : row.userId === null
        ? { id: null, name: DELETED_USER_NAME, avatarUrl: null }
        : { id: row.userId, name: row.authorName?.trim() ? row.authorName : null, avatarUrl: avatarUrlOf(row.authorPhotoUrl) },
    parentId: row.parentId === null || row.parentId === undefined ? null : Number(row.parentId),
    editedAt: deleted || !row.editedAt ? null : row.editedAt.toISOString(),
    deleted,
    mentions: deleted ? [] : [...mentioned],
  };
}

/** The people each of `ids` mentions, as written, in the order they were chosen. */
export async function mentionsOf(db: Db | Tx, ids: readonly number[]): Promise<Map<number, Mention[]>> {
  const out = new Map<number, Mention[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ messageId: mentions.messageId, id: mentions.userId, name: mentions.label })
    .from(mentions)
    .where(inArray(mentions.messageId, [...ids]));
  for (const r of rows) {
    const list = out.get(Number(r.messageId)) ?? [];
    list.push({ id: r.id, name: r.name });
    out.set(Number(r.messageId), list);
  }
  return out;
}

async function withMentions(db: Db | Tx, rows: MessageRow[]): Promise<DiscussionMessage[]> {
  const byMessage = await mentionsOf(db, rows.filter((r) => !r.deletedAt).map((r) => Number(r.id)));
  return rows.map((r) => toMessage(r, byMessage.get(Number(r.id))));
}

function selectMessages(db: Db | Tx, ideaId: string, where: SQL | undefined, order: 'asc' | 'desc', limit: number) {
  return db
    .select(messageColumns)
    .from(messages)
    .innerJoin(discussions, eq(discussions.id, messages.discussionId))
    .leftJoin(profiles, eq(profiles.userId, messages.userId))
    .where(and(eq(discussions.ideaId, ideaId), where))
    .orderBy(order === 'asc' ? asc(messages.id) : desc(messages.id))
    .limit(limit);
}

/** Every message (replies too) of an item's discussion with id > afterId, oldest first: the live stream's reads. */
export async function messagesAfter(db: Db, ideaId: string, afterId: number, limit: number): Promise<DiscussionMessage[]> {
  return withMentions(db, await selectMessages(db, ideaId, gt(messages.id, afterId), 'asc', limit));
}

/** One message as the list gives it, or null when there is none. */
export async function messageById(db: Db | Tx, id: number): Promise<DiscussionMessage | null> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(profiles, eq(profiles.userId, messages.userId))
    .where(eq(messages.id, id));
  return row ? (await withMentions(db, [row]))[0]! : null;
}

/** Top-level messages (by `where`, `order`, at most `limit`) and all their replies, oldest first; `topLevel` is how many top-level rows came. */
async function pageOf(db: Db, ideaId: string, where: SQL | undefined, order: 'asc' | 'desc', limit: number) {
  const top = await selectMessages(db, ideaId, and(isNull(messages.parentId), where), order, limit);
  const ids = top.map((r) => Number(r.id));
  const replies =
    ids.length === 0
      ? []
      : await db
          .select(messageColumns)
          .from(messages)
          .leftJoin(profiles, eq(profiles.userId, messages.userId))
          .where(inArray(messages.parentId, ids))
          .orderBy(asc(messages.id));
  return { top, replies };
}

/**
 * A page of top-level messages with id > afterId (oldest first), each with its replies; `hasMore`
 * when more top-level messages follow.
 */
export async function pageAfter(db: Db, ideaId: string, afterId: number, limit: number) {
  const { top, replies } = await pageOf(db, ideaId, gt(messages.id, afterId), 'asc', limit + 1);
  const kept = top.slice(0, limit);
  return { items: await threadRows(db, kept, replies), hasMore: top.length > limit };
}

/** The top-level messages just before beforeId (the newest when undefined), oldest first, each with its replies. */
export async function pageBefore(db: Db, ideaId: string, beforeId: number | undefined, limit: number) {
  const { top, replies } = await pageOf(db, ideaId, beforeId === undefined ? undefined : lt(messages.id, beforeId), 'desc', limit + 1);
  const kept = top.slice(0, limit);
  return { items: await threadRows(db, kept, replies), hasMore: top.length > limit };
}

/** The kept top-level rows and their replies, by id (a reply's id is always above its message's). */
async function threadRows(db: Db, top: MessageRow[], replies: MessageRow[]) {
  const keep = new Set(top.map((r) => Number(r.id)));
  const rows = [...top, ...replies.filter((r) => keep.has(Number(r.parentId)))].sort((a, b) => Number(a.id) - Number(b.id));
  return withMentions(db, rows);
}

/** The newest message id of an item's discussion, 0 when it has none. */
export async function latestMessageId(db: Db, ideaId: string): Promise<number> {
  const [row] = await db
    .select({ id: max(messages.id) })
    .from(messages)
    .innerJoin(discussions, eq(discussions.id, messages.discussionId))
    .where(eq(discussions.ideaId, ideaId));
  return row?.id === null || row?.id === undefined ? 0 : Number(row.id);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The item's discussion, created on first use (items seeded or shared before discussions existed). */
export async function ensureDiscussion(db: Db | Tx, ideaId: string): Promise<string> {
  const find = () => db.select({ id: discussions.id }).from(discussions).where(eq(discussions.ideaId, ideaId));
  const [found] = await find();
  if (found) return found.id;
  await db.insert(discussions).values({ ideaId }).onConflictDoNothing({ target: discussions.ideaId });
  const [row] = await find();
  if (!row) throw new Error('discussion not created');
  return row.id;
}

/**
 * Inserts a message, counts it and NOTIFYs, in ONE statement: the item's row lock is taken first
 * (the UPDATE feeds the INSERT), so within one discussion ids are drawn, and committed, in order.
 * The caller's transaction holds that lock until it commits (with the notifications the message
 * causes, and its mentions: insertMentions). Null when the item is gone.
 *
 * The notice carries the message itself (live.ts DiscussionNotice 'r') when the whole payload fits,
 * so listening instances hand it to their subscribers without reading it back; a message too long
 * for it (2,000 emoji are 8,000 bytes) is announced by id only and read from the table.
 * 't' is created_at in whole milliseconds, the precision the API gives (toMessage).
 */
export async function insertMessage(
  db: Db | Tx,
  input: { ideaId: string; discussionId: string; userId: string; content: string; channel: string; parentId: number | null; mentioned: readonly Mention[] },
): Promise<DiscussionMessage | null> {
  const { ideaId, discussionId, userId, content, channel, parentId, mentioned } = input;
  const result = (await db.execute(sql`
    with locked as (
      update ideas set message_count = message_count + 1 where id = ${ideaId} returning id
    ), inserted as (
      insert into idea_discussion_messages (discussion_id, user_id, content, parent_id)
      select ${discussionId}, ${userId}, ${content}, ${parentId}::bigint from locked
      returning id, created_at, user_id, content, parent_id
    ), written as (
      select inserted.*, p.full_name as author_name, p.photo_url as author_photo_url
      from inserted left join profiles p on p.user_id = inserted.user_id
    ), notice as (
      select written.*,
        json_build_object('i', ${ideaId}::text, 'm', id, 'k', 'new')::text as by_id,
        json_build_object('i', ${ideaId}::text, 'm', id, 'k', 'new', 'r', json_build_object(
          'c', content, 't', floor(extract(epoch from created_at) * 1000)::bigint, 'u', user_id, 'n', author_name, 'a', author_photo_url,
          'p', parent_id, 'x', ${JSON.stringify(mentioned)}::json
        ))::text as with_row
      from written
    )
    select id, created_at, author_name, author_photo_url,
      pg_notify(${channel}, case when octet_length(with_row) <= ${NOTIFY_PAYLOAD_MAX_BYTES} then with_row else by_id end) as notified
    from notice`)) as unknown as { rows: { id: number | string; created_at: Date | string; author_name: string | null; author_photo_url: string | null }[] };
  const row = result.rows[0];
  if (!row) return null;
  return toMessage(
    { id: Number(row.id), createdAt: new Date(row.created_at), content, userId, authorName: row.author_name, authorPhotoUrl: row.author_photo_url, parentId },
    mentioned,
  );
}

/** Writes the mentions of a message (after removing the ones it had). */
export async function replaceMentions(tx: Tx, messageId: number, mentioned: readonly Mention[]): Promise<void> {
  await tx.delete(mentions).where(eq(mentions.messageId, messageId));
  if (mentioned.length > 0) {
    await tx.insert(mentions).values(mentioned.map((m) => ({ messageId, userId: m.id, label: m.name })));
  }
}

/** A message locked for a change (edit, delete), with its item; null when there is none. */
export async function lockMessageRow(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: messages.id, userId: messages.userId, parentId: messages.parentId, deletedAt: messages.deletedAt, ideaId: discussions.ideaId, discussionId: messages.discussionId })
    .from(messages)
    .innerJoin(discussions, eq(discussions.id, messages.discussionId))
    .where(eq(messages.id, id))
    .for('update', { of: messages });
  return row ? { ...row, id: Number(row.id), parentId: row.parentId === null ? null : Number(row.parentId) } : null;
}

/**
 * The message a reply answers, locked against deletion until the reply commits; null when it is
 * gone, or deleted unless `placeholder` (the top-level message of a reply to a reply may be one).
 */
export async function lockReplyTarget(tx: Tx, id: number, placeholder = false) {
  const [row] = await tx
    .select({ id: messages.id, userId: messages.userId, parentId: messages.parentId, discussionId: messages.discussionId, deletedAt: messages.deletedAt })
    .from(messages)
    .where(eq(messages.id, id))
    .for('key share');
  if (!row || (row.deletedAt && !placeholder)) return null;
  return { ...row, id: Number(row.id), parentId: row.parentId === null ? null : Number(row.parentId) };
}

/** Whether the message has replies. */
export async function hasReplies(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: messages.id }).from(messages).where(eq(messages.parentId, id)).limit(1);
  return row !== undefined;
}

/** New text for a message (marked edited now). */
export async function updateContent(tx: Tx, id: number, content: string): Promise<void> {
  await tx.update(messages).set({ content, editedAt: sql`now()` }).where(eq(messages.id, id));
}

/** Leaves 'Message deleted' in the place of a message that has replies: no text, no author, no mentions, no open reports. */
export async function tombstone(tx: Tx, id: number): Promise<void> {
  await tx.update(messages).set({ content: '', userId: null, editedAt: null, deletedAt: sql`now()` }).where(eq(messages.id, id));
  await tx.delete(mentions).where(eq(mentions.messageId, id));
  await tx.delete(reports).where(eq(reports.messageId, id));
}

/** Deletes a message row (its mentions and reports go with it). */
export async function deleteMessageRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(messages).where(eq(messages.id, id));
}

/** NOTIFY, delivered to every listening instance when the transaction commits. */
export async function notify(tx: Tx, channel: string, payload: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}
