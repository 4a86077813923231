/**
 * The app's addresses (SPEC §2) as the server needs them without rendering a page: which paths are
 * pages (a real 404 for the others), which are the same for every visitor (kept and sent from the
 * visitors' cache), which are drawn from the API (so from the database), and which the sitemap
 * lists. Read from the screens themselves (src/web/app/routes/*.tsx) into route-manifest.ts by
 * `npm run routes`; a unit test fails when that file no longer says what the screens say.
 */
import type { RouteManifestEntry } from './route-entry.ts';
import { ROUTE_MANIFEST } from './route-manifest.ts';

/** A path's pattern as react-router matches it: case-insensitive, one optional trailing slash; `:name` is a named group. */
export function routePattern(path: string): RegExp {
  if (path === '*') return /^\/.*$/;
  const splat = path.endsWith('/*');
  const segments = (splat ? path.slice(0, -2) : path).split('/').filter(Boolean);
  const body = segments.map((s) => (s.startsWith(':') ? `/(?<${s.slice(1)}>[^/]+)` : `/${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)).join('');
  return new RegExp(`^${body}${splat ? '(?:/.*)?' : ''}/?$`, 'i');
}

const addressed = ROUTE_MANIFEST.filter((r) => r.path !== '*').map((r) => ({ ...r, pattern: routePattern(r.path) }));

/** The route at `pathname`, other than the catch-all not-found page; null for an address that is no page. */
export function routeAt(pathname: string): RouteManifestEntry | null {
  return addressed.find((r) => r.pattern.test(pathname)) ?? null;
}

export function isAppRoute(pathname: string): boolean {
  return routeAt(pathname) !== null;
}

/** A page drawn the same for every visitor (home with its address's filters, About, an item…). */
export function isPublicPage(pathname: string): boolean {
  return routeAt(pathname)?.public === true;
}

/** A page drawn from the API's answers: it cannot be drawn while the database is down. */
export function isDataPage(pathname: string): boolean {
  return routeAt(pathname)?.data === true;
}

/**
 * Where an old address leads (its screen's address, each parameter decoded and encoded again as
 * one segment, so it stays on this site), or null.
 */
export function redirectAt(pathname: string): string | null {
  const route = routeAt(pathname);
  if (!route?.redirect) return null;
  const params = routePattern(route.path).exec(pathname)?.groups ?? {};
  return route.redirect.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(decodeSegment(params[name] ?? '')));
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The addresses the sitemap lists besides items and makers. */
export const SITEMAP_PAGES: readonly string[] = ROUTE_MANIFEST.filter((r) => r.sitemap).map((r) => r.path);
