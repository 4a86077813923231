/**
 * First paint of /ideas/{id} (issue 7): for a visitor the server writes the page's first screen
 * into #root, rendered by the app's own components (src/web/first-screen.tsx, built here as the
 * build does), so the browser shows the item before any script has run. What the HTML shows is
 * read as a browser would (jsdom): every value is text, premium text never appears, and
 * signed-in people, unknown ids and a failing renderer get the plain app as before.
 */
import { rmSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { fakeWebBuild, useFirstScreenBuild } from '../../../../tests/support/first-screen-build.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';


/** The page as a browser parses it, scripts off. */
function parse(html: string): Document {
  return new JSDOM(html).window.document;
}

const webRoot = useFirstScreenBuild();

describe.each(databaseKinds())('the first screen of /ideas/{id} on %s', (kind) => {
  const t = useTestServer(kind, { webRoot });

  it("shows a visitor the item's picture, title, price and creator in the HTML itself", async () => {
    const owner = await createUser(t.db, { name: 'Tunde Balogun' });
    const idea = await createIdea(t.db, {
      userId: owner.id,
      title: 'Solar cold rooms for market women',
      price: 250000,
      currency: 'NGN',
      imageUrl: '/storage/idea-images/cold-rooms.jpg',
    });
    const res = await t.fetch(`/ideas/${idea.id}`);
    expect(res.status).toBe(200);
    const root = parse(await res.text()).getElementById('root')!;
    expect(root.hasAttribute('data-server-rendered')).toBe(true);
    expect(root.querySelector('h1')?.textContent).toBe('Solar cold rooms for market women');
    const img = root.querySelector('article img')!;
    // The same <img> the app renders: sized, so nothing moves when the picture or the app arrives.
    expect([img.getAttribute('src'), img.getAttribute('alt'), img.getAttribute('width'), img.getAttribute('height')]).toEqual([
      '/storage/idea-images/cold-rooms.jpg',
      'Solar cold rooms for market women',
      '1200',
      '900',
    ]);
    expect(root.querySelector('article')?.textContent).toContain('₦250,000');
    expect(root.querySelector('article')?.textContent).toContain('by Tunde Balogun');
    // The site's header and footer are there too, as the app draws them before the session is known.
    expect([...root.querySelectorAll('header nav a[href="/auth"]')].map((a) => a.textContent)).toEqual(['Sign In', 'Join']);
    expect(root.querySelector('footer')).not.toBeNull();
    expect(root.textContent).not.toContain('Loading...');
  });

  it('shows a title with <script> in it as text, and adds no element or handler of its own', async () => {
    const owner = await createUser(t.db, { name: 'Mallory <img src=x onerror=alert(1)>' });
    const title = `Well filter <script>window.__xss=1</script> " onfocus="window.__xss=1" data-x="`;
    const idea = await createIdea(t.db, {
      userId: owner.id,
      title,
      description: 'A filter <img src=x onerror=window.__xss=1> for wells &amp; pumps.',
      imageUrl: '/storage/idea-images/x.jpg?"><script>window.__xss=1</script>',
    });
    const html = await (await t.fetch(`/ideas/${idea.id}`)).text();
    const doc = parse(html);
    const root = doc.getElementById('root')!;
    expect(root.querySelector('h1')?.textContent).toBe(title);
    expect(root.querySelector('article img')?.getAttribute('alt')).toBe(title);
    expect(root.querySelector('article img')?.getAttribute('src')).toBe('/storage/idea-images/x.jpg?"><script>window.__xss=1</script>');
    expect(root.textContent).toContain('by Mallory <img src=x onerror=alert(1)>');
    expect(root.textContent).toContain('A filter <img src=x onerror=window.__xss=1> for wells &amp; pumps.');
    expect(root.querySelectorAll('script, [onerror], [onfocus], [data-x], img[src="x"]').length).toBe(0);
    expect(html).not.toContain('<script>window.__xss');
  });

  it("never puts premium text in the page of someone who may not read it; its owner's page has it all", async () => {
    const owner = await signedInUser(t, { name: 'Tunde Balogun' });
    const description = `${'Shared solar cold rooms keep produce fresh at markets. '.repeat(2).slice(0, 100)}PREMIUM-ONLY the rest of a long story`;
    const idea = await createIdea(t.db, { userId: owner.id, title: 'Premium story item', description });
    const visitor = await (await t.fetch(`/ideas/${idea.id}`)).text();
    expect(parse(visitor).querySelector('#root [data-testid="description-preview"]')?.textContent).toBe(`${description.slice(0, 100)}…`);
    expect(visitor).not.toContain('PREMIUM-ONLY');

    const person = await signedInUser(t);
    const res = await t.fetch(`/ideas/${idea.id}`, { headers: { cookie: person.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const signedIn = parse(await res.text());
    expect(signedIn.getElementById('root')?.hasAttribute('data-server-rendered')).toBe(true);
    expect(signedIn.querySelector('#root header a[href="/dashboard"]')).not.toBeNull();
    expect(signedIn.documentElement.outerHTML).not.toContain('PREMIUM-ONLY');

    const own = parse(await (await t.fetch(`/ideas/${idea.id}`, { headers: { cookie: owner.cookie } })).text());
    expect(own.getElementById('root')?.textContent).toContain('PREMIUM-ONLY the rest of a long story');
  });

  it('leaves the root empty for a missing item', async () => {
    const res = await t.fetch('/ideas/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<div id="root"></div>');
  });
});

describe.each(databaseKinds())('a first screen that cannot be rendered, on %s', (kind) => {
  const broken = fakeWebBuild("export async function renderIdeaDetails() { throw new Error('boom'); }");
  const t = useTestServer(kind, { webRoot: broken });
  afterAll(() => rmSync(broken, { recursive: true, force: true }));

  it('serves the page without it: the app renders the item as before', async () => {
    const owner = await createUser(t.db);
    const idea = await createIdea(t.db, { userId: owner.id, title: 'Still served' });
    const res = await t.fetch(`/ideas/${idea.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(parse(html).querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('Still served');
    // The renderer is the server's own code, never a file of the site.
    expect((await t.fetch('/.server/first-screen.mjs')).status).toBe(404);
  });
});
