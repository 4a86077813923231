/**
 * The profile 'Photo' (issue 27): a PNG, JPEG or WebP under 5 MB judged by its bytes, re-encoded as
 * a square (lib/square-photo.ts) and stored like item images (lib/storage.ts, owned by the person,
 * so deleting the account deletes it). The avatar thumbnail's address is kept on the account too
 * (users.image), so the session that draws the header carries it.
 */
import { eq } from 'drizzle-orm';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../../shared/constants.ts';
import type { ProfilePhoto } from '../../../shared/schemas/profile.ts';
import type { Db } from '../../db/client.ts';
import { profiles, users } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { avatarUrlOf, processSquarePhoto } from '../../lib/square-photo.ts';
import { deleteStoredImage, invalidImage, sniffImageFormat, storeIdeaImage } from '../../lib/storage.ts';
import type { Viewer } from '../../app-env.ts';
import { ensureProfile } from './service.ts';

export const PHOTO_TOO_LARGE_MESSAGE = 'Please select an image smaller than 5MB.';

export const photoTooLarge = () => new AppError(413, 'file_too_large', PHOTO_TOO_LARGE_MESSAGE, { file: [PHOTO_TOO_LARGE_MESSAGE] });

function photoOf(photoUrl: string | null): ProfilePhoto {
  return { photoUrl, avatarUrl: avatarUrlOf(photoUrl) };
}

async function setPhoto(db: Db, userId: string, photoUrl: string | null): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [before] = await tx.select({ photoUrl: profiles.photoUrl }).from(profiles).where(eq(profiles.userId, userId)).for('update');
    const now = new Date();
    await tx.update(profiles).set({ photoUrl, updatedAt: now }).where(eq(profiles.userId, userId));
    await tx.update(users).set({ image: avatarUrlOf(photoUrl), updatedAt: now }).where(eq(users.id, userId));
    // The replaced photo serves nothing any more.
    if (before?.photoUrl && before.photoUrl !== photoUrl) await deleteStoredImage(tx, before.photoUrl);
  });
}

export async function uploadProfilePhoto(db: Db, viewer: Viewer, file: File): Promise<ProfilePhoto> {
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) throw photoTooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImageFormat(bytes)) throw invalidImage();
  const image = await processSquarePhoto(bytes);
  await ensureProfile(db, viewer.userId);
  const url = await storeIdeaImage(db, viewer.userId, image);
  await setPhoto(db, viewer.userId, url);
  return photoOf(url);
}

export async function removeProfilePhoto(db: Db, viewer: Viewer): Promise<ProfilePhoto> {
  await ensureProfile(db, viewer.userId);
  await setPhoto(db, viewer.userId, null);
  return photoOf(null);
}
