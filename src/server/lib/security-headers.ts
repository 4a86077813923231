/** Security headers for every response (CSP without inline scripts, nosniff, framing, referrer, HSTS). */
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';

/**
 * App pages that our own pages may show in a frame: the built-in coupon redeem page, which My
 * Coupons embeds (SPEC §2 Dashboard). Every other response refuses to be framed.
 */
export const SAME_ORIGIN_FRAMEABLE_PATHS: ReadonlySet<string> = new Set(['/coupons/redeem', '/coupons/redeem/']);

export function contentSecurityPolicy(config: Config, frameAncestors = "'none'"): string {
  const frameSrc = ["'self'"];
  if (config.COUPON_REDEEM_URL) frameSrc.push(new URL(config.COUPON_REDEEM_URL).origin);
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Radix positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    // People may paste an image URL from anywhere on the web.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frameSrc.join(' ')}`,
    `frame-ancestors ${frameAncestors}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The headers every answer carries, for a request to `path`. The app's middleware sets them, and
 * so does the answer Node's HTTP parser gives before the app runs (server.ts, clientError).
 */
export function securityHeaderValues(config: Config, path = ''): Record<string, string> {
  const frameable = SAME_ORIGIN_FRAMEABLE_PATHS.has(path);
  const values: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(config, frameable ? "'self'" : "'none'"),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': frameable ? 'SAMEORIGIN' : 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
  if (config.PUBLIC_URL.startsWith('https://')) values['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return values;
}

export function securityHeaders(config: Config): MiddlewareHandler {
  const plain = securityHeaderValues(config);
  const framed = securityHeaderValues(config, [...SAME_ORIGIN_FRAMEABLE_PATHS][0]);
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    const values = SAME_ORIGIN_FRAMEABLE_PATHS.has(c.req.path) ? framed : plain;
    for (const [name, value] of Object.entries(values)) {
      // A route may set a stricter policy of its own (stored files: default-src 'none'; sandbox).
      if (name === 'Content-Security-Policy' && h.has(name)) continue;
      h.set(name, value);
    }
  };
}
