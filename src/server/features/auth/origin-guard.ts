/**
 * Cross-site request refusal for every /api route: a state-changing request (anything but
 * GET, HEAD, OPTIONS) that a browser marks as coming from another origin is answered 403 with
 * the one error body. Requests without an Origin header (API clients, curl) pass; browsers
 * always send one on cross-origin writes, and `Sec-Fetch-Site: cross-site` is refused too.
 *
 * The site's origins are PUBLIC_URL's, and, when PUBLIC_URL names this machine (localhost,
 * 127.0.0.1, [::1]), the other loopback names with the same scheme and port: someone who opens
 * http://127.0.0.1:3000 while PUBLIC_URL is http://localhost:3000 is on the same site. Nothing
 * else is added: a public PUBLIC_URL accepts only itself.
 *
 * Ours rather than hono/csrf: that one passes cross-origin JSON writes and refuses clients that
 * send no Origin (docs/decisions/0036).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app-env.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const FOREIGN_ORIGIN_MESSAGE = 'This request came from another website and was refused.';

export function isForeignRequest(
  req: { method: string; origin: string | null | undefined; secFetchSite: string | null | undefined },
  allowedOrigins: ReadonlySet<string>,
): boolean {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return false;
  if (req.origin) {
    if (req.origin === 'null') return true;
    let origin: string;
    try {
      origin = new URL(req.origin).origin;
    } catch {
      return true;
    }
    return !allowedOrigins.has(origin);
  }
  return req.secFetchSite?.toLowerCase() === 'cross-site';
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** The origins of this site: PUBLIC_URL's, plus its loopback aliases when it is a loopback address. */
export function siteOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  const aliases = LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`);
  return [url.origin, ...aliases.filter((origin) => origin !== url.origin)];
}

export function originGuard(publicUrl: string): MiddlewareHandler<AppEnv> {
  const allowed = new Set(siteOrigins(publicUrl));
  return async (c, next) => {
    const foreign = isForeignRequest(
      { method: c.req.method, origin: c.req.header('origin'), secFetchSite: c.req.header('sec-fetch-site') },
      allowed,
    );
    if (foreign) return c.json({ error: { code: 'forbidden_origin', message: FOREIGN_ORIGIN_MESSAGE } }, 403);
    await next();
  };
}
