/**
 * Cross-site request refusal for every /api route: a state-changing request (anything but
 * GET, HEAD, OPTIONS) that a browser marks as coming from another origin is answered 403 with
 * the one error body. Requests without an Origin header (API clients, curl) pass; browsers
 * always send one on cross-origin writes, and `Sec-Fetch-Site: cross-site` is refused too.
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

export function originGuard(publicUrl: string): MiddlewareHandler<AppEnv> {
  const allowed = new Set([new URL(publicUrl).origin]);
  return async (c, next) => {
    const foreign = isForeignRequest(
      { method: c.req.method, origin: c.req.header('origin'), secFetchSite: c.req.header('sec-fetch-site') },
      allowed,
    );
    if (foreign) return c.json({ error: { code: 'forbidden_origin', message: FOREIGN_ORIGIN_MESSAGE } }, 403);
    await next();
  };
}
