/**
 * An item's pictures (issue 27): a cover (ideas.image_url, what cards and link previews show) and
 * up to five more (ideas.gallery_urls), in the order the maker chose. Each is judged as the single
 * image always was (image-url.ts); pictures the item already shows are kept without judging them
 * again. `images` in a request replaces the whole gallery; `imageUrl` alone changes the cover only.
 */
import { GALLERY_MAX_IMAGES, GALLERY_TOO_MANY_MESSAGE } from '../../../shared/schemas/ideas.ts';
import { IMAGE_URL_MESSAGES, type ImageChoice, parseImageUrl } from './image-url.ts';

/** A picture as it will be saved: a new choice, or one the item shows already. */
export type PictureDecision = ImageChoice | { kind: 'kept'; url: string };

export const GALLERY_DUPLICATE_MESSAGE = 'Each image can be in the gallery once.';

export interface PicturesPlan {
  /** Cover first; never more than GALLERY_MAX_IMAGES when `errors` is empty. */
  pictures: Exclude<PictureDecision, { kind: 'none' }>[];
  errors: { field: string; message: string }[];
}

/** Reads a list of addresses in order; `shown`: what the item shows now (kept as they are). */
export function planPictures(raw: readonly (string | null | undefined)[], shown: readonly string[], publicUrl: string, field: 'images' | 'imageUrl'): PicturesPlan {
  const pictures: PicturesPlan['pictures'] = [];
  const errors: PicturesPlan['errors'] = [];
  const seen = new Set<string>();
  for (const value of raw) {
    const text = (value ?? '').trim();
    if (text === '') continue;
    const choice: PictureDecision | null = shown.includes(text) ? { kind: 'kept', url: text } : parseImageUrl(text, publicUrl);
    if (!choice) {
      errors.push({ field, message: IMAGE_URL_MESSAGES.invalid });
      continue;
    }
    if (choice.kind === 'none') continue;
    if (seen.has(choice.url)) {
      errors.push({ field, message: GALLERY_DUPLICATE_MESSAGE });
      continue;
    }
    seen.add(choice.url);
    pictures.push(choice);
  }
  if (pictures.length > GALLERY_MAX_IMAGES) errors.push({ field, message: GALLERY_TOO_MANY_MESSAGE });
  return { pictures, errors };
}

/** The columns a plan is saved in. */
export function picturesColumns(pictures: readonly { url: string }[]): { imageUrl: string | null; galleryUrls: string[] } {
  return { imageUrl: pictures[0]?.url ?? null, galleryUrls: pictures.slice(1).map((p) => p.url) };
}

/** Everything an item shows, cover first. */
export function shownPictures(row: { imageUrl: string | null; galleryUrls: readonly string[] | null }): string[] {
  return [row.imageUrl, ...(row.galleryUrls ?? [])].filter((u): u is string => Boolean(u));
}
