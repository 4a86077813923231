import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server.ts';
import { useServerEntryBuild } from '../support/web-build.ts';

/** A web build with the real server entry, one large hashed asset and a plain file. */
function webBuild(): string {
  const dir = useServerEntryBuild();
  writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  writeFileSync(path.join(dir, 'humans.txt'), 'IdeaHub');
  return dir;
}

describe('serving the web app', () => {
  const t = useTestServer('pglite', { webRoot: webBuild() });

  it('serves hashed assets with immutable caching and compression', async () => {
    const res = await t.fetch('/assets/index-AbC123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it('serves other files with a short cache lifetime', async () => {
    const res = await t.fetch('/humans.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers app routes with their page (200), never cached', async () => {
    // /ideas/{id} answers 200 only for an item that exists (features/web-pages).
    for (const route of ['/', '/about', '/admin/users', '/dashboard', '/auth']) {
      const res = await t.fetch(route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<div id="root"');
    }
  });

  it('answers paths that are no route of the app, and a missing item, with a real 404 status', async () => {
    for (const p of ['/no/such/page', '/ideas/123']) {
      const res = await t.fetch(p);
      expect(res.status, p).toBe(404);
      expect(await res.text()).toContain('<div id="root"');
    }
  });

  it('never serves files outside the web root', async () => {
    for (const p of ['/../package.json', '/%2e%2e/package.json', '/assets/../../package.json']) {
      const res = await t.fetch(p);
      const text = await res.text();
      expect(text).not.toContain('"dependencies"');
    }
  });
});
