/** SQL for discussions. One discussion per item; messages are read oldest first, keyset by id. */
import { and, asc, desc, eq, gt, lt, max, sql, type SQL } from 'drizzle-orm';
import { DELETED_USER_NAME, type DiscussionMessage } from '../../../shared/schemas/discussion.ts';
import type { Db } from '../../db/client.ts';
import { ideaDiscussionMessages as messages, ideaDiscussions as discussions, profiles } from '../../db/schema.ts';

const messageColumns = {
  id: messages.id,
  content: messages.content,
  createdAt: messages.createdAt,
  userId: messages.userId,
  authorName: profiles.fullName,
};

type MessageRow = { id: number; content: string; createdAt: Date; userId: string | null; authorName: string | null };

export function toMessage(row: MessageRow): DiscussionMessage {
  return {
    id: Number(row.id),
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    // A null author deleted their account; the message stays, under that name.
    author:
      row.userId === null
        ? { id: null, name: DELETED_USER_NAME }
        : { id: row.userId, name: row.authorName?.trim() ? row.authorName : null },
  };
}

function selectMessages(db: Db, ideaId: string, where: SQL | undefined, order: 'asc' | 'desc', limit: number) {
  return db
    .select(messageColumns)
    .from(messages)
    .innerJoin(discussions, eq(discussions.id, messages.discussionId))
    .leftJoin(profiles, eq(profiles.userId, messages.userId))
    .where(and(eq(discussions.ideaId, ideaId), where))
    .orderBy(order === 'asc' ? asc(messages.id) : desc(messages.id))
    .limit(limit);
}

/** Messages of an item's discussion with id > afterId, oldest first. */
export async function messagesAfter(db: Db, ideaId: string, afterId: number, limit: number): Promise<DiscussionMessage[]> {
  const rows = await selectMessages(db, ideaId, gt(messages.id, afterId), 'asc', limit);
  return rows.map(toMessage);
}

/** Messages with id < beforeId (or the newest when beforeId is undefined), returned oldest first. */
export async function messagesBefore(db: Db, ideaId: string, beforeId: number | undefined, limit: number): Promise<DiscussionMessage[]> {
  const rows = await selectMessages(db, ideaId, beforeId === undefined ? undefined : lt(messages.id, beforeId), 'desc', limit);
  return rows.map(toMessage).reverse();
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
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (BLCKSZ - NAMEDATALEN - 128 with the
 * default build, PGlite included).
 */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7999;

/**
 * Inserts a message, counts it and NOTIFYs, in ONE statement: the item's row lock is taken first
 * (the UPDATE feeds the INSERT), so within one discussion ids are drawn, and committed, in order.
 * The caller's transaction holds that lock until it commits (with the notifications the message
 * causes). Null when the item is gone.
 *
 * The notice carries the message itself (live.ts DiscussionNotice 'r') when the whole payload fits,
 * so listening instances hand it to their subscribers without reading it back; a message too long
 * for it (2,000 emoji are 8,000 bytes) is announced by id only and read from the table.
 * 't' is created_at in whole milliseconds, the precision the API gives (toMessage).
 */
export async function insertMessage(
  db: Db,
  input: { ideaId: string; discussionId: string; userId: string; content: string; channel: string },
): Promise<DiscussionMessage | null> {
  const { ideaId, discussionId, userId, content, channel } = input;
  const result = (await db.execute(sql`
    with locked as (
      update ideas set message_count = message_count + 1 where id = ${ideaId} returning id
    ), inserted as (
      insert into idea_discussion_messages (discussion_id, user_id, content)
      select ${discussionId}, ${userId}, ${content} from locked
      returning id, created_at, user_id, content
    ), written as (
      select inserted.*, (select full_name from profiles where user_id = inserted.user_id) as author_name from inserted
    ), notice as (
      select written.*,
        json_build_object('i', ${ideaId}::text, 'm', id, 'k', 'new')::text as by_id,
        json_build_object('i', ${ideaId}::text, 'm', id, 'k', 'new', 'r', json_build_object(
          'c', content, 't', floor(extract(epoch from created_at) * 1000)::bigint, 'u', user_id, 'n', author_name
        ))::text as with_row
      from written
    )
    select id, created_at, author_name,
      pg_notify(${channel}, case when octet_length(with_row) <= ${NOTIFY_PAYLOAD_MAX_BYTES} then with_row else by_id end) as notified
    from notice`)) as unknown as { rows: { id: number | string; created_at: Date | string; author_name: string | null }[] };
  const row = result.rows[0];
  if (!row) return null;
  return toMessage({ id: Number(row.id), createdAt: new Date(row.created_at), content, userId, authorName: row.author_name });
}

/** Deletes a message; returns the item it belonged to and its author, or null when there was no such message. */
export async function deleteMessage(tx: Tx, messageId: number): Promise<{ ideaId: string; authorId: string | null } | null> {
  const [row] = await tx
    .delete(messages)
    .where(eq(messages.id, messageId))
    .returning({ discussionId: messages.discussionId, authorId: messages.userId });
  if (!row) return null;
  const [d] = await tx.select({ ideaId: discussions.ideaId }).from(discussions).where(eq(discussions.id, row.discussionId));
  return d ? { ideaId: d.ideaId, authorId: row.authorId } : null;
}

/** NOTIFY, delivered to every listening instance when the transaction commits. */
export async function notify(tx: Tx, channel: string, payload: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}
