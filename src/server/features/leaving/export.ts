/**
 * The person's data export (GET /api/me/export): one JSON document, written in pieces. Each list
 * is read a page at a time by keyset, and the next page only when the reader wants more, so a
 * person with many items or messages never sits in memory whole.
 */
import { and, asc, desc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import type { DataExport } from '../../../shared/schemas/leaving.ts';
import type { Db } from '../../db/client.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterKeyset, type Keyset } from '../../lib/keyset-cursor.ts';
import {
  accounts,
  contactRequests,
  conversationMembers,
  conversations,
  coupons,
  ideaDiscussionMessages as messages,
  ideaDiscussions as discussions,
  ideas,
  likes,
  newsletterSubscriptions,
  payments,
  privateMessages,
  profiles,
  ratings,
  reports,
  savedItems,
  sessions,
  users,
} from '../../db/schema.ts';
import { preferencesOf } from '../notifications/index.ts';
import { listNotifications, type NotificationRow } from '../notifications/index.ts';
import { toNotification } from '../notifications/index.ts';
import { toProfile } from '../profiles/index.ts';
import { addressesOf } from './addresses.ts';

export const EXPORT_PAGE_SIZE = 500;

type Section<K extends keyof DataExport> = DataExport[K] extends (infer R)[] ? R : never;

/** Reads pages until one comes back short; `next` gets the previous page's last row. */
async function* paged<Row>(page: (last: Row | undefined) => Promise<Row[]>, pageSize: number): AsyncGenerator<Row> {
  let last: Row | undefined;
  for (;;) {
    const rows = await page(last);
    yield* rows;
    if (rows.length < pageSize) return;
    last = rows[rows.length - 1];
  }
}

const iso = (d: Date) => d.toISOString();

/** Newest first by (created_at, id): the shape of most of our per-person indexes. */
const olderThan = (createdAt: AnyPgColumn, id: AnyPgColumn, last: Keyset | undefined) => (last ? afterKeyset(createdAt, id, last) : undefined);

/** One list of the export: `,"name":[…]`, in pieces of about 64 KB; `shape` returning null leaves a row out. */
async function* list<K extends keyof DataExport, Row>(
  name: K,
  rows: AsyncGenerator<Row>,
  /** null leaves the row out. */
  shape: (row: Row) => Section<K> | null,
): AsyncGenerator<string> {
  let first = true;
  let buffer = `,${JSON.stringify(name)}:[`;
  for await (const row of rows) {
    const shaped = shape(row);
    if (shaped === null) continue;
    buffer += (first ? '' : ',') + JSON.stringify(shaped);
    first = false;
    if (buffer.length >= 64 * 1024) {
      yield buffer;
      buffer = '';
    }
  }
  yield `${buffer}]`;
}

/** The export's head: the account, how one signs in, the profile and the choices; null when there is no such account. */
async function exportHead(db: Db, userId: string, now: Date) {
  const [account] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!account) return null;
  const methods = await db
    .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt))
    .limit(100);
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  const addresses = await addressesOf(db, userId);
  const subscriptions = addresses.length
    ? await db.select().from(newsletterSubscriptions).where(inArray(newsletterSubscriptions.email, addresses)).orderBy(asc(newsletterSubscriptions.createdAt))
    : [];
  const head: Pick<
    DataExport,
    'format' | 'exportedAt' | 'account' | 'signInMethods' | 'profile' | 'notificationPreferences' | 'newsletterSubscriptions'
  > = {
    format: 'ideahub-data-export/1',
    exportedAt: iso(now),
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      emailVerified: account.emailVerified,
      role: account.role,
      image: account.image,
      createdAt: iso(account.createdAt),
      twoFactorEnabled: account.twoFactorEnabled,
    },
    signInMethods: methods.map((m) => ({ provider: m.provider, createdAt: iso(m.createdAt) })),
    profile: profile ? toProfile(profile) : null,
    notificationPreferences: (await preferencesOf(db, [userId])).get(userId)!,
    newsletterSubscriptions: subscriptions.map((n) => ({
      email: n.email,
      status: n.status === 'confirmed' ? ('confirmed' as const) : ('pending' as const),
      subscribedAt: iso(n.createdAt),
      confirmedAt: n.confirmedAt ? iso(n.confirmedAt) : null,
    })),
  };
  return head;
}

