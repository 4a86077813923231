/**
 * Reports and the moderators' queue (issue 14 points 14 and 15; private messages: issue 17 point 6).
 *
 * - Report: a signed-in person flags an item, a message of a discussion they may read, or a message
 *   of one of their own private conversations, giving a reason (a note is required for 'Other').
 *   A reported private message reaches the queue alone: its text, time, sender and the item of its
 *   conversation, never the rest of the conversation. Not their own; one open report per person and target
 *   (the database's partial unique index decides, so two presses at once make one report: 409).
 * - Queue: open reports grouped by target, newest first, with counts, reasons and reporters by
 *   name only (never an email address: moderators use it).
 * - Decisions, for all the target's open reports at once, each audited in its own transaction:
 *   Dismiss marks them dismissed; Remove deletes the item or the message through the same code as
 *   every other removal (counters, stored image, live streams), which takes the reports with it.
 *
 * Lock order, so decisions never deadlock with each other or with removals elsewhere: the target's
 * row first (the item, or the message), then its reports.
 */
import { REPORT_TEXTS, type ReportReason, type ReportTargetType } from '../../../shared/rules/report.ts';
import {
  type AdminReportsPage,
  type AdminReportsQuery,
  checkReportNote,
  type Report,
  type ReportDecided,
  type ReportGroup,
  type ReportInput,
} from '../../../shared/schemas/reports.ts';
import { cleanRemovalReason } from '../../../shared/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { conflict, forbidden, notFound, unauthorized, validationFailed } from '../../lib/errors.ts';
import type { Logger } from '../../logger.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { deletePrivateMessage, findPrivateMessage, isMember } from '../conversations/index.ts';
import { PRIVATE_MESSAGES_CHANNEL } from '../conversations/index.ts';
import { deleteMessageWithin, discussionAccess } from '../discussion/index.ts';
import { notify as notifyPeople } from '../notifications/index.ts';
import { deleteLockedIdea } from '../ideas/index.ts';
import type { Viewer } from '../../app-env.ts';
import { IDEA_NOT_FOUND } from '../ideas/index.ts';
import { isUuid } from '../../lib/ids.ts';
import { FOREIGN_KEY_VIOLATION, inTransaction, sqlState } from '../../db/transaction.ts';
import {
  conversationTitle,
  dismissOpenReports,
  findItem,
  findMessage,
  insertReport,
  itemsById,
  itemTitle,
  lockItem,
  lockMessage,
  lockOpenReports,
  lockPrivateMessage,
  messagesById,
  privateMessagesById,
  newestReporters,
  queueHeads,
  reasonCounts,
  type Tx,
} from './queries.ts';

const MESSAGE_ID = /^[1-9][0-9]{0,15}$/;

