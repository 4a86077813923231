/**
 * SQL of private conversations. Who may read one is decided by its `conversation_members` row for
 * the reader: every query that returns anything of a conversation joins it (or is only called
 * after the service found it). Messages are read oldest first, keyset by id, as the discussion's.
 */
import { and, asc, desc, eq, gt, lt, max, sql, type SQL } from 'drizzle-orm';
import { DELETED_USER_NAME } from '../../../shared/schemas/discussion.ts';
import { LAST_MESSAGE_PREVIEW_LENGTH, type PrivateMessage } from '../../../shared/schemas/conversations.ts';
import type { Db } from '../../db/client.ts';
import { avatarUrlOf } from '../../lib/square-photo.ts';
import { contactRequests, conversationMembers as members, conversations, ideas, privateMessages as messages, profiles } from '../../db/schema.ts';
import { NOTIFY_PAYLOAD_MAX_BYTES } from '../../lib/realtime/listen.ts';
import { inTransaction } from '../../db/transaction.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** node-postgres and PGlite both answer raw statements with { rows }; dates may come as text. */
const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;
const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** A person as conversations show them: no account any more is 'Deleted user'; no name is null (the screen says 'Anonymous'). */
export function personOf(id: string | null, name: string | null, photoUrl: string | null = null) {
  return id === null
    ? { id: null, name: DELETED_USER_NAME, avatarUrl: null }
    : { id, name: name?.trim() ? name : null, avatarUrl: avatarUrlOf(photoUrl) };
}

type MessageRow = { id: number | string; content: string; createdAt: Date; senderId: string | null; authorName: string | null; authorPhotoUrl?: string | null };

export function toPrivateMessage(row: MessageRow): PrivateMessage {
  return { id: Number(row.id), content: row.content, createdAt: row.createdAt.toISOString(), author: personOf(row.senderId, row.authorName, row.authorPhotoUrl ?? null) };
}

// ── Conversations ──────────────────────────────────────────────────────────────────────────

export interface ConversationRow {
  id: string;
  ideaId: string | null;
  title: string;
  starterId: string | null;
  creatorId: string | null;
  createdAt: Date;
  lastReadId: number;
  otherId: string | null;
  otherName: string | null;
  otherPhotoUrl: string | null;
}

/** The conversation as `userId` may see it; null when it does not exist or they are not in it (the same answer). */
export async function conversationFor(db: Db | Tx, id: string, userId: string): Promise<ConversationRow | null> {
  const rows = rowsOf<{
    id: string;
    idea_id: string | null;
    title: string;
    starter_id: string | null;
    creator_id: string | null;
    created_at: Date | string;
    last_read_id: number | string;
    other_id: string | null;
    other_name: string | null;
    other_photo_url: string | null;
  }>(
    await db.execute(sql`
      select c.id, c.idea_id, coalesce(i.title, c.item_title) as title, c.starter_id, c.creator_id, c.created_at, m.last_read_id,
        o.other_id, p.full_name as other_name, p.photo_url as other_photo_url
      from conversations c
      join conversation_members m on m.conversation_id = c.id and m.user_id = ${userId}
      cross join lateral (select case when c.starter_id = ${userId} then c.creator_id else c.starter_id end as other_id) o
      left join ideas i on i.id = c.idea_id
      left join profiles p on p.user_id = o.other_id
      where c.id = ${id}::uuid`),
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    ideaId: r.idea_id,
    title: r.title,
    starterId: r.starter_id,
    creatorId: r.creator_id,
    createdAt: asDate(r.created_at),
    lastReadId: Number(r.last_read_id),
    otherId: r.other_id,
    otherName: r.other_name,
    otherPhotoUrl: r.other_photo_url,
  };
}

