/**
 * Image uploads (SPEC §5 'Image upload', docs/product-readings.md decision 7): under 5 MB (or the admin's
 * smaller maxFileSize), PNG, JPEG or WebP judged by the bytes, re-encoded without metadata with a
 * card thumbnail, stored in bucket 'idea-images' under a name from the user id and a timestamp.
 */
import { IMAGE_UPLOAD_MAX_BYTES } from '../../../shared/constants.ts';
import type { UploadedImage } from '../../../shared/schemas/ideas.ts';
import { parseFileTypes, type PlatformSettings } from '../../../shared/schemas/settings.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  type ImageFormat,
  invalidImage,
  processImage,
  sniffImageFormat,
  storeIdeaImage,
  thumbnailUrlFor,
} from '../../lib/storage.ts';
import type { Viewer } from '../../app-env.ts';

const MIB = 1024 * 1024;
const FORMAT_NAMES: Record<ImageFormat, string> = { png: 'PNG', jpeg: 'JPG', webp: 'WEBP' };
const FORMAT_TYPES: Record<ImageFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };
const EXTENSION_FORMATS: Record<string, ImageFormat> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', webp: 'webp' };
const ALL_FORMATS: readonly ImageFormat[] = ['png', 'jpeg', 'webp'];

/** The size limit now: the spec's 5 MB, or the admin's maxFileSize (MB) when smaller. */
export function maxUploadBytes(settings: Pick<PlatformSettings, 'maxFileSize'>): number {
  const admin = settings.maxFileSize > 0 ? Math.floor(settings.maxFileSize * MIB) : IMAGE_UPLOAD_MAX_BYTES;
  return Math.min(IMAGE_UPLOAD_MAX_BYTES, admin);
}

export function fileTooLargeMessage(limitBytes: number): string {
  // 'Please select an image smaller than 5MB.' (SPEC §5) for the default limit.
  const mb = Math.round((limitBytes / MIB) * 10) / 10;
  return `Please select an image smaller than ${mb}MB.`;
}

export const fileTooLarge = (limitBytes: number) => {
  const message = fileTooLargeMessage(limitBytes);
  return new AppError(413, 'file_too_large', message, { file: [message] });
};

/** The image formats the admin's allowedFileTypes lets through: some of PNG, JPEG and WebP, never another. */
export function allowedImageFormats(settings: Pick<PlatformSettings, 'allowedFileTypes'>): ImageFormat[] {
  const chosen = new Set<ImageFormat>();
  for (const extension of parseFileTypes(settings.allowedFileTypes)) {
    const format = EXTENSION_FORMATS[extension.slice(1)];
    if (format) chosen.add(format);
  }
  return ALL_FORMATS.filter((f) => chosen.has(f));
}

export function allowedImageTypes(settings: Pick<PlatformSettings, 'allowedFileTypes'>): string[] {
  return allowedImageFormats(settings).map((f) => FORMAT_TYPES[f]);
}

function notAllowedMessage(allowed: ImageFormat[]): string {
  if (allowed.length === 0) return 'Image uploads are turned off.';
  const names = allowed.map((f) => FORMAT_NAMES[f]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
  return `Only ${list} images can be uploaded.`;
}

export async function uploadIdeaImage(db: Db, viewer: Viewer, file: File, settings: PlatformSettings): Promise<UploadedImage> {
  const limit = maxUploadBytes(settings);
  if (file.size > limit) throw fileTooLarge(limit);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const allowed = allowedImageFormats(settings);
  const format = sniffImageFormat(bytes);
  if (!format) throw invalidImage();
  if (!allowed.includes(format)) throw invalidImage(notAllowedMessage(allowed));
  const image = await processImage(bytes);
  const url = await storeIdeaImage(db, viewer.userId, image);
  return { url, thumbnailUrl: thumbnailUrlFor(url) ?? url, width: image.full.width, height: image.full.height };
}
