/**
 * A person's profile photo: the same byte checks as item images (PNG, JPEG or WebP by signature,
 * a pixel limit), re-encoded with sharp to a square WebP without metadata, centred crop, with a
 * small square thumbnail for avatars. Stored through lib/storage.ts like every other image.
 */
import sharp from 'sharp';
import { AppError } from './errors.ts';
import { invalidImage, MAX_INPUT_PIXELS, type ProcessedImage, sniffImageFormat, thumbnailUrlFor } from './storage.ts';

/** The stored photo's side, and the avatar thumbnail's (twice the largest avatar for sharp screens). */
export const PHOTO_SIZE = 512;
export const PHOTO_THUMB_SIZE = 192;

export async function processSquarePhoto(input: Uint8Array): Promise<ProcessedImage> {
  const format = sniffImageFormat(input);
  if (!format) throw invalidImage();
  try {
    const source = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', animated: false });
    const meta = await source().metadata();
    if (meta.format !== format) throw invalidImage();
    if (!meta.width || !meta.height) throw invalidImage('The image could not be read.');
    const square = (size: number, quality: number) =>
      source()
        .rotate()
        .resize({ width: size, height: size, fit: 'cover', position: 'attention' })
        .webp({ quality })
        .toBuffer({ resolveWithObject: true });
    const [full, thumb] = [await square(PHOTO_SIZE, 82), await square(PHOTO_THUMB_SIZE, 78)];
    return {
      format: 'webp',
      full: { bytes: full.data, width: full.info.width, height: full.info.height },
      thumb: { bytes: thumb.data, width: thumb.info.width, height: thumb.info.height },
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = (error as Error).message ?? '';
    if (/pixel limit/i.test(message)) throw invalidImage('The image dimensions are too large.');
    throw invalidImage('The image is damaged or incomplete.');
  }
}

/** The avatar's address for a stored profile photo (its square thumbnail); null for none. */
export function avatarUrlOf(photoUrl: string | null | undefined): string | null {
  return photoUrl ? thumbnailUrlFor(photoUrl) : null;
}
