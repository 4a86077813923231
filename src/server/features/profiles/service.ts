/**
 * Profiles (SPEC §3): one per user, created with the user (same transaction), read and changed
 * by its owner only, staff included (docs/decisions/0027): bank details, address and next of kin
 * never reach anyone else, as there is no other way to read a profile here.
 */
import { eq, sql } from 'drizzle-orm';
import type { Profile, ProfileUpdate } from '../../../shared/schemas/profile.ts';
import type { Db } from '../../db/client.ts';
import { profiles, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { avatarUrlOf } from '../../lib/square-photo.ts';
import type { Viewer } from '../../app-env.ts';
import { inTransaction } from '../../db/transaction.ts';

export const PROFILE_NOT_FOUND_MESSAGE = 'Profile not found.';

/**
 * Makes the user's profile if it is missing (full name and email from the user row). Idempotent;
 * runs inside the sign-up transaction, and again whenever a session starts (a safety net for
 * users made by other means).
 */
export async function ensureProfile(db: Db, userId: string): Promise<void> {
  await db.execute(sql`
    insert into ${profiles} (user_id, email, full_name)
    select u.id, u.email, nullif(btrim(u.name), '') from ${users} u where u.id = ${userId}
    on conflict (user_id) do nothing`);
}

type ProfileRow = typeof profiles.$inferSelect;

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    userId: row.userId,
    fullName: row.fullName,
    email: row.email,
    contactInfo: row.contactInfo,
    phone: row.phone,
    bio: row.bio,
    industry: row.industry,
    educationStatus: row.educationStatus,
    address: row.address,
    country: row.country,
    state: row.state,
    lga: row.lga,
    skills: row.skills && row.skills.length > 0 ? row.skills : null,
    bankName: row.bankName,
    bankAccountNumber: row.bankAccountNumber,
    bankAccountName: row.bankAccountName,
    nextOfKinName: row.nextOfKinName,
    nextOfKinPhone: row.nextOfKinPhone,
    photoUrl: row.photoUrl,
    avatarUrl: avatarUrlOf(row.photoUrl),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function findProfile(db: Db, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row;
}

export async function getOwnProfile(db: Db, viewer: Viewer): Promise<Profile> {
  let row = await findProfile(db, viewer.userId);
  if (!row) {
    await ensureProfile(db, viewer.userId);
    row = await findProfile(db, viewer.userId);
  }
  if (!row) throw notFound(PROFILE_NOT_FOUND_MESSAGE);
  return toProfile(row);
}

/**
 * The owner only: anyone else, admins and moderators included, gets the same 404 as for a profile
 * that does not exist. The admin panel needs none of these fields (its Users list has name, email
 * and contact), so no staff answer carries another person's banking, address or next of kin.
 */
export async function getProfileFor(db: Db, viewer: Viewer, userId: string): Promise<Profile> {
  if (viewer.userId !== userId) throw notFound(PROFILE_NOT_FOUND_MESSAGE);
  return getOwnProfile(db, viewer);
}

/** Saves the owner's changes; the full name is also the account's display name. */
export async function updateOwnProfile(db: Db, viewer: Viewer, update: ProfileUpdate): Promise<Profile> {
  await ensureProfile(db, viewer.userId);
  const changes: Partial<typeof profiles.$inferInsert> = {};
  for (const [key, value] of Object.entries(update)) {
    if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  }
  const now = new Date();
  const row = await inTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(profiles)
      .set({ ...changes, updatedAt: now })
      .where(eq(profiles.userId, viewer.userId))
      .returning();
    if (update.fullName !== undefined) {
      await tx.update(users).set({ name: update.fullName, updatedAt: now }).where(eq(users.id, viewer.userId));
    }
    return updated;
  });
  if (!row) throw notFound(PROFILE_NOT_FOUND_MESSAGE);
  return toProfile(row);
}
