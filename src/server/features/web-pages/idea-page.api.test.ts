/**
 * /ideas/{id} from the server (issues 5, 7 and 18): the whole page drawn by the app's own
 * components (src/web/entry.server.tsx, built here as the build does) from the reader's own answer
 * of GET /api/ideas/{id}, with the head link previews read (title, description, canonical, Open
 * Graph, Twitter; crawlers run no scripts), and the assets the page needs first: the details
 * chunk with its own imports and the item's picture, its largest paint (React preloads an image
 * asked for with high priority itself). Premium text never
 * reaches a page whose reader may not read it, and every value is text.
 */
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { accountMenuInitials, cached, metas, pageState, parsePage } from '../../../../tests/support/page-html.ts';
import { useServerEntryBuild } from '../../../../tests/support/web-build.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';

const PUBLIC_URL = 'https://ideas.example.test';
const webRoot = useServerEntryBuild();

/** The app's code a server-painted page starts (public/load-app.js): its entry and the modules fetched with it. */
const appLoader = (doc: Document) => doc.head.querySelector('script[src="/load-app.js"]');
const modulepreloads = (doc: Document) => appLoader(doc)?.getAttribute('data-modules')?.split(' ').filter(Boolean) ?? [];
const imagePreloads = (doc: Document) =>
  [...doc.head.querySelectorAll('link[rel="preload"][as="image"][fetchpriority="high"]')].map((l) => l.getAttribute('href'));