/** What the person made: items, discussion messages, conversations and private messages. */
async function* contentSections(db: Db, userId: string, pageSize: number): AsyncGenerator<string> {
  yield* list(
    'items',
    paged(
      (last: typeof ideas.$inferSelect | undefined) =>
        db
          .select()
          .from(ideas)
          .where(and(eq(ideas.userId, userId), olderThan(ideas.createdAt, ideas.id, last)))
          .orderBy(desc(ideas.createdAt), desc(ideas.id))
          .limit(pageSize),
      pageSize,
    ),
    (r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      projectDetails: r.projectDetails,
      category: r.category,
      price: Number(r.price),
      currency: r.currency,
      imageUrl: r.imageUrl,
      rating: r.rating === null ? null : Number(r.rating),
      likeCount: r.likeCount,
      messageCount: r.messageCount,
      ratingCount: r.ratingCount,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    }),
  );

  type MessageRow = { id: number; itemId: string; itemTitle: string; content: string; parentId: number | null; createdAt: Date; editedAt: Date | null };
  yield* list(
    'messages',
    paged(
      (last: MessageRow | undefined) =>
        db
          .select({
            id: messages.id,
            itemId: ideas.id,
            itemTitle: ideas.title,
            content: messages.content,
            parentId: messages.parentId,
            createdAt: messages.createdAt,
            editedAt: messages.editedAt,
          })
          .from(messages)
          .innerJoin(discussions, eq(discussions.id, messages.discussionId))
          .innerJoin(ideas, eq(ideas.id, discussions.ideaId))
          .where(and(eq(messages.userId, userId), last ? gt(messages.id, last.id) : undefined))
          .orderBy(asc(messages.id))
          .limit(pageSize),
      pageSize,
    ),
    (r) => ({
      id: Number(r.id),
      itemId: r.itemId,
      itemTitle: r.itemTitle,
      content: r.content,
      repliesTo: r.parentId === null ? null : Number(r.parentId),
      createdAt: iso(r.createdAt),
      editedAt: r.editedAt ? iso(r.editedAt) : null,
    }),
  );

  type ConversationRow = { id: string; itemId: string | null; itemTitle: string; starterId: string | null; withName: string | null; createdAt: Date };
  yield* list(
    'conversations',
    paged(
      (last: ConversationRow | undefined) =>
        db
          .select({
            id: conversations.id,
            itemId: conversations.ideaId,
            itemTitle: sql<string>`coalesce(${ideas.title}, ${conversations.itemTitle})`,
            starterId: conversations.starterId,
            withName: sql<string | null>`(select ${profiles.fullName} from ${profiles} where ${profiles.userId} =
              case when ${conversations.starterId} = ${userId} then ${conversations.creatorId} else ${conversations.starterId} end)`,
            createdAt: conversations.createdAt,
          })
          .from(conversationMembers)
          .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
          .leftJoin(ideas, eq(ideas.id, conversations.ideaId))
          .where(and(eq(conversationMembers.userId, userId), last ? gt(conversationMembers.conversationId, last.id) : undefined))
          .orderBy(asc(conversationMembers.conversationId))
          .limit(pageSize),
      pageSize,
    ),
    (r) => ({ id: r.id, itemId: r.itemId, itemTitle: r.itemTitle, withName: r.withName, startedByMe: r.starterId === userId, createdAt: iso(r.createdAt) }),
  );

  type PrivateRow = { id: number; conversationId: string; senderId: string | null; content: string; createdAt: Date };
  yield* list(
    'privateMessages',
    paged(
      (last: PrivateRow | undefined) =>
        db
          .select({
            id: privateMessages.id,
            conversationId: privateMessages.conversationId,
            senderId: privateMessages.senderId,
            content: privateMessages.content,
            createdAt: privateMessages.createdAt,
          })
          .from(privateMessages)
          .innerJoin(
            conversationMembers,
            and(eq(conversationMembers.conversationId, privateMessages.conversationId), eq(conversationMembers.userId, userId)),
          )
          .where(last ? gt(privateMessages.id, last.id) : undefined)
          .orderBy(asc(privateMessages.id))
          .limit(pageSize),
      pageSize,
    ),
    (r) => ({ id: Number(r.id), conversationId: r.conversationId, fromMe: r.senderId === userId, content: r.content, createdAt: iso(r.createdAt) }),
  );

}

