import { readFileSync } from 'node:fs';
import { routeAt } from '@shared/routes';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeManifestModule } from './route-manifest';
import { pathsOf } from './route';
import { type RouteHandle, routes, screens } from './router';

describe('the screens as the server reads them', () => {
  it('src/shared/route-manifest.ts says what the screens say (run `npm run routes` after changing one)', () => {
    const written = readFileSync(new URL('../../shared/route-manifest.ts', import.meta.url), 'utf8');
    expect(written).toBe(routeManifestModule());
  });

  it('matches every address to the screen the router shows there', () => {
    const addresses = [
      '/', '/?category=product', '/about', '/about/', '/ABOUT', '/about/more', '/privacy', '/terms',
      '/ideas/3f1c2a9e-0000-4000-8000-000000000001', '/ideas/not-an-id', '/ideas/', '/ideas/a/b', '/idea/x', '/ideas-of-mine',
      '/makers/bench-user-1', '/makers/x/feed', '/auth', '/auth/', '/auth/reset-password', '/auth/verified', '/auth/other',
      '/dashboard', '/profile', '/create-idea', '/notifications', '/messages/12', '/unsubscribe', '/dev/outbox',
      '/newsletter/confirm', '/newsletter/unsubscribe', '/newsletter/other', '/coupons/redeem', '/admin', '/admin/users',
      '/admin/users/x', '/administrator', '/no/such/page',
    ];
    for (const address of addresses) {
      const pathname = new URL(address, 'http://x').pathname;
      const match = matchRoutes(routes, pathname)?.at(-1);
      const handle = match?.route.handle as RouteHandle | undefined;
      const routerPath = handle && match?.route.path !== '*' ? match?.route.path : null;
      expect(routeAt(pathname)?.path ?? null, address).toBe(routerPath ?? null);
    }
  });

  it('gives each screen an address of its own, its page and, when lazy, its chunk under src/web', () => {
    const seen = new Set<string>();
    for (const screen of screens) {
      for (const path of pathsOf(screen)) {
        expect(seen.has(path), path).toBe(false);
        seen.add(path);
      }
      expect(screen.Page).toBeDefined();
      if (screen.chunk !== null) expect(readFileSync(new URL(`../${screen.chunk}`, import.meta.url), 'utf8')).toContain('export default');
    }
  });
});