/** A message id from a path or body, or null when it cannot be one (simply not found, never a database error). */
function messageIdOf(raw: string): number | null {
  if (!MESSAGE_ID.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

const notFoundFor = (type: ReportTargetType) => notFound(type === 'idea' ? IDEA_NOT_FOUND : REPORT_TEXTS.messageNotFound);

export async function createReport(db: Db, viewer: Viewer | null, input: ReportInput, logger: Logger): Promise<Report> {
  if (!viewer) throw unauthorized();
  const checked = checkReportNote(input.reason, input.note);
  if (!checked.ok) throw validationFailed(checked.message, { note: [checked.message] });

  let target: { ideaId: string | null; messageId: number | null; privateMessageId: number | null; targetId: string };
  if (input.targetType === 'idea') {
    const item = isUuid(input.targetId) ? await findItem(db, input.targetId) : null;
    if (!item) throw notFoundFor('idea');
    if (item.userId === viewer.userId) throw forbidden(REPORT_TEXTS.ownItem);
    target = { ideaId: item.id, messageId: null, privateMessageId: null, targetId: item.id };
  } else if (input.targetType === 'private_message') {
    const id = messageIdOf(input.targetId);
    const message = id === null ? null : await findPrivateMessage(db, id);
    // Only the conversation's two people may report its messages; to anyone else it does not exist.
    if (!message || !(await isMember(db, message.conversationId, viewer.userId))) throw notFoundFor('private_message');
    if (message.senderId === viewer.userId) throw forbidden(REPORT_TEXTS.ownMessage);
    target = { ideaId: null, messageId: null, privateMessageId: message.id, targetId: String(message.id) };
  } else {
    const id = messageIdOf(input.targetId);
    const message = id === null ? null : await findMessage(db, id);
    if (!message) throw notFoundFor('message');
    if (message.userId === viewer.userId) throw forbidden(REPORT_TEXTS.ownMessage);
    // Only a message one may read can be reported; to anyone else it does not exist.
    const { fullAccess } = await discussionAccess(db, message.ideaId, viewer, logger);
    if (!fullAccess) throw notFoundFor('message');
    target = { ideaId: message.ideaId, messageId: message.id, privateMessageId: null, targetId: String(message.id) };
  }

  let row;
  try {
    row = await insertReport(db, {
      reporterId: viewer.userId,
      targetType: input.targetType,
      targetId: target.targetId,
      ideaId: target.ideaId,
      messageId: target.messageId,
      privateMessageId: target.privateMessageId,
      reason: input.reason,
      note: checked.note,
    });
  } catch (error) {
    // The item or message went between the check and the insert.
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw notFoundFor(input.targetType);
    throw error;
  }
  if (!row) throw conflict(REPORT_TEXTS.alreadyReported);
  return {
    id: row.id,
    targetType: input.targetType,
    targetId: target.targetId,
    reason: input.reason,
    note: checked.note,
    createdAt: row.createdAt.toISOString(),
  };
}

// ── The queue ────────────────────────────────────────────────────────────────────────────────

const keyOf = (type: string, id: string) => `${type}:${id}`;

export async function listReportQueue(db: Db, query: AdminReportsQuery): Promise<AdminReportsPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const heads = await queueHeads(db, after, query.limit + 1);
  const page = heads.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = heads.length > query.limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null;

  const targetIds = page.map((h) => h.targetId);
  const messageIds = page.flatMap((h) => (h.messageId === null ? [] : [Number(h.messageId)]));
  const privateIds = page.flatMap((h) => (h.privateMessageId === null ? [] : [Number(h.privateMessageId)]));
  const [counts, reporters, items, msgs, privateMsgs] = await Promise.all([
    reasonCounts(db, targetIds),
    newestReporters(db, targetIds),
    itemsById(db, [...new Set(page.flatMap((h) => (h.ideaId === null ? [] : [h.ideaId])))]),
    messagesById(db, messageIds),
    privateMessagesById(db, privateIds),
  ]);
  const itemById = new Map(items.map((i) => [i.id, i]));
  const messageById = new Map(msgs.map((m) => [m.id, m]));
  const privateById = new Map(privateMsgs.map((m) => [m.id, m]));

  const groups: ReportGroup[] = [];
  for (const head of page) {
    const key = keyOf(head.targetType, head.targetId);
    const privateMessage = head.privateMessageId === null ? null : privateById.get(Number(head.privateMessageId));
    const item = privateMessage ? { id: privateMessage.ideaId, title: privateMessage.title, userId: null, authorName: null } : head.ideaId === null ? undefined : itemById.get(head.ideaId);
    const message = privateMessage ?? (head.messageId === null ? null : messageById.get(Number(head.messageId)));
    // Removed since the page's first read (its reports went with it).
    if (!item || ((head.messageId !== null || head.privateMessageId !== null) && !message)) continue;
    const reasons = counts
      .filter((c) => keyOf(c.targetType, c.targetId) === key)
      .map((c) => ({ reason: c.reason as ReportReason, count: c.count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
    groups.push({
      targetType: head.targetType as ReportTargetType,
      targetId: head.targetId,
      item: { id: item.id, title: item.title },
      message: message ? { id: message.id, content: message.content, createdAt: message.createdAt.toISOString() } : null,
      author: message ? { id: message.userId, name: message.authorName } : { id: item.userId, name: item.authorName },
      count: reasons.reduce((n, r) => n + r.count, 0),
      reasons,
      reporters: reporters
        .filter((r) => keyOf(r.targetType, r.targetId) === key)
        .map((r) => ({ id: r.reporterId, name: r.name, reason: r.reason as ReportReason, note: r.note, at: r.createdAt.toISOString() })),
      latestAt: head.createdAt.toISOString(),
    });
  }
  return { items: groups, nextCursor };
}

// ── Decisions ────────────────────────────────────────────────────────────────────────────────

/** How many of the decided reports gave each reason: { spam: 2, other: 1 }. */
function reasonTally(rows: { reason: string }[]): Record<string, number> {
  const tally: Record<string, number> = {};
  for (const r of rows) tally[r.reason] = (tally[r.reason] ?? 0) + 1;
  return tally;
}

/** The title an audit entry names: the item's, or the item's of the message (of its conversation, for a private one). */
async function titleOf(tx: Tx, target: { item: { title: string } | null; ideaId: string | null; conversationId: string | null }) {
  if (target.item) return target.item.title;
  if (target.conversationId !== null) return conversationTitle(tx, target.conversationId);
  return target.ideaId === null ? null : itemTitle(tx, target.ideaId);
}

/** Locks the target's row (the item, or the message) first: see the module comment. Null when it is gone. */
async function lockTarget(tx: Tx, type: ReportTargetType, rawId: string, strength: 'key share' | 'update') {
  if (type === 'idea') {
    const item = isUuid(rawId) ? await lockItem(tx, rawId, strength) : null;
    return item ? { type, ideaId: item.id, item, messageId: null, conversationId: null } : null;
  }
  const id = messageIdOf(rawId);
  if (id === null) return null;
  if (type === 'private_message') {
    const message = await lockPrivateMessage(tx, id, strength);
    return message ? { type, ideaId: null, item: null, messageId: message.id, conversationId: message.conversationId } : null;
  }
  const message = await lockMessage(tx, id, strength);
  return message ? { type, ideaId: message.ideaId, item: null, messageId: message.id, conversationId: null } : null;
}

export async function dismissReports(db: Db, viewer: Viewer, type: ReportTargetType, rawId: string): Promise<ReportDecided> {
  return inTransaction(db, async (tx) => {
    const target = await lockTarget(tx, type, rawId, 'key share');
    if (!target) throw notFound(REPORT_TEXTS.noOpenReports);
    const targetId = target.messageId === null ? target.ideaId : String(target.messageId);
    const decided = await dismissOpenReports(tx, type, targetId, new Date());
    if (decided.length === 0) throw notFound(REPORT_TEXTS.noOpenReports);
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'report.dismiss',
      target: { type, id: targetId, title: await titleOf(tx, target) },
      details: { reports: decided.length, reasons: reasonTally(decided), ...(type !== 'idea' && target.ideaId ? { ideaId: target.ideaId } : {}) },
    });
    return { targetType: type, targetId, decision: 'dismiss', reports: decided.length };
  });
}

/** Remove: the target goes like every other removal, and its author is told (with the moderator's reason, when given). */
export async function removeReported(db: Db, viewer: Viewer, type: ReportTargetType, rawId: string, rawReason?: string | null): Promise<ReportDecided> {
  const reason = cleanRemovalReason(rawReason);
  const removal = { by: viewer.userId, reason };
  return inTransaction(db, async (tx) => {
    const target = await lockTarget(tx, type, rawId, 'update');
    if (!target) throw notFound(REPORT_TEXTS.noOpenReports);
    const targetId = target.messageId === null ? target.ideaId : String(target.messageId);
    const open = await lockOpenReports(tx, type, targetId);
    if (open.length === 0) throw notFound(REPORT_TEXTS.noOpenReports);
    let title: string | null;
    let details: Record<string, unknown>;
    if (target.conversationId !== null) {
      // The private message alone goes; its sender is told, as for a discussion message.
      const removed = await deletePrivateMessage(tx, Number(targetId), PRIVATE_MESSAGES_CHANNEL);
      if (!removed) throw notFound(REPORT_TEXTS.noOpenReports);
      if (removed.senderId) {
        await notifyPeople(tx, { kind: 'removal', recipientId: removed.senderId, actorId: viewer.userId, target: 'message', ideaId: removed.ideaId, itemTitle: removed.title, reason });
      }
      title = removed.title;
      details = removed.ideaId ? { ideaId: removed.ideaId } : {};
    } else if (target.item) {
      // The item, everything hanging from it (its reports too) and its stored image.
      await deleteLockedIdea(tx, target.item, removal);
      title = target.item.title;
      details = { category: target.item.category, ownerId: target.item.userId };
    } else {
      const removed = await deleteMessageWithin(tx, Number(targetId), removal);
      if (!removed) throw notFound(REPORT_TEXTS.noOpenReports);
      title = removed.itemTitle;
      details = { ideaId: removed.ideaId };
    }
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'report.remove',
      target: { type, id: targetId, title },
      details: { ...details, reports: open.length, reasons: reasonTally(open), ...(reason ? { reason } : {}) },
    });
    return { targetType: type, targetId, decision: 'remove', reports: open.length };
  });
}
