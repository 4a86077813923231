/**
 * Speed of /ideas/{id} (issue 7): the server names what the page will need first, so the browser
 * fetches it alongside the entry: the details chunk and its own imports (from the build manifest,
 * never the entry's, which index.html already preloads) and the item's picture, the page's
 * largest paint. The manifest itself is not served.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>IdeaHub</title>
    <script type="module" crossorigin src="/assets/index-ENTRY.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-REACT.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

// The shape Vite writes: keys are source paths under src/web, `imports` are static imports.
const MANIFEST = {
  'index.html': { file: 'assets/index-ENTRY.js', src: 'index.html', isEntry: true, imports: ['_shared-REACT.js'], dynamicImports: ['features/idea-details/pages/idea-details-page.tsx'] },
  '_shared-REACT.js': { file: 'assets/shared-REACT.js' },
  'features/idea-details/pages/idea-details-page.tsx': {
    file: 'assets/idea-details-page-DETAILS.js',
    src: 'features/idea-details/pages/idea-details-page.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-REACT.js', '_badge-BADGE.js'],
    dynamicImports: ['features/idea-details/components/discussion-section.tsx'],
  },
  '_badge-BADGE.js': { file: 'assets/badge-BADGE.js', imports: ['_shared-REACT.js'] },
  'features/idea-details/components/discussion-section.tsx': { file: 'assets/discussion-section-LAZY.js', isDynamicEntry: true, imports: ['index.html'] },
};

function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ideahub-web-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  for (const chunk of Object.values(MANIFEST)) writeFileSync(path.join(dir, chunk.file), 'export {};');
  return dir;
}

const modulepreloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const imagePreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="image" href="([^"]*)" fetchpriority="high" \/>/g)].map((m) => m[1]);

describe.each(databaseKinds())('what /ideas/{id} preloads, on %s', (kind) => {
  const webRoot = fakeWebBuild();
  const t = useTestServer(kind, { webRoot });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  it("preloads the details chunk with its own imports, and the item's picture", async () => {
    const owner = await createUser(t.db);
    const idea = await createIdea(t.db, { userId: owner.id, title: 'Solar cold rooms', imageUrl: '/storage/idea-images/a%20b.jpg' });
    const res = await t.fetch(`/ideas/${idea.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    // The entry's own preload stays once; the page adds its chunk and the badge, not the lazy discussion.
    expect(modulepreloads(html)).toEqual(['/assets/shared-REACT.js', '/assets/idea-details-page-DETAILS.js', '/assets/badge-BADGE.js']);
    // Exactly the URL the page's <img> asks for, so the browser uses the preloaded response.
    expect(imagePreloads(html)).toEqual(['/storage/idea-images/a%20b.jpg']);
    // In the head, where the preload scanner finds them before the scripts run.
    expect(html.indexOf('idea-details-page-DETAILS.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('preloads a picture on another site as it is, and none when there is no picture or no web address', async () => {
    const owner = await createUser(t.db);
    const external = await createIdea(t.db, { userId: owner.id, imageUrl: 'https://img.example.test/p.png?x="><script>' });
    const html = await (await t.fetch(`/ideas/${external.id}`)).text();
    expect(imagePreloads(html)).toEqual(['https://img.example.test/p.png?x=&quot;&gt;&lt;script&gt;']);
    expect(html).not.toContain('<script>');

    const plain = await createIdea(t.db, { userId: owner.id });
    expect(imagePreloads(await (await t.fetch(`/ideas/${plain.id}`)).text())).toEqual([]);
    const odd = await createIdea(t.db, { userId: owner.id, imageUrl: '//cdn.example.test/p.png' });
    expect(imagePreloads(await (await t.fetch(`/ideas/${odd.id}`)).text())).toEqual([]);
  });

  it('still loads the page code for a missing item, which the app shows as not found', async () => {
    const res = await t.fetch('/ideas/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(modulepreloads(html)).toContain('/assets/idea-details-page-DETAILS.js');
    expect(imagePreloads(html)).toEqual([]);
  });

  it('serves the chunks with immutable caching but not the build manifest', async () => {
    const chunk = await t.fetch('/assets/idea-details-page-DETAILS.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const manifest = await t.fetch('/.vite/manifest.json');
    expect(manifest.status).toBe(404);
    expect(await manifest.text()).not.toContain('idea-details-page');
  });

  it('preloads nothing extra on other pages', async () => {
    const html = await (await t.fetch('/')).text();
    expect(modulepreloads(html)).toEqual(['/assets/shared-REACT.js']);
    expect(imagePreloads(html)).toEqual([]);
  });
});
