/**
 * The image of an item (SPEC §2 'image (upload or pasted URL, removable)'): none, one of our own
 * uploads (/storage/idea-images/<name>, which must belong to the person and serve one item only,
 * so deleting the item can delete the file), or a pasted http(s) address. Nothing else: no
 * javascript:, data:, file: or relative paths elsewhere on the site.
 */
import { IMAGE_URL_MAX_LENGTH } from '../../../shared/schemas/ideas.ts';
import { IDEA_IMAGES_BUCKET, publicUrlFor, STORAGE_PREFIX } from '../../lib/storage.ts';

export type ImageChoice =
  | { kind: 'none'; url: null }
  | { kind: 'stored'; url: string; name: string }
  | { kind: 'external'; url: string };

export const IMAGE_URL_MESSAGES = {
  invalid: 'Image URL must be an http(s) link or an image uploaded here.',
  notYours: 'This image is not one of your uploads. Please upload it again.',
  inUse: 'This image is already used by another item. Please upload it again.',
} as const;

const STORED_PREFIX = `${STORAGE_PREFIX}/${IDEA_IMAGES_BUCKET}/`;
/** Stored originals (never their thumbnails): `<user>-<time>-<random>.png|jpg|webp`. */
const STORED_NAME = /^[A-Za-z0-9_-]+\.(png|jpg|webp)$/;

function storedChoice(path: string): ImageChoice | null {
  let name: string;
  try {
    name = decodeURIComponent(path.slice(STORED_PREFIX.length));
  } catch {
    return null;
  }
  if (!STORED_NAME.test(name)) return null;
  return { kind: 'stored', url: publicUrlFor(IDEA_IMAGES_BUCKET, name), name };
}

/** Reads an image URL as given by a client; null when it is not acceptable. */
export function parseImageUrl(raw: string | null | undefined, publicUrl: string): ImageChoice | null {
  const text = (raw ?? '').trim();
  if (text === '') return { kind: 'none', url: null };
  if (text.startsWith('/')) return text.startsWith(STORED_PREFIX) ? storedChoice(text) : null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  // Our own upload given as a full address: keep it as the stable relative form.
  if (url.origin === new URL(publicUrl).origin && url.pathname.startsWith(STORED_PREFIX)) {
    return url.search || url.hash ? null : storedChoice(url.pathname);
  }
  // Normalising (percent-encoding) can lengthen an address: keep the stored form bounded too.
  return url.href.length <= IMAGE_URL_MAX_LENGTH ? { kind: 'external', url: url.href } : null;
}
