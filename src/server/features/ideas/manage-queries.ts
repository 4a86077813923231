/** SQL for sharing, editing and deleting items. Functions taking `db` also run inside a transaction. */
import { and, arrayContains, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ideaDiscussions, ideas, makerFollows, profiles, shares, storedFiles } from '../../db/schema.ts';
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
  /** The gallery's pictures after the cover. */
  galleryUrls: string[];
  websiteUrl: string | null;
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
/** Who follows `makerId` (their new item's notification goes to each), in id order. */
export async function followerIdsOf(db: Db, makerId: string): Promise<string[]> {
  const rows = await db.select({ id: makerFollows.followerId }).from(makerFollows).where(eq(makerFollows.makerId, makerId)).orderBy(makerFollows.followerId);
  return rows.map((r) => r.id);
}

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
      galleryUrls: ideas.galleryUrls,
      websiteUrl: ideas.websiteUrl,
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
export async function deleteIdeaRow(db: Db, id: string): Promise<{ imageUrl: string | null; galleryUrls: string[] } | null> {
  const [row] = await db.delete(ideas).where(eq(ideas.id, id)).returning({ imageUrl: ideas.imageUrl, galleryUrls: ideas.galleryUrls });
  return row ?? null;
}

export async function storedImageOwner(db: Db, name: string): Promise<{ ownerId: string | null } | null> {
  const [row] = await db
    .select({ ownerId: storedFiles.ownerId })
    .from(storedFiles)
    .where(and(eq(storedFiles.bucket, IDEA_IMAGES_BUCKET), eq(storedFiles.name, name)))
    .limit(1);
  return row ?? null;
}

/** Whether another item already shows this image, as its cover or in its gallery (served by ideas_image_url_idx and ideas_gallery_urls_idx). */
export async function imageUsedByAnotherIdea(db: Db, imageUrl: string, exceptId: string | null): Promise<boolean> {
  const shows = or(eq(ideas.imageUrl, imageUrl), arrayContains(ideas.galleryUrls, [imageUrl]));
  const [row] = await db
    .select({ id: ideas.id })
    .from(ideas)
    .where(exceptId ? and(shows, ne(ideas.id, exceptId)) : shows)
    .limit(1);
  return Boolean(row);
}

/** Whether someone's profile photo is this image (a photo is never an item's image: removing one would remove the other). */
export async function imageIsProfilePhoto(db: Db, imageUrl: string): Promise<boolean> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.photoUrl, imageUrl)).limit(1);
  return Boolean(row);
}

export async function ideaExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: ideas.id }).from(ideas).where(eq(ideas.id, id)).limit(1);
  return Boolean(row);
}
