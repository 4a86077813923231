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

export function securityHeaders(config: Config): MiddlewareHandler {
  const csp = contentSecurityPolicy(config);
  const framedCsp = contentSecurityPolicy(config, "'self'");
  const https = config.PUBLIC_URL.startsWith('https://');
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    const frameable = SAME_ORIGIN_FRAMEABLE_PATHS.has(c.req.path);
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', frameable ? framedCsp : csp);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('X-Frame-Options', frameable ? 'SAMEORIGIN' : 'DENY');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (https) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
