/**
 * Rules for the name and image better-auth writes on a user row, applied in its database hooks
 * so every path (sign-up, Google, any update) follows them: an image is one of our stored files or
 * an address that passes the shared outside-address rule (public https only), never `http:`,
 * `javascript:`, `data:` or an address into a reader's own network; an updated name follows the
 * profile's full-name rules, as PATCH /api/profile does.
 */
import { APIError } from 'better-auth/api';
import { publicHttpsUrl } from '../../../shared/rules/outside-address.ts';
import { validateProfileName } from '../../../shared/validation/profile-name.ts';
import { STORAGE_PREFIX } from '../../lib/storage.ts';

export const USER_IMAGE_MESSAGE = 'The picture must be a public https address.';

export function isAllowedUserImage(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'string') return false;
  if (value.startsWith(`${STORAGE_PREFIX}/`) && !value.startsWith('//') && !value.includes('\\')) return true;
  return publicHttpsUrl(value) !== null;
}

function invalidField(field: string, message: string): APIError {
  return new APIError('BAD_REQUEST', { code: 'BAD_REQUEST', message, fields: { [field]: [message] } });
}

export function assertUserImage(value: unknown): void {
  if (!isAllowedUserImage(value)) throw invalidField('image', USER_IMAGE_MESSAGE);
}

/** The cleaned name (profile rules), or a 400 with the profile page's message. */
export function checkedUserName(value: unknown): string {
  const result = validateProfileName(value);
  if (!result.valid) throw invalidField('name', result.message);
  return result.cleaned;
}