/** The item Contact is pressed on: its creator and title, or null when there is no such item. */
export async function contactItem(tx: Tx, ideaId: string) {
  // Key share: the item cannot be deleted until the conversation (with its foreign key) is written.
  const [row] = await tx.select({ id: ideas.id, userId: ideas.userId, title: ideas.title }).from(ideas).where(eq(ideas.id, ideaId)).for('key share').limit(1);
  return row ?? null;
}

/** The spec's Contact record: one row per press (SPEC §2 'records the action internally'). */
export async function recordContactRequest(tx: Tx, ideaId: string, userId: string): Promise<void> {
  await tx.insert(contactRequests).values({ ideaId, userId });
}

/**
 * The conversation of (item, starter), created with its two member rows when there is none yet.
 * Two presses at once make one: the unique index decides, and the loser reads the winner's row.
 */
export async function openConversation(
  tx: Tx,
  item: { id: string; userId: string; title: string },
  starterId: string,
): Promise<{ id: string; created: boolean }> {
  const [made] = await tx
    .insert(conversations)
    .values({ ideaId: item.id, itemTitle: item.title, starterId, creatorId: item.userId })
    .onConflictDoNothing({ target: [conversations.ideaId, conversations.starterId] })
    .returning({ id: conversations.id });
  if (made) {
    await tx.insert(members).values([
      { conversationId: made.id, userId: starterId },
      { conversationId: made.id, userId: item.userId },
    ]);
    return { id: made.id, created: true };
  }
  const [found] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.ideaId, item.id), eq(conversations.starterId, starterId)))
    .limit(1);
  if (!found) throw new Error('conversation neither created nor found');
  return { id: found.id, created: false };
}

export interface ConversationKeyset {
  at: Date;
  id: string;
}

/** One page of the person's conversations, latest activity first (limit + 1 rows: the extra one says there is more). */
export async function listConversations(db: Db, userId: string, after: ConversationKeyset | undefined, limit: number) {
  const rows = rowsOf<{
    id: string;
    unread: number | string;
    activity_at: Date | string;
    idea_id: string | null;
    title: string;
    other_id: string | null;
    other_name: string | null;
    other_photo_url: string | null;
    last_id: number | string | null;
    last_content: string | null;
    last_at: Date | string | null;
    last_sender: string | null;
  }>(
    await db.execute(sql`
      select m.conversation_id as id, m.unread, m.activity_at, c.idea_id, coalesce(i.title, c.item_title) as title,
        o.other_id, p.full_name as other_name, p.photo_url as other_photo_url,
        lm.id as last_id, lm.content as last_content, lm.created_at as last_at, lm.sender_id as last_sender
      from conversation_members m
      join conversations c on c.id = m.conversation_id
      cross join lateral (select case when c.starter_id = ${userId} then c.creator_id else c.starter_id end as other_id) o
      left join ideas i on i.id = c.idea_id
      left join profiles p on p.user_id = o.other_id
      left join lateral (
        select pm.id, left(pm.content, ${LAST_MESSAGE_PREVIEW_LENGTH}) as content, pm.created_at, pm.sender_id
        from private_messages pm where pm.conversation_id = m.conversation_id order by pm.id desc limit 1
      ) lm on true
      where m.user_id = ${userId}
        ${after ? sql`and (m.activity_at, m.conversation_id) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)` : sql``}
      order by m.activity_at desc, m.conversation_id desc
      limit ${limit + 1}`),
  );
  return rows.map((r) => ({
    id: r.id,
    unread: Number(r.unread),
    activityAt: asDate(r.activity_at),
    ideaId: r.idea_id,
    title: r.title,
    otherId: r.other_id,
    otherName: r.other_name,
    otherPhotoUrl: r.other_photo_url,
    last:
      r.last_id === null || r.last_content === null || r.last_at === null
        ? null
        : { id: Number(r.last_id), content: r.last_content, createdAt: asDate(r.last_at), senderId: r.last_sender },
  }));
}

