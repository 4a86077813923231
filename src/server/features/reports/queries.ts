/**
 * SQL for reports and the moderators' queue. The queue is keyset paged over each target's newest
 * open report (reports_open_created_at_idx, with reports_open_target_idx answering "is there a
 * newer one?"), so a page reads its own rows and their targets' reports, never the whole queue.
 */
import { and, desc, eq, gt, inArray, isNull, lt, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DELETED_USER_NAME } from '../../../shared/schemas/discussion.ts';
import { REPORTERS_SHOWN, type ReportReason, type ReportTargetType } from '../../../shared/schemas/reports.ts';
import type { Db } from '../../db/client.ts';
import { conversations, ideaDiscussionMessages as messages, ideaDiscussions as discussions, ideas, privateMessages, profiles, reports, users } from '../../db/schema.ts';
import { displayName } from '../../lib/display-name.ts';
import type { Keyset } from '../../lib/keyset-cursor.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Literal, so the planner matches the partial indexes' predicate. */
export const isOpen = sql`${reports.status} = 'open'`;

const ofTarget = (type: ReportTargetType, id: string) => and(isOpen, eq(reports.targetType, type), eq(reports.targetId, id));

/** A person's display name: profile name, else account name; never the email address. */
const personName = displayName(profiles.fullName, users.name);

/** The item's owner, or null when there is no such item. */
export async function findItem(db: Db, id: string): Promise<{ id: string; userId: string } | null> {
  const [row] = await db.select({ id: ideas.id, userId: ideas.userId }).from(ideas).where(eq(ideas.id, id)).limit(1);
  return row ?? null;
}

/** The message's author (null: account deleted) and item, or null when there is no such message. */
export async function findMessage(db: Db, id: number): Promise<{ id: number; userId: string | null; ideaId: string } | null> {
  const [row] = await db
    .select({ id: messages.id, userId: messages.userId, ideaId: discussions.ideaId })
    .from(messages)
    .innerJoin(discussions, eq(discussions.id, messages.discussionId))
    // 'Message deleted' in the place of one with replies: nothing left to report.
    .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Inserts an open report; null when the person already has one open for this target (the partial unique index). */
export async function insertReport(
  db: Db,
  values: {
    reporterId: string;
    targetType: ReportTargetType;
    targetId: string;
    ideaId: string | null;
    messageId: number | null;
    privateMessageId?: number | null;
    reason: ReportReason;
    note: string | null;
  },
) {
  const [row] = await db
    .insert(reports)
    .values(values)
    .onConflictDoNothing({ target: [reports.reporterId, reports.targetType, reports.targetId], where: isOpen })
    .returning({ id: reports.id, createdAt: reports.createdAt });
  return row ?? null;
}

/** Locks the item against deletion (`key share`) or for it (`update`); null when it is gone. */
export async function lockItem(tx: Tx, id: string, strength: 'key share' | 'update') {
  const [row] = await tx
    .select({ id: ideas.id, userId: ideas.userId, title: ideas.title, category: ideas.category, imageUrl: ideas.imageUrl })
    .from(ideas)
    .where(eq(ideas.id, id))
    .for(strength)
    .limit(1);
  return row ?? null;
}

/** Locks the message row; its item's id, or null when it is gone. */
export async function lockMessage(tx: Tx, id: number, strength: 'key share' | 'update') {
  const [row] = await tx
    .select({ id: messages.id, userId: messages.userId, discussionId: messages.discussionId })
    .from(messages)
    .where(eq(messages.id, id))
    .for(strength)
    .limit(1);
  if (!row) return null;
  const [d] = await tx.select({ ideaId: discussions.ideaId }).from(discussions).where(eq(discussions.id, row.discussionId)).limit(1);
  return d ? { id: row.id, userId: row.userId, ideaId: d.ideaId } : null;
}

/** Locks a private message's row; its conversation, or null when it is gone. */
export async function lockPrivateMessage(tx: Tx, id: number, strength: 'key share' | 'update') {
  const [row] = await tx
    .select({ id: privateMessages.id, conversationId: privateMessages.conversationId })
    .from(privateMessages)
    .where(eq(privateMessages.id, id))
    .for(strength)
    .limit(1);
  return row ? { id: Number(row.id), conversationId: row.conversationId } : null;
}

/** The target's open reports, locked until the decision commits. */
export async function lockOpenReports(tx: Tx, type: ReportTargetType, id: string) {
  return tx.select({ id: reports.id, reason: reports.reason, ideaId: reports.ideaId }).from(reports).where(ofTarget(type, id)).for('update');
}

/** Marks the target's open reports dismissed; returns them. */
export async function dismissOpenReports(tx: Tx, type: ReportTargetType, id: string, now: Date) {
  return tx.update(reports).set({ status: 'dismissed', decidedAt: now }).where(ofTarget(type, id)).returning({ id: reports.id, reason: reports.reason, ideaId: reports.ideaId });
}

export async function itemTitle(db: Db | Tx, id: string): Promise<string | null> {
  const [row] = await db.select({ title: ideas.title }).from(ideas).where(eq(ideas.id, id)).limit(1);
  return row?.title ?? null;
}

/** A conversation's item title (the item's now, or as it was when the conversation began). */
export async function conversationTitle(db: Db | Tx, conversationId: string): Promise<string | null> {
  const [row] = await db
    .select({ title: sql<string>`coalesce(${ideas.title}, ${conversations.itemTitle})` })
    .from(conversations)
    .leftJoin(ideas, eq(ideas.id, conversations.ideaId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return row?.title ?? null;
}

// ── The queue ────────────────────────────────────────────────────────────────────────────────

export interface QueueHead {
  id: string;
  createdAt: Date;
  targetType: string;
  targetId: string;
  ideaId: string | null;
  messageId: number | null;
  privateMessageId: number | null;
}

/** Each target's newest open report, newest first, after `after`; `limit` rows. */
export async function queueHeads(db: Db, after: Keyset | null, limit: number): Promise<QueueHead[]> {
  const newer = alias(reports, 'newer');
  const where: SQL[] = [
    isOpen,
    notExists(
      db
        .select({ one: sql`1` })
        .from(newer)
        .where(
          and(
            sql`${newer.status} = 'open'`,
            eq(newer.targetType, reports.targetType),
            eq(newer.targetId, reports.targetId),
            or(gt(newer.createdAt, reports.createdAt), and(eq(newer.createdAt, reports.createdAt), gt(newer.id, reports.id))),
          ),
        ),
    ),
  ];
  if (after) where.push(or(lt(reports.createdAt, after.createdAt), and(eq(reports.createdAt, after.createdAt), lt(reports.id, after.id)))!);
  return db
    .select({
      id: reports.id,
      createdAt: reports.createdAt,
      targetType: reports.targetType,
      targetId: reports.targetId,
      ideaId: reports.ideaId,
      messageId: reports.messageId,
      privateMessageId: reports.privateMessageId,
    })
    .from(reports)
    .where(and(...where))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit);
}

/** Open reports per target and reason. */
export async function reasonCounts(db: Db, targetIds: string[]) {
  if (targetIds.length === 0) return [];
  return db
    .select({ targetType: reports.targetType, targetId: reports.targetId, reason: reports.reason, count: sql<number>`count(*)::int` })
    .from(reports)
    .where(and(isOpen, inArray(reports.targetId, targetIds)))
    .groupBy(reports.targetType, reports.targetId, reports.reason);
}

/** The newest REPORTERS_SHOWN open reports of each target, with the reporter's name. */
export async function newestReporters(db: Db, targetIds: string[]) {
  if (targetIds.length === 0) return [];
  const ranked = db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reporterId: reports.reporterId,
      reason: reports.reason,
      note: reports.note,
      createdAt: reports.createdAt,
      rank: sql<number>`row_number() over (partition by ${reports.targetType}, ${reports.targetId} order by ${reports.createdAt} desc, ${reports.id} desc)`.as('rank'),
    })
    .from(reports)
    .where(and(isOpen, inArray(reports.targetId, targetIds)))
    .as('ranked');
  return db
    .select({
      targetType: ranked.targetType,
      targetId: ranked.targetId,
      reporterId: ranked.reporterId,
      name: personName,
      reason: ranked.reason,
      note: ranked.note,
      createdAt: ranked.createdAt,
    })
    .from(ranked)
    .leftJoin(users, eq(users.id, ranked.reporterId))
    .leftJoin(profiles, eq(profiles.userId, ranked.reporterId))
    .where(lte(ranked.rank, REPORTERS_SHOWN))
    .orderBy(desc(ranked.createdAt), desc(ranked.id));
}

