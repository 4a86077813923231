/**
 * NUL characters (U+0000) are refused in one place, before any route: PostgreSQL cannot store them
 * in text, so one that reached a query was a 500. An API request carrying one, as the app will
 * decode it (path, query string, the app's own cookies, a bearer token, a JSON or form body), is
 * answered 400 with the one error body.
 */
import type { MiddlewareHandler } from 'hono';

export const NUL_MESSAGE = 'The request contains a NUL character, which is not allowed.';

/** In a URL, a form body or a cookie value, `%00` decodes to NUL (`%2500` decodes to the text '%00'). */
const ENCODED_NUL = '%00';
/** In JSON text, an escape `\u0000`: preceded by an even number of other backslashes. */
const JSON_ESCAPED_NUL = /(?<!\\)(?:\\\\)*\\u0000/;

function carriesNul(text: string | null | undefined, encoded: 'url' | 'json'): boolean {
  if (!text) return false;
  if (text.includes('\0')) return true;
  return encoded === 'url' ? text.includes(ENCODED_NUL) : JSON_ESCAPED_NUL.test(text);
}

/** Values of the cookies whose names start with `prefix` (the app's own; others are not read). */
function ownCookieValues(header: string | undefined, prefix: string): string[] {
  if (!header) return [];
  return header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(prefix) || part.startsWith(`__Secure-${prefix}`) || part.startsWith(`__Host-${prefix}`))
    .map((part) => part.slice(part.indexOf('=') + 1));
}

export interface NulGuardOptions {
  /** Cookie name prefix of the app's cookies (better-auth's cookiePrefix). */
  cookiePrefix: string;
  /** Paths whose body is left to the route (the image upload: multipart, its own size limit). */
  bodyExempt?: (path: string) => boolean;
}

/** For app.use('/api/*'), after the body limit (the body is read here, and cached for the route). */
export function nulGuard(opts: NulGuardOptions): MiddlewareHandler {
  const refuse = (c: Parameters<MiddlewareHandler>[0]) => c.json({ error: { code: 'bad_request', message: NUL_MESSAGE } }, 400);
  return async (c, next) => {
    const url = c.req.url;
    if (carriesNul(url.slice(url.indexOf('/', url.indexOf('//') + 2)), 'url')) return refuse(c);
    if (carriesNul(c.req.header('authorization'), 'url')) return refuse(c);
    if (ownCookieValues(c.req.header('cookie'), `${opts.cookiePrefix}.`).some((v) => carriesNul(v, 'url'))) return refuse(c);

    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.raw.body && !opts.bodyExempt?.(c.req.path)) {
      const type = (c.req.header('content-type') ?? '').toLowerCase();
      // Text bodies only: a binary one read as text would reach the route re-encoded.
      const encoded = type.includes('x-www-form-urlencoded') ? 'url' : type.includes('json') || type === '' || type.startsWith('text/') ? 'json' : null;
      // c.req caches the text: the route's validator and better-auth's handler read it again.
      if (encoded && carriesNul(await c.req.text(), encoded)) return refuse(c);
    }
    await next();
  };
}