/** What the person did with others' items: likes, ratings, saved items and contact requests. */
async function* reactionSections(db: Db, userId: string, pageSize: number): AsyncGenerator<string> {
  type LikeRow = { id: string; itemId: string; itemTitle: string | null; createdAt: Date };
  yield* list(
    'likes',
    paged(
      (last: LikeRow | undefined) =>
        db
          .select({ id: likes.id, itemId: likes.ideaId, itemTitle: ideas.title, createdAt: likes.createdAt })
          .from(likes)
          .leftJoin(ideas, eq(ideas.id, likes.ideaId))
          .where(and(eq(likes.userId, userId), last ? gt(likes.id, last.id) : undefined))
          .orderBy(asc(likes.id))
          .limit(pageSize),
      pageSize,
    ),
    (r) => ({ itemId: r.itemId, itemTitle: r.itemTitle, createdAt: iso(r.createdAt) }),
  );

  type RatingRow = { id: string; itemId: string; itemTitle: string | null; value: number; createdAt: Date; updatedAt: Date };
  yield* list(
    'ratings',
    paged(
      (last: RatingRow | undefined) =>
        db
          .select({
            id: ratings.id,
            itemId: ratings.ideaId,
            itemTitle: ideas.title,
            value: ratings.value,
            createdAt: ratings.createdAt,
            updatedAt: ratings.updatedAt,
          })
          .from(ratings)
          .leftJoin(ideas, eq(ideas.id, ratings.ideaId))
          .where(and(eq(ratings.userId, userId), last ? gt(ratings.id, last.id) : undefined))
          .orderBy(asc(ratings.id))
          .limit(pageSize),
      pageSize,
    ),
    (r) => ({ itemId: r.itemId, itemTitle: r.itemTitle, value: r.value, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) }),
  );

  type SavedRow = { id: string; itemTitle: string | null; createdAt: Date };
  yield* list(
    'saved',
    paged(
      (last: SavedRow | undefined) =>
        db
          .select({ id: savedItems.ideaId, itemTitle: ideas.title, createdAt: savedItems.createdAt })
          .from(savedItems)
          .leftJoin(ideas, eq(ideas.id, savedItems.ideaId))
          .where(and(eq(savedItems.userId, userId), olderThan(savedItems.createdAt, savedItems.ideaId, last)))
          .orderBy(desc(savedItems.createdAt), desc(savedItems.ideaId))
          .limit(pageSize),
      pageSize,
    ),
    (r) => ({ itemId: r.id, itemTitle: r.itemTitle, savedAt: iso(r.createdAt) }),
  );

  type ContactRow = { id: string; itemId: string; itemTitle: string | null; createdAt: Date };
  yield* list(
    'contactRequests',
    paged(
      (last: ContactRow | undefined) =>
        db
          .select({ id: contactRequests.id, itemId: contactRequests.ideaId, itemTitle: ideas.title, createdAt: contactRequests.createdAt })
          .from(contactRequests)
          .leftJoin(ideas, eq(ideas.id, contactRequests.ideaId))
          .where(and(eq(contactRequests.userId, userId), last ? gt(contactRequests.id, last.id) : undefined))
          .orderBy(asc(contactRequests.id))
          .limit(pageSize),
      pageSize,
    ),
    (r) => ({ itemId: r.itemId, itemTitle: r.itemTitle, createdAt: iso(r.createdAt) }),
  );

}

