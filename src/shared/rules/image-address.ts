/**
 * An item's image address (SPEC §2 'image (upload or pasted URL, removable)'): one of our own
 * uploads, served by IdeaHub at `/storage/idea-images/<name>`, or a pasted address that passes the
 * outside-address rule (`./outside-address.ts`: public https only). The share form, the Edit Idea
 * dialog and the server all judge it here; the server also checks that an upload is the person's.
 */
import { publicHttpsUrl } from './outside-address.ts';

/** The image field's message for an address that is neither an upload of ours nor a public https one. */
export const IMAGE_ADDRESS_MESSAGE = 'Please use a public https image address.';

/** Where IdeaHub serves uploaded item images (the server's storage bucket 'idea-images'). */
export const UPLOADED_IMAGE_PATH_PREFIX = '/storage/idea-images/';

/** A path on IdeaHub under the uploads' folder (never `//host` or a backslash a browser reads as one). */
export function isUploadedImagePath(value: string): boolean {
  return value.startsWith(UPLOADED_IMAGE_PATH_PREFIX) && !value.includes('\\');
}

/** Whether an image address may be saved and shown: one of our uploads' paths or a public https address. */
export function isAcceptableImageAddress(value: string): boolean {
  return isUploadedImagePath(value) || publicHttpsUrl(value) !== null;
}
