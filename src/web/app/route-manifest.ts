/**
 * The screens as the server sees them (src/shared/routes.ts): each address with who draws it, whether
 * it is the same for every visitor, in the sitemap, drawn from the API. `npm run routes` writes it
 * to src/shared/route-manifest.ts; route-manifest.test.ts fails when that file is out of date.
 */
import type { RouteManifestEntry } from '@shared/route-entry';
import { pathsOf } from './route';
import { screens } from './router';

/** Sorted by path, so the file reads as an index and the sitemap lists '/' first. */
export const routeManifest: RouteManifestEntry[] = screens.flatMap((screen) => [
  ...pathsOf(screen).map(
    (path): RouteManifestEntry => ({
      path,
      render: screen.render,
      ...(screen.public ? { public: true } : {}),
      ...(screen.sitemap ? { sitemap: true } : {}),
      ...(screen.loader ? { data: true } : {}),
      ...(screen.status ? { status: screen.status } : {}),
    }),
  ),
  ...(screen.redirectFrom ?? []).map((path): RouteManifestEntry => ({ path, render: 'server', redirect: pathsOf(screen)[0]! })),
]).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

/** The text of src/shared/route-manifest.ts. */
export function routeManifestModule(manifest: readonly RouteManifestEntry[] = routeManifest): string {
  const entries = manifest.map((entry) => `  ${JSON.stringify(entry)},`).join('\n');
  return [
    '// Written by `npm run routes` from the screens (src/web/app/routes/*.tsx): do not edit.',
    "import type { RouteManifestEntry } from './route-entry.ts';",
    '',
    'export const ROUTE_MANIFEST: readonly RouteManifestEntry[] = [',
    entries,
    '];',
    '',
  ].join('\n');
}