/** What the person holds and what happened to them: coupons, payments, sessions, notifications and reports. */
async function* accountSections(db: Db, userId: string, pageSize: number): AsyncGenerator<string> {
  yield* list(
    'coupons',
    paged(
      (last: typeof coupons.$inferSelect | undefined) =>
        db
          .select()
          .from(coupons)
          .where(and(eq(coupons.assignedTo, userId), olderThan(coupons.createdAt, coupons.id, last)))
          .orderBy(desc(coupons.createdAt), desc(coupons.id))
          .limit(pageSize),
      pageSize,
    ),
    (r) => ({ code: r.code, used: r.isUsed, itemId: r.ideaId, createdAt: iso(r.createdAt), usedAt: r.usedAt ? iso(r.usedAt) : null }),
  );

  yield* list(
    'payments',
    paged(
      (last: typeof payments.$inferSelect | undefined) =>
        db
          .select()
          .from(payments)
          .where(and(eq(payments.userId, userId), last ? gt(payments.id, last.id) : undefined))
          .orderBy(asc(payments.id))
          .limit(pageSize),
      pageSize,
    ),
    (r) => ({ reference: r.reference, amount: r.amount, currency: r.currency, status: r.status, itemId: r.ideaId, createdAt: iso(r.createdAt) }),
  );

  // Devices only: the token column is never selected.
  const devices = await db
    .select({
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
    .orderBy(desc(sessions.updatedAt))
    .limit(1000);
  yield* list('sessions', (async function* () {
    yield* devices;
  })(), (r) => ({
    userAgent: r.userAgent,
    ipAddress: r.ipAddress,
    createdAt: iso(r.createdAt),
    lastActiveAt: iso(r.updatedAt),
    expiresAt: iso(r.expiresAt),
  }));

  // As the Notifications page lists them (its order and index); never the excerpt of a message.
  yield* list(
    'notifications',
    paged(
      async (last: NotificationRow | undefined) =>
        (await listNotifications(db, userId, last ? { at: last.activityAt, id: Number(last.id) } : undefined, pageSize)).slice(0, pageSize),
      pageSize,
    ),
    (r) => toNotification(r, false),
  );

  type ReportRow = typeof reports.$inferSelect & { itemTitle: string | null };
  yield* list(
    'reports',
    paged(
      (last: ReportRow | undefined) =>
        db
          .select({ ...getTableColumns(reports), itemTitle: ideas.title })
          .from(reports)
          .leftJoin(ideas, eq(ideas.id, reports.ideaId))
          .where(and(eq(reports.reporterId, userId), olderThan(reports.createdAt, reports.id, last)))
          .orderBy(desc(reports.createdAt), desc(reports.id))
          .limit(pageSize),
      pageSize,
    ),
    (r) => ({
      targetType: r.targetType as Section<'reports'>['targetType'],
      targetId: r.targetId,
      itemId: r.ideaId,
      itemTitle: r.itemTitle,
      reason: r.reason as Section<'reports'>['reason'],
      note: r.note,
      status: r.status === 'dismissed' ? ('dismissed' as const) : ('open' as const),
      createdAt: iso(r.createdAt),
      decidedAt: r.decidedAt ? iso(r.decidedAt) : null,
    }),
  );
}

/** The export's pieces, in order; joined they are one JSON document matching dataExportSchema. */
export async function* exportChunks(db: Db, userId: string, now: Date, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<string> {
  const head = await exportHead(db, userId, now);
  if (!head) return;
  // The head without its closing brace; the lists follow.
  yield JSON.stringify(head).slice(0, -1);
  yield* contentSections(db, userId, pageSize);
  yield* reactionSections(db, userId, pageSize);
  yield* accountSections(db, userId, pageSize);
  yield '}';
}