describe.each(databaseKinds())('the details page from the server on %s', (kind) => {
  const t = useTestServer(kind, { webRoot, env: { PUBLIC_URL } });

  it('writes title, description, canonical, Open Graph and Twitter tags, once each, premium-safe', async () => {
    const owner = await createUser(t.db);
    const description = `${'Shared solar cold rooms keep produce fresh at markets. '.repeat(2).slice(0, 100)}HIDDEN-AFTER-100 and the rest of a long story`;
    const idea = await createIdea(t.db, {
      userId: owner.id,
      title: 'Solar cold rooms',
      description,
      price: 250000,
      currency: 'NGN',
      imageUrl: '/storage/idea-images/abc.jpg',
    });
    const res = await t.fetch(`/ideas/${idea.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    const doc = parsePage(html);
    const visible = description.slice(0, 100).replace(/\s+/g, ' ').trim();
    expect(doc.querySelectorAll('title')).toHaveLength(1);
    expect(doc.title).toBe('Solar cold rooms | Idea Details');
    expect(metas(doc, 'description')).toEqual([`Solar cold rooms ${visible}`]);
    expect(html).not.toContain('HIDDEN-AFTER-100');
    expect([...doc.head.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href'))).toEqual([`${PUBLIC_URL}/ideas/${idea.id}`]);
    expect(metas(doc, 'og:title')).toEqual(['Solar cold rooms']);
    expect(metas(doc, 'og:description')).toEqual([`${visible}…`]);
    expect(metas(doc, 'og:type')).toEqual(['product']);
    expect(metas(doc, 'og:url')).toEqual([`${PUBLIC_URL}/ideas/${idea.id}`]);
    expect(metas(doc, 'og:image')).toEqual([`${PUBLIC_URL}/storage/idea-images/abc.jpg`]);
    expect(metas(doc, 'product:price:amount')).toEqual(['250000.00']);
    expect(metas(doc, 'product:price:currency')).toEqual(['NGN']);
    expect(metas(doc, 'twitter:card')).toEqual(['summary_large_image']);
    expect(metas(doc, 'twitter:title')).toEqual(['Solar cold rooms']);
    expect(metas(doc, 'twitter:image')).toEqual([`${PUBLIC_URL}/storage/idea-images/abc.jpg`]);
    expect(metas(doc, 'twitter:data1')).toEqual(['₦250,000']);
  });

  it('escapes everything it writes', async () => {
    const owner = await createUser(t.db);
    const idea = await createIdea(t.db, {
      userId: owner.id,
      title: `"><script>alert('x')</script> & co`,
      description: `Break out: "/><script>alert(1)</script> and <b>bold</b> & 'quotes'`,
      imageUrl: `https://img.example.test/a.png?x="><script>`,
    });
    const html = await (await t.fetch(`/ideas/${idea.id}`)).text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    const doc = parsePage(html);
    expect(doc.title).toBe(`"><script>alert('x')</script> & co | Idea Details`);
    expect(metas(doc, 'og:title')).toEqual([`"><script>alert('x')</script> & co`]);
    expect(metas(doc, 'og:image')[0]).toMatch(/^https:\/\/img\.example\.test\/a\.png\?x=/);
  });

  it("shows a visitor the item's picture, title, price and creator in the HTML itself, as text", async () => {
    const owner = await createUser(t.db, { name: 'Mallory <img src=x onerror=alert(1)>' });
    const title = `Well filter <script>window.__xss=1</script> " onfocus="window.__xss=1" data-x="`;
    const idea = await createIdea(t.db, {
      userId: owner.id,
      title,
      price: 250000,
      currency: 'NGN',
      description: 'A filter <img src=x onerror=window.__xss=1> for wells &amp; pumps.',
      imageUrl: '/storage/idea-images/x.jpg?"><script>window.__xss=1</script>',
    });
    const html = await (await t.fetch(`/ideas/${idea.id}`)).text();
    const root = parsePage(html).getElementById('root')!;
    expect(root.hasAttribute('data-server-rendered')).toBe(true);
    expect(root.querySelector('h1')?.textContent).toBe(title);
    const img = root.querySelector('article img')!;
    // The same <img> the app renders: sized, so nothing moves when the picture or the app arrives.
    expect([img.getAttribute('src'), img.getAttribute('alt'), img.getAttribute('width'), img.getAttribute('height')]).toEqual([
      '/storage/idea-images/x.jpg?"><script>window.__xss=1</script>',
      title,
      '1200',
      '900',
    ]);
    expect(root.querySelector('article')?.textContent).toContain('₦250,000');
    expect(root.textContent).toContain('by Mallory <img src=x onerror=alert(1)>');
    expect(root.textContent).toContain('A filter <img src=x onerror=window.__xss=1> for wells &amp; pumps.');
    // The one script in the page is its structured data: data the browser never runs, with no markup in it.
    expect(root.querySelectorAll('script:not([type="application/ld+json"]), [onerror], [onfocus], [data-x], img[src="x"]').length).toBe(0);
    const structured = [...root.querySelectorAll('script[type="application/ld+json"]')];
    expect(structured).toHaveLength(1);
    expect(structured[0]!.textContent).not.toMatch(/[<>]/);
    expect((JSON.parse(structured[0]!.textContent!) as { name: string }).name).toBe(title);
    expect(html).not.toContain('<script>window.__xss');
    expect([...root.querySelectorAll('header nav a[href="/auth"]')].map((a) => a.textContent)).toEqual(['Sign In', 'Join']);
    expect(root.querySelector('footer')).not.toBeNull();
  });

  it("carries the reader's own answer for the app, and never premium text for someone who may not read it", async () => {
    const owner = await signedInUser(t, { name: 'Tunde Balogun' });
    const description = `${'Shared solar cold rooms keep produce fresh at markets. '.repeat(2).slice(0, 100)}PREMIUM-ONLY the rest of a long story`;
    const idea = await createIdea(t.db, { userId: owner.id, title: 'Premium story item', description, imageUrl: 'https://img.example.test/p.jpg' });
    const visitorHtml = await (await t.fetch(`/ideas/${idea.id}`)).text();
    const visitor = parsePage(visitorHtml);
    expect(visitor.querySelector('#root [data-testid="description-preview"]')?.textContent).toBe(`${description.slice(0, 100)}…`);
    expect(visitorHtml).not.toContain('PREMIUM-ONLY');
    const api = await (await t.fetch(`/api/ideas/${idea.id}`)).json();
    expect(cached(visitor, 'ideas', 'detail', idea.id)?.data).toEqual(api);
    expect(api).toMatchObject({ id: idea.id, descriptionTruncated: true });

    // A signed-in person's page carries their own answer (their like, saved and rating state), for them alone.
    const person = await signedInUser(t);
    const res = await t.fetch(`/ideas/${idea.id}`, { headers: { cookie: person.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const signedInHtml = await res.text();
    const signedIn = parsePage(signedInHtml);
    expect(accountMenuInitials(signedIn.getElementById('root')!)).not.toBeNull();
    const theirs = await (await t.fetch(`/api/ideas/${idea.id}`, { headers: { cookie: person.cookie } })).json();
    expect(theirs).toHaveProperty('viewer');
    expect(cached(signedIn, 'ideas', 'detail', idea.id)?.data).toEqual(theirs);
    expect(signedInHtml).not.toContain('PREMIUM-ONLY');

    // Its owner reads it all; link previews still hold only what a visitor may see.
    const own = parsePage(await (await t.fetch(`/ideas/${idea.id}`, { headers: { cookie: owner.cookie } })).text());
    expect(own.getElementById('root')?.textContent).toContain('PREMIUM-ONLY the rest of a long story');
    expect(metas(own, 'og:description')[0]).not.toContain('PREMIUM-ONLY');
  });

  it('uses the summary card without an image, and keeps items in other currencies right', async () => {
    const owner = await createUser(t.db);
    const idea = await createIdea(t.db, { userId: owner.id, title: 'Bamboo bike kit', price: 89.99, currency: 'USD', description: 'Short one.' });
    const doc = parsePage(await (await t.fetch(`/ideas/${idea.id}/`)).text());
    expect(metas(doc, 'twitter:card')).toEqual(['summary']);
    expect(metas(doc, 'og:image')).toEqual([]);
    expect(metas(doc, 'og:description')).toEqual(['Short one.']);
    expect(metas(doc, 'product:price:amount')).toEqual(['89.99']);
    expect(metas(doc, 'product:price:currency')).toEqual(['USD']);
  });

  it("shows 'Idea not found' with 404 for a missing or malformed id, for the app to show the same", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '123', '%E0%A4%A']) {
      const res = await t.fetch(`/ideas/${id}`);
      expect(res.status, id).toBe(404);
      const doc = parsePage(await res.text());
      expect(doc.title, id).toBe('Idea not found | IdeaHub');
      expect(metas(doc, 'robots'), id).toEqual(['noindex']);
      expect(doc.querySelector('#root main h1')?.textContent, id).toBe('Idea not found');
      expect(pageState(doc).queries.queries.find((q) => q.queryKey[1] === 'detail')?.state).toMatchObject({ status: 'error', error: { status: 404 } });
    }
  });

  it('redirects /idea/{id} to /ideas/{id} permanently', async () => {
    const res = await t.fetch('/idea/abc-123', { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/ideas/abc-123');
  });

  it("fetches the details chunk with its own imports and the item's picture alongside the entry", async () => {
    const owner = await createUser(t.db);
    const idea = await createIdea(t.db, { userId: owner.id, title: 'Solar cold rooms', imageUrl: '/storage/idea-images/a%20b.jpg' });
    const doc = parsePage(await (await t.fetch(`/ideas/${idea.id}`)).text());
    // The entry's import, then the page's chunk and the badge; not the lazy discussion.
    expect(modulepreloads(doc)).toEqual(['/assets/shared-REACT.js', '/assets/idea-details-page-DETAILS.js', '/assets/badge-BADGE.js']);
    // Once, exactly the URL the page's <img> asks for, so the browser uses the preloaded response.
    expect(imagePreloads(doc)).toEqual(['/storage/idea-images/a%20b.jpg']);
    expect(doc.querySelector('#root article img')?.getAttribute('src')).toBe('/storage/idea-images/a%20b.jpg');
    const state = pageState(doc);
    expect(state.assets).toEqual({
      styles: ['/assets/index-STYLE.css'],
      entry: '/assets/index-ENTRY.js',
      modules: ['/assets/shared-REACT.js', '/assets/idea-details-page-DETAILS.js', '/assets/badge-BADGE.js'],
    });
    // Started by load-app.js once the picture is in, not by a module script of the page's own.
    expect(appLoader(doc)?.getAttribute('data-entry')).toBe('/assets/index-ENTRY.js');
    expect(appLoader(doc)?.hasAttribute('defer')).toBe(true);
    expect(doc.querySelector('script[type="module"], link[rel="modulepreload"]')).toBeNull();
    expect(doc.head.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe('/assets/index-STYLE.css');
  });

  it('preloads a picture on another site as it is, escaped, and none when there is no picture', async () => {
    const owner = await createUser(t.db);
    const external = await createIdea(t.db, { userId: owner.id, imageUrl: 'https://img.example.test/p.png?x="><script>' });
    const html = await (await t.fetch(`/ideas/${external.id}`)).text();
    expect(imagePreloads(parsePage(html))).toEqual(['https://img.example.test/p.png?x="><script>']);
    expect(html).not.toContain('<script>');
    const plain = await createIdea(t.db, { userId: owner.id });
    expect(imagePreloads(parsePage(await (await t.fetch(`/ideas/${plain.id}`)).text()))).toEqual([]);
  });

  it('draws no picture, preload or link preview image for an item saved with an address into the reader’s network (issue 30 point 5)', async () => {
    const owner = await createUser(t.db);
    for (const imageUrl of ['http://192.168.1.1/cam.jpg', 'https://127.0.0.1:8080/a.png', 'http://img.example.com/clear.png']) {
      const idea = await createIdea(t.db, { userId: owner.id, title: 'An old item with a picture', imageUrl });
      const html = await (await t.fetch(`/ideas/${idea.id}`)).text();
      const doc = parsePage(html);
      expect(html, imageUrl).not.toContain(new URL(imageUrl).host);
      expect(imagePreloads(doc)).toEqual([]);
      expect(metas(doc, 'og:image')).toEqual([]);
      expect(doc.querySelectorAll('img')).toHaveLength(0);
    }
  });

  it('serves the chunks with immutable caching but not the build manifest, and home preloads no page chunk', async () => {
    const chunk = await t.fetch('/assets/idea-details-page-DETAILS.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const manifest = await t.fetch('/.vite/manifest.json');
    expect(manifest.status).toBe(404);
    expect(await manifest.text()).not.toContain('idea-details-page');
    const home = parsePage(await (await t.fetch('/')).text());
    expect(modulepreloads(home)).toEqual(['/assets/shared-REACT.js']);
  });
});
