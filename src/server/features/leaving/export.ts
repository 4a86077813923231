/**
 * The person's data export (GET /api/me/export): one JSON document, written in pieces. Each list
 * is read a page at a time by keyset, and the next page only when the reader wants more, so a
 * person with many items or messages never sits in memory whole.
 */
import { and, asc, type Column, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { DataExport } from '../../../shared/schemas/leaving.ts';
import type { Db } from '../../db/client.ts';
import {
  accounts,
  contactRequests,
  coupons,
  ideaDiscussionMessages as messages,
  ideaDiscussions as discussions,
  ideas,
  likes,
  payments,
  profiles,
  ratings,
  savedItems,
  sessions,
  users,
} from '../../db/schema.ts';
import { toProfile } from '../profiles/service.ts';

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
const olderThan = (createdAt: Column, id: Column, last: { createdAt: Date; id: string } | undefined) =>
  last ? or(lt(createdAt, last.createdAt), and(eq(createdAt, last.createdAt), lt(id, last.id))) : undefined;

export async function exportExists(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row);
}

/** The export's pieces, in order; joined they are one JSON document matching dataExportSchema. */
export async function* exportChunks(db: Db, userId: string, now: Date, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<string> {
  const [account] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!account) return;
  const methods = await db
    .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt))
    .limit(100);
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  const head: Pick<DataExport, 'format' | 'exportedAt' | 'account' | 'signInMethods' | 'profile'> = {
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
  };
  // The head without its closing brace; the lists follow.
  yield JSON.stringify(head).slice(0, -1);

  async function* list<K extends keyof DataExport, Row>(
    name: K,
    rows: AsyncGenerator<Row>,
    shape: (row: Row) => Section<K>,
  ): AsyncGenerator<string> {
    let first = true;
    let buffer = `,${JSON.stringify(name)}:[`;
    for await (const row of rows) {
      buffer += (first ? '' : ',') + JSON.stringify(shape(row));
      first = false;
      if (buffer.length >= 64 * 1024) {
        yield buffer;
        buffer = '';
      }
    }
    yield `${buffer}]`;
  }

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
  yield '}';
}