/** Unread messages over all the person's conversations (one index range of their member rows). */
export async function unreadTotal(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(sum(${members.unread}), 0)::int` }).from(members).where(eq(members.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * The reader has seen the conversation up to `upTo` (never backwards, never past its newest
 * message); their unread count becomes the other person's messages after that. Takes the
 * conversation's row first, as every new message does, so a message and a read never cross.
 */
export async function markRead(db: Db, conversationId: string, userId: string, upTo: number): Promise<{ lastReadId: number; unread: number }> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select 1 from conversations where id = ${conversationId}::uuid for no key update`);
    const rows = rowsOf<{ last_read_id: number | string; unread: number | string }>(
      await tx.execute(sql`
        with target as (
          select greatest(m.last_read_id, least(${upTo}::bigint,
            (select coalesce(max(id), 0) from private_messages where conversation_id = ${conversationId}::uuid))) as upto
          from conversation_members m where m.conversation_id = ${conversationId}::uuid and m.user_id = ${userId}
        )
        update conversation_members m set last_read_id = target.upto,
          unread = (select count(*)::int from private_messages pm
                    where pm.conversation_id = ${conversationId}::uuid and pm.id > target.upto and pm.sender_id is distinct from ${userId})
        from target
        where m.conversation_id = ${conversationId}::uuid and m.user_id = ${userId}
        returning m.last_read_id, m.unread`),
    );
    const r = rows[0];
    return { lastReadId: Number(r?.last_read_id ?? 0), unread: Number(r?.unread ?? 0) };
  });
}

// ── Messages ───────────────────────────────────────────────────────────────────────────────

const messageColumns = {
  id: messages.id,
  content: messages.content,
  createdAt: messages.createdAt,
  senderId: messages.senderId,
  authorName: profiles.fullName,
  authorPhotoUrl: profiles.photoUrl,
};

function selectMessages(db: Db, conversationId: string, where: SQL | undefined, order: 'asc' | 'desc', limit: number) {
  return db
    .select(messageColumns)
    .from(messages)
    .leftJoin(profiles, eq(profiles.userId, messages.senderId))
    .where(and(eq(messages.conversationId, conversationId), where))
    .orderBy(order === 'asc' ? asc(messages.id) : desc(messages.id))
    .limit(limit);
}

/** Messages with id > afterId, oldest first. */
export async function messagesAfter(db: Db, conversationId: string, afterId: number, limit: number): Promise<PrivateMessage[]> {
  return (await selectMessages(db, conversationId, gt(messages.id, afterId), 'asc', limit)).map(toPrivateMessage);
}

/** Messages with id < beforeId (or the newest), returned oldest first. */
export async function messagesBefore(db: Db, conversationId: string, beforeId: number | undefined, limit: number): Promise<PrivateMessage[]> {
  const rows = await selectMessages(db, conversationId, beforeId === undefined ? undefined : lt(messages.id, beforeId), 'desc', limit);
  return rows.map(toPrivateMessage).reverse();
}

export async function latestMessageId(db: Db, conversationId: string): Promise<number> {
  const [row] = await db.select({ id: max(messages.id) }).from(messages).where(eq(messages.conversationId, conversationId));
  return row?.id === null || row?.id === undefined ? 0 : Number(row.id);
}

/**
 * Inserts a message, moves both people's activity (and the recipient's unread count; the sender has
 * read up to their own message) and NOTIFYs, in ONE statement: the conversation's row lock is taken
 * first, so within one conversation ids are drawn and committed in order (lib/realtime/fanout.ts). The
 * notice carries the message when it fits (as the discussion's, live.ts). Null when the
 * conversation is gone.
 */
