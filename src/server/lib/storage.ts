/**
 * Item images (bucket 'idea-images'), kept through lib/file-store.ts (the database, or an S3
 * bucket) so every instance shares them. Uploaded bytes are checked by their signature (PNG, JPEG, WebP only), decoded and
 * re-encoded with sharp (metadata such as GPS stripped, orientation applied), and stored
 * with a card thumbnail beside them.
 */
import sharp, { type Sharp } from 'sharp';
import type { Db } from '../db/client.ts';
import type { Tx } from '../db/transaction.ts';
import { AppError } from './errors.ts';
import { deleteFiles, publicUrlFor, putFiles, STORAGE_PREFIX } from './file-store.ts';

export { publicUrlFor, STORAGE_PREFIX };

export const IDEA_IMAGES_BUCKET = 'idea-images';
const THUMB_SUFFIX = '.thumb.webp';
const THUMB_WIDTH = 640;
const MAX_WIDTH = 1600;
/** Refuse decompression bombs: 40 megapixels is far above any real photo a person shares. */
const MAX_INPUT_PIXELS = 40_000_000;

export type ImageFormat = 'png' | 'jpeg' | 'webp';
const CONTENT_TYPES: Record<ImageFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };
const EXTENSIONS: Record<ImageFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

/** Reads the format from the file's first bytes; the name and declared type are never trusted. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a)
    return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (
    b.length >= 12 &&
    String.fromCharCode(b[0]!, b[1]!, b[2]!, b[3]!) === 'RIFF' &&
    String.fromCharCode(b[8]!, b[9]!, b[10]!, b[11]!) === 'WEBP'
  )
    return 'webp';
  return null;
}

export const invalidImage = (message = 'Only PNG, JPG or WEBP images can be uploaded.') =>
  new AppError(415, 'invalid_image', message, { file: [message] });

/** The card thumbnail of one of our stored images; an external URL is its own thumbnail. */
export function thumbnailUrlFor(imageUrl: string | null): string | null {
  if (!imageUrl) return null;
  const prefix = `${STORAGE_PREFIX}/${IDEA_IMAGES_BUCKET}/`;
  if (!imageUrl.startsWith(prefix) || imageUrl.endsWith(THUMB_SUFFIX)) return imageUrl;
  return `${imageUrl.replace(/\.[a-z]+$/i, '')}${THUMB_SUFFIX}`;
}

/** The stored names (image and thumbnail) behind one of our public URLs. */
export function storedNamesFor(imageUrl: string | null): string[] {
  const prefix = `${STORAGE_PREFIX}/${IDEA_IMAGES_BUCKET}/`;
  if (!imageUrl?.startsWith(prefix)) return [];
  const name = decodeURIComponent(imageUrl.slice(prefix.length));
  return [name, `${name.replace(/\.[a-z]+$/i, '')}${THUMB_SUFFIX}`];
}

export interface ProcessedImage {
  format: ImageFormat;
  full: { bytes: Buffer; width: number; height: number };
  thumb: { bytes: Buffer; width: number; height: number };
}

type Encoded = { data: Buffer; info: { width: number; height: number } };
const asStored = ({ data, info }: Encoded) => ({ bytes: data, width: info.width, height: info.height });

/**
 * Checks an upload by its bytes (a PNG, JPEG or WebP signature that sharp reads as the same format,
 * within the pixel limit), then re-encodes it with `encode` into the stored picture and its
 * thumbnail. Throws AppError(415) for anything but a sound image.
 */
export async function reencodeImage(
  input: Uint8Array,
  encode: (source: () => Sharp, format: ImageFormat) => Promise<{ format: ImageFormat; full: Encoded; thumb: Encoded }>,
): Promise<ProcessedImage> {
  const format = sniffImageFormat(input);
  if (!format) throw invalidImage();
  try {
    const source = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', animated: false });
    const meta = await source().metadata();
    if (meta.format !== format) throw invalidImage();
    if (!meta.width || !meta.height) throw invalidImage('The image could not be read.');
    const encoded = await encode(source, format);
    return { format: encoded.format, full: asStored(encoded.full), thumb: asStored(encoded.thumb) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = (error as Error).message ?? '';
    if (/pixel limit/i.test(message)) throw invalidImage('The image dimensions are too large.');
    throw invalidImage('The image is damaged or incomplete.');
  }
}

/** An item image: its own format, at most MAX_WIDTH wide, and a WebP thumbnail within 640 × 480. */
export function processImage(input: Uint8Array): Promise<ProcessedImage> {
  return reencodeImage(input, async (source, format) => {
    const resized = source().rotate().resize({ width: MAX_WIDTH, withoutEnlargement: true });
    const encoded =
      format === 'png'
        ? resized.png({ compressionLevel: 9 })
        : format === 'jpeg'
          ? resized.jpeg({ quality: 82, mozjpeg: true })
          : resized.webp({ quality: 82 });
    const full = await encoded.toBuffer({ resolveWithObject: true });
    const thumb = await source()
      .rotate()
      // Cards show the whole picture uncropped (object-contain).
      .resize({ width: THUMB_WIDTH, height: Math.round((THUMB_WIDTH * 3) / 4), fit: 'inside', withoutEnlargement: false })
      .webp({ quality: 74 })
      .toBuffer({ resolveWithObject: true });
    return { format, full, thumb };
  });
}

/** Stores a processed image and its thumbnail; returns the public URL. Name: user id, timestamp, extension. */
export async function storeIdeaImage(db: Db, ownerId: string, image: ProcessedImage, now = new Date()): Promise<string> {
  const base = `${ownerId}-${now.getTime()}-${Math.random().toString(36).slice(2, 8)}`;
  const name = `${base}.${EXTENSIONS[image.format]}`;
  await putFiles(db, [
    { bucket: IDEA_IMAGES_BUCKET, name, contentType: CONTENT_TYPES[image.format], ...image.full, ownerId },
    { bucket: IDEA_IMAGES_BUCKET, name: `${base}${THUMB_SUFFIX}`, contentType: 'image/webp', ...image.thumb, ownerId },
  ]);
  return publicUrlFor(IDEA_IMAGES_BUCKET, name);
}

/** Deletes one of our images and its thumbnail (rows now, objects once the caller's transaction commits). */
export async function deleteStoredImage(tx: Db | Tx, imageUrl: string | null): Promise<void> {
  await deleteFiles(tx, IDEA_IMAGES_BUCKET, storedNamesFor(imageUrl));
}
