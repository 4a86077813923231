/**
 * The image of an item (SPEC §2 'image (upload or pasted URL, removable)'): none, one of our own
 * uploads (/storage/idea-images/<name>, which must belong to the person and serve one item only,
 * so deleting the item can delete the file), or a pasted address that passes the shared
 * outside-address rule (public https only: src/shared/rules/outside-address.ts). Nothing else: no
 * http:, javascript:, data:, file:, addresses into a reader's own network, or relative paths
 * elsewhere on the site.
 */
import { IMAGE_ADDRESS_MESSAGE, isAcceptableImageAddress } from '../../../shared/rules/image-address.ts';
import { publicHttpsUrl } from '../../../shared/rules/outside-address.ts';
import { IMAGE_URL_MAX_LENGTH } from '../../../shared/schemas/ideas.ts';
import { IDEA_IMAGES_BUCKET, publicUrlFor, STORAGE_PREFIX } from '../../lib/storage.ts';

export type ImageChoice =
  | { kind: 'none'; url: null }
  | { kind: 'stored'; url: string; name: string }
  | { kind: 'external'; url: string };

export const IMAGE_URL_MESSAGES = {
  invalid: IMAGE_ADDRESS_MESSAGE,
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
  // Our own upload given as a full address (PUBLIC_URL may be http://localhost): keep it as the
  // stable relative form.
  if (!url.username && !url.password && url.origin === new URL(publicUrl).origin && url.pathname.startsWith(STORED_PREFIX)) {
    return url.search || url.hash ? null : storedChoice(url.pathname);
  }
  const external = publicHttpsUrl(text);
  // Normalising (percent-encoding) can lengthen an address: keep the stored form bounded too.
  return external && external.href.length <= IMAGE_URL_MAX_LENGTH ? { kind: 'external', url: external.href } : null;
}

/**
 * The image address readers are given for a stored one: items saved before the outside-address
 * rule may hold an address that fails it today (http:, a private network); readers get none
 * (the item shows its placeholder), so no reader's browser requests it.
 */
export function shownImageUrl(stored: string | null): string | null {
  return stored !== null && isAcceptableImageAddress(stored) ? stored : null;
}