export async function insertPrivateMessage(
  tx: Tx,
  input: { conversationId: string; senderId: string; content: string; channel: string },
): Promise<PrivateMessage | null> {
  const { conversationId, senderId, content, channel } = input;
  // Writing means having read the conversation: the sender's unread count starts again from 0.
  const rows = rowsOf<{ id: number | string; created_at: Date | string; author_name: string | null; author_photo_url: string | null }>(
    await tx.execute(sql`
      with locked as (
        update conversations set last_message_at = now() where id = ${conversationId}::uuid returning id
      ), inserted as (
        insert into private_messages (conversation_id, sender_id, content)
        select ${conversationId}::uuid, ${senderId}, ${content} from locked
        returning id, created_at
      ), moved as (
        update conversation_members m set activity_at = inserted.created_at,
          unread = case when m.user_id = ${senderId} then 0 else m.unread + 1 end,
          last_read_id = case when m.user_id = ${senderId} then inserted.id else m.last_read_id end
        from inserted where m.conversation_id = ${conversationId}::uuid
        returning 1
      ), written as (
        select inserted.*, p.full_name as author_name, p.photo_url as author_photo_url
        from inserted left join profiles p on p.user_id = ${senderId}
      ), notice as (
        select written.*,
          json_build_object('c', ${conversationId}::text, 'm', id, 'k', 'new')::text as by_id,
          json_build_object('c', ${conversationId}::text, 'm', id, 'k', 'new', 'r', json_build_object(
            'c', ${content}::text, 't', floor(extract(epoch from created_at) * 1000)::bigint, 'u', ${senderId}::text, 'n', author_name, 'a', author_photo_url
          ))::text as with_row
        from written
      )
      select id, created_at, author_name, author_photo_url,
        pg_notify(${channel}, case when octet_length(with_row) <= ${NOTIFY_PAYLOAD_MAX_BYTES} then with_row else by_id end) as notified
      from notice`),
  );
  const row = rows[0];
  if (!row) return null;
  return toPrivateMessage({ id: row.id, content, createdAt: asDate(row.created_at), senderId, authorName: row.author_name, authorPhotoUrl: row.author_photo_url });
}

/** A message and its conversation's item (for reports), or null. */
export async function findPrivateMessage(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ id: messages.id, conversationId: messages.conversationId, senderId: messages.senderId })
    .from(messages)
    .where(eq(messages.id, id))
    .limit(1);
  return row ? { ...row, id: Number(row.id) } : null;
}

/** Whether `userId` is one of the conversation's people now. */
export async function isMember(db: Db | Tx, conversationId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(members)
    .where(and(eq(members.conversationId, conversationId), eq(members.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Deletes a message (a moderator's removal from the Reports queue): the recipient's unread count
 * follows (when they had not read it) and every open stream is told on commit. Returns the
 * conversation's item and the sender, or null when there was no such message.
 */
export async function deletePrivateMessage(tx: Tx, id: number, channel: string) {
  const rows = rowsOf<{ conversation_id: string; sender_id: string | null; idea_id: string | null; title: string }>(
    await tx.execute(sql`
      with locked as (
        select c.id, c.idea_id, coalesce(i.title, c.item_title) as title from conversations c
        left join ideas i on i.id = c.idea_id
        where c.id = (select conversation_id from private_messages where id = ${id}) for no key update of c
      ), gone as (
        delete from private_messages pm using locked where pm.id = ${id} and pm.conversation_id = locked.id
        returning pm.conversation_id, pm.sender_id
      ), counted as (
        update conversation_members m set unread = greatest(m.unread - 1, 0)
        from gone where m.conversation_id = gone.conversation_id and m.user_id is distinct from gone.sender_id and m.last_read_id < ${id}
        returning 1
      )
      select gone.conversation_id, gone.sender_id, locked.idea_id, locked.title,
        pg_notify(${channel}, json_build_object('c', gone.conversation_id::text, 'm', ${id}::bigint, 'k', 'del')::text) as notified
      from gone join locked on locked.id = gone.conversation_id`),
  );
  const r = rows[0];
  return r ? { conversationId: r.conversation_id, senderId: r.sender_id, ideaId: r.idea_id, title: r.title } : null;
}
