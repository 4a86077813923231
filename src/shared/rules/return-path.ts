/**
 * Where a person goes back to after signing in (issue 15 point 2): the page they were on when an
 * action asked them to sign in (Like, rate, discuss, Save, Contact, a login-required page). It
 * travels as `/auth?next=<path>` and inside the addresses the server redirects to (Google's
 * callback, the confirmation link), so it survives a trip to the provider or to the mailbox.
 *
 * Only a page of this site qualifies: a path (never an address with a scheme or a host, nor one a
 * browser would read as one: `//host`, `/\host`, control characters), not the sign-in pages
 * themselves (no loops) and not the API. Anything else is ignored in the browser and refused by the
 * server, so nobody can be sent to another website through a link of ours.
 */

export const RETURN_PARAM = 'next';
/** Where signing in leads when there is no (acceptable) return address (SPEC §2 Auth). */
export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

const MAX_LENGTH = 1024;
const BASE = 'http://return.invalid';
// Browsers drop tabs and newlines from addresses and read a backslash as a slash.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE_CHARACTERS = /[\\\u0000-\u001f\u007f]/;

/** A same-site path (with its query and fragment) as given, normalised; null when it is not one. */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE_CHARACTERS.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

const isSignInPage = (path: string) => path === '/auth' || path.startsWith('/auth/') || path.startsWith('/auth?') || path.startsWith('/auth#');

/** A page to return to after signing in, or null: a same-site path, not /auth…, not /api/…. */
export function safeReturnPath(value: unknown): string | null {
  const path = sameSitePath(value);
  if (path === null || isSignInPage(path) || path === '/api' || path.startsWith('/api/') || path.startsWith('/api?')) return null;
  return path;
}

/**
 * Whether an address the account server will redirect to (a callback after Google or a
 * confirmation link, a reset page) is acceptable: a same-site path, or an absolute address on one
 * of `siteOrigins`, whose own `next` (if any) is a safe return path.
 */
export function isSafeRedirectTarget(value: unknown, siteOrigins: readonly string[]): boolean {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH || UNSAFE_CHARACTERS.test(value)) return false;
  let url: URL;
  if (value.startsWith('/')) {
    if (sameSitePath(value) === null) return false;
    url = new URL(value, BASE);
  } else {
    try {
      url = new URL(value);
    } catch {
      return false;
    }
    if (!siteOrigins.includes(url.origin)) return false;
  }
  const next = url.searchParams.getAll(RETURN_PARAM);
  return next.length === 0 || (next.length === 1 && safeReturnPath(next[0]) !== null);
}

/** The return address in a query string (`?next=`), when it is safe; null otherwise. */
export function returnPathIn(search: URLSearchParams | string): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeReturnPath(params.get(RETURN_PARAM));
}

/** `path` with the return address added to its query (left as it is when `returnTo` is not safe or is the default). */
export function withReturnPath(path: string, returnTo: string | null | undefined): string {
  const next = safeReturnPath(returnTo);
  if (!next || next === DEFAULT_AFTER_SIGN_IN) return path;
  const [base = '', hash = ''] = path.split('#', 2);
  return `${base}${base.includes('?') ? '&' : '?'}${RETURN_PARAM}=${encodeURIComponent(next)}${hash ? `#${hash}` : ''}`;
}

/** The sign-in page that brings the person back to `returnTo` afterwards (`signup`: its Sign Up tab). */
export function signInPath(returnTo: string | null | undefined, tab: 'signin' | 'signup' = 'signin'): string {
  return withReturnPath(tab === 'signup' ? '/auth?tab=signup' : '/auth', returnTo);
}