/** Items by id, with their creator's name. */
export async function itemsById(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: ideas.id, title: ideas.title, userId: ideas.userId, authorName: personName })
    .from(ideas)
    .leftJoin(users, eq(users.id, ideas.userId))
    .leftJoin(profiles, eq(profiles.userId, ideas.userId))
    .where(inArray(ideas.id, ids));
}

/** Messages by id, with their author's name ('Deleted user' once the account is gone). */
export async function messagesById(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: messages.id, content: messages.content, createdAt: messages.createdAt, userId: messages.userId, authorName: personName })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.userId))
    .leftJoin(profiles, eq(profiles.userId, messages.userId))
    .where(inArray(messages.id, ids));
  return rows.map((r) => ({ ...r, id: Number(r.id), authorName: r.userId === null ? DELETED_USER_NAME : r.authorName }));
}

/**
 * Reported private messages by id: the message alone (text, time, sender by name) and the item its
 * conversation is about. Nothing else of the conversation is read.
 */
export async function privateMessagesById(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: privateMessages.id,
      content: privateMessages.content,
      createdAt: privateMessages.createdAt,
      userId: privateMessages.senderId,
      authorName: personName,
      ideaId: conversations.ideaId,
      title: sql<string>`coalesce(${ideas.title}, ${conversations.itemTitle})`,
    })
    .from(privateMessages)
    .innerJoin(conversations, eq(conversations.id, privateMessages.conversationId))
    .leftJoin(ideas, eq(ideas.id, conversations.ideaId))
    .leftJoin(users, eq(users.id, privateMessages.senderId))
    .leftJoin(profiles, eq(profiles.userId, privateMessages.senderId))
    .where(inArray(privateMessages.id, ids));
  return rows.map((r) => ({ ...r, id: Number(r.id), authorName: r.userId === null ? DELETED_USER_NAME : r.authorName }));
}
