/** SQL for sharing, editing and deleting items. Functions taking `db` also run inside a transaction. */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactRequests, ideaDiscussions, ideas, profiles, shares, storedFiles } from '../../db/schema.ts';
import { IDEA_IMAGES_BUCKET } from '../../lib/storage.ts';

export async function findAuthorProfile(db: Db, userId: string) {
  const [row] = await db
    .select({ fullName: profiles.fullName, contactInfo: profiles.contactInfo })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Serialises the shares of one person until the transaction ends (PostgreSQL and PGlite alike):
 * the cooldown check and the insert that follows can then never interleave with another share.
 */
export async function lockSharesOf(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('ideahub:share:' || ${userId}))`);
}

/**
 * When the person last shared an item of this category, from the share ledger: editing an item's
 * category or deleting it does not change it (served by shares_user_id_category_shared_at_idx).
 */
export async function latestShareAt(db: Db, userId: string, category: 'idea' | 'product'): Promise<Date | null> {
  const [row] = await db
    .select({ sharedAt: shares.sharedAt })
    .from(shares)
    .where(and(eq(shares.userId, userId), eq(shares.category, category)))
    .orderBy(desc(shares.sharedAt))
    .limit(1);
  return row?.sharedAt ?? null;
}

export type IdeaValues = {
  title: string;
  description: string;
  price: number;
  currency: string;
  category: 'idea' | 'product';
  imageUrl: string | null;
  rating: number | null;
};

export async function insertIdea(db: Db, values: IdeaValues & { userId: string; projectDetails: string | null; createdAt: Date }) {
  const [row] = await db
    .insert(ideas)
    .values({ ...values, updatedAt: values.createdAt })
    .returning({ id: ideas.id });
  if (!row) throw new Error('idea insert returned no row');
  return row;
}

/** The item's discussion (one per item), made with it. */
export async function insertDiscussion(db: Db, ideaId: string, createdAt: Date): Promise<void> {
  await db.insert(ideaDiscussions).values({ ideaId, createdAt }).onConflictDoNothing({ target: ideaDiscussions.ideaId });
}

/** The row to edit or delete, locked until the transaction ends. */
export async function lockIdea(db: Db, id: string) {
  const [row] = await db
    .select({
      id: ideas.id,
      userId: ideas.userId,
      title: ideas.title,
      description: ideas.description,
      price: ideas.price,
      currency: ideas.currency,
      category: ideas.category,
      imageUrl: ideas.imageUrl,
      rating: ideas.rating,
    })
    .from(ideas)
    .where(eq(ideas.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Never touches user_id or created_at. */
export async function updateIdea(db: Db, id: string, values: IdeaValues, now: Date): Promise<void> {
  await db
    .update(ideas)
    .set({ ...values, updatedAt: now })
    .where(eq(ideas.id, id));
}

/** Likes, ratings, bookmarks, contact requests, the discussion and its messages go with it (ON DELETE CASCADE). */
export async function deleteIdeaRow(db: Db, id: string): Promise<void> {
  await db.delete(ideas).where(eq(ideas.id, id));
}

export async function storedImageOwner(db: Db, name: string): Promise<{ ownerId: string | null } | null> {
  const [row] = await db
    .select({ ownerId: storedFiles.ownerId })
    .from(storedFiles)
    .where(and(eq(storedFiles.bucket, IDEA_IMAGES_BUCKET), eq(storedFiles.name, name)))
    .limit(1);
  return row ?? null;
}

/** Whether another item already shows this image (served by ideas_stored_image_url_idx). */
export async function imageUsedByAnotherIdea(db: Db, imageUrl: string, exceptId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: ideas.id })
    .from(ideas)
    .where(exceptId ? and(eq(ideas.imageUrl, imageUrl), ne(ideas.id, exceptId)) : eq(ideas.imageUrl, imageUrl))
    .limit(1);
  return Boolean(row);
}

export async function ideaExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: ideas.id }).from(ideas).where(eq(ideas.id, id)).limit(1);
  return Boolean(row);
}

export async function insertContactRequest(db: Db, ideaId: string, userId: string): Promise<boolean> {
  // insert ... select: a missing item inserts nothing (no foreign-key error to translate).
  const result = await db.execute(sql`
    insert into ${contactRequests} (idea_id, user_id)
    select ${ideas.id}, ${userId} from ${ideas} where ${ideas.id} = ${ideaId}
    returning 1`);
  // node-postgres and PGlite both answer { rows }.
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
