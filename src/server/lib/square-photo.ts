/**
 * A person's profile photo: the same byte checks as item images (PNG, JPEG or WebP by signature,
 * a pixel limit), re-encoded with sharp to a square WebP without metadata, centred crop, with a
 * small square thumbnail for avatars. Stored through lib/storage.ts like every other image.
 */
import { type ProcessedImage, reencodeImage, thumbnailUrlFor } from './storage.ts';

/** The stored photo's side, and the avatar thumbnail's (twice the largest avatar for sharp screens). */
export const PHOTO_SIZE = 512;
export const PHOTO_THUMB_SIZE = 192;

export function processSquarePhoto(input: Uint8Array): Promise<ProcessedImage> {
  return reencodeImage(input, async (source) => {
    const square = (size: number, quality: number) =>
      source()
        .rotate()
        .resize({ width: size, height: size, fit: 'cover', position: 'attention' })
        .webp({ quality })
        .toBuffer({ resolveWithObject: true });
    return { format: 'webp', full: await square(PHOTO_SIZE, 82), thumb: await square(PHOTO_THUMB_SIZE, 78) };
  });
}

/** The avatar's address for a stored profile photo (its square thumbnail); null for none. */
export function avatarUrlOf(photoUrl: string | null | undefined): string | null {
  return photoUrl ? thumbnailUrlFor(photoUrl) : null;
}
