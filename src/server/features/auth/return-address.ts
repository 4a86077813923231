/**
 * The addresses an account request asks the server to redirect to later: where Google's sign-in
 * comes back to (callbackURL, newUserCallbackURL, errorCallbackURL), where a confirmation or
 * reset link lands (callbackURL, redirectTo). better-auth already refuses other origins; here each
 * must also be a page of this site whose own return address (`?next=`, issue 15 point 2) is a safe
 * page, so no link of ours sends a person elsewhere after signing in.
 */
import { APIError } from 'better-auth/api';
import { isSafeRedirectTarget } from '../../../shared/rules/return-path.ts';

export const RETURN_ADDRESS_MESSAGE = 'The return address must be a page on this site.';

/** Each redirect field and the code better-auth itself answers for a foreign one. */
const FIELDS = {
  callbackURL: 'INVALID_CALLBACK_URL',
  newUserCallbackURL: 'INVALID_NEW_USER_CALLBACK_URL',
  errorCallbackURL: 'INVALID_ERROR_CALLBACK_URL',
  redirectTo: 'INVALID_REDIRECT_URL',
} as const;

/** Throws 403 (better-auth's code for the field) when a redirect address in the body or query is not a safe page. */
export function assertSafeRedirects(body: unknown, query: unknown, siteOrigins: readonly string[]): void {
  for (const source of [body, query]) {
    if (!source || typeof source !== 'object') continue;
    for (const [field, code] of Object.entries(FIELDS)) {
      const value = (source as Record<string, unknown>)[field];
      if (value === undefined || value === null || value === '') continue;
      if (!isSafeRedirectTarget(value, siteOrigins)) throw new APIError('FORBIDDEN', { code, message: RETURN_ADDRESS_MESSAGE });
    }
  }
}
