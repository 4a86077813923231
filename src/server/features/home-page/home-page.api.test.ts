/**
 * Home's first screen (issue 7): for a visitor the server writes the hero, the filters and the
 * list's first page into #root, rendered by the app's own components (src/web/first-screen.tsx,
 * built here as the build does), with that page's answer in a <meta> for the app to hydrate from.
 * Read as a browser would (jsdom): every value is text, searches are painted too (the search box
 * is a plain form without JavaScript), a signed-in person's page is their own, and a failing
 * renderer gets the plain app as before.
 */
import { rmSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it } from 'vitest';
import { INITIAL_IDEAS_META_NAME, PAGE_SESSION_META_NAME } from '../../../shared/constants.ts';
import { savedItems } from '../../db/schema.ts';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { fakeWebBuild, useFirstScreenBuild } from '../../../../tests/support/first-screen-build.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';


const parse = (html: string): Document => new JSDOM(html).window.document;
const cardTitles = (root: Element) => [...root.querySelectorAll('main ul li h3')].map((h) => h.textContent);

const webRoot = useFirstScreenBuild();

describe.each(databaseKinds())("home's first screen on %s", (kind) => {
  const t = useTestServer(kind, { webRoot });

  it('shows a visitor the hero and the newest cards in the HTML itself, with the same answer for the app', async () => {
    const owner = await createUser(t.db, { name: 'Tunde Balogun' });
    await createIdea(t.db, { userId: owner.id, title: 'Older cold rooms', category: 'idea' });
    await createIdea(t.db, { userId: owner.id, title: 'Solar cold rooms for market women', category: 'idea', price: 250000, currency: 'NGN' });
    await createIdea(t.db, { userId: owner.id, title: 'Handwoven laptop sleeve', category: 'product' });
    const res = await t.fetch('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const doc = parse(await res.text());
    const root = doc.getElementById('root')!;
    expect(root.hasAttribute('data-server-rendered')).toBe(true);
    expect(root.querySelector('h1')?.textContent).toBe('Share brilliant ideas. Discover amazing products.');
    expect(cardTitles(root)).toEqual(['Handwoven laptop sleeve', 'Solar cold rooms for market women', 'Older cold rooms']);
    const solar = [...root.querySelectorAll('main ul li')].find((li) => li.textContent?.includes('Solar cold rooms'))!;
    expect(solar.textContent).toContain('₦250,000');
    expect(solar.textContent).toContain('by Tunde Balogun');
    expect(solar.querySelector('a')?.getAttribute('href')).toMatch(/^\/ideas\/[0-9a-f-]{36}$/);
    // What the visitor's GET /api/ideas answers, for the app to hydrate the same cards.
    const embedded = JSON.parse(doc.querySelector(`meta[name="${INITIAL_IDEAS_META_NAME}"]`)!.getAttribute('content')!) as { items: { title: string }[] };
    const api = (await (await t.fetch('/api/ideas?category=all&limit=20')).json()) as { items: { title: string }[] };
    expect(embedded).toEqual(api);
    // The header as the app draws it before the session is known; no loading view.
    expect([...root.querySelectorAll('header nav a[href="/auth"]')].map((a) => a.textContent)).toEqual(['Sign In', 'Join']);
    expect(root.querySelector('[aria-busy="true"][role="status"]')).toBeNull();
    expect(root.querySelector('footer')).not.toBeNull();
  });

  it('paints the category in the address', async () => {
    const owner = await createUser(t.db);
    await createIdea(t.db, { userId: owner.id, title: 'Only an idea', category: 'idea' });
    await createIdea(t.db, { userId: owner.id, title: 'Only a product', category: 'product' });
    const root = parse(await (await t.fetch('/?category=product')).text()).getElementById('root')!;
    expect(root.querySelector('h2#browse-heading')?.textContent).toBe('Amazing Products');
    expect(cardTitles(root)).toContain('Only a product');
    expect(cardTitles(root)).not.toContain('Only an idea');
    expect(new Set([...root.querySelectorAll('main ul li [data-slot="badge"]')].map((b) => b.textContent))).toEqual(new Set(['product']));
    expect(root.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.trim()).toBe('Products');
  });

  it('shows titles and names with markup in them as text, and adds no element or handler of its own', async () => {
    const owner = await createUser(t.db, { name: 'Mallory <img src=x onerror=alert(1)>' });
    const title = `Well filter <script>window.__xss=1</script> " onfocus="window.__xss=1" data-x="`;
    await createIdea(t.db, { userId: owner.id, title, description: 'A filter <img src=x onerror=window.__xss=1> for wells.' });
    const html = await (await t.fetch('/')).text();
    const root = parse(html).getElementById('root')!;
    expect(cardTitles(root)[0]).toBe(title);
    expect(root.textContent).toContain('by Mallory <img src=x onerror=alert(1)>');
    expect(root.textContent).toContain('A filter <img src=x onerror=window.__xss=1> for wells.');
    expect(root.querySelectorAll('script, [onerror], [onfocus], [data-x], img[src="x"]').length).toBe(0);
    expect(html).not.toContain('<script>window.__xss');
  });

  it("paints a signed-in person's own home: their header, their saved state, for them alone", async () => {
    const owner = await createUser(t.db);
    const kept = await createIdea(t.db, { userId: owner.id, title: 'Kept for later' });
    await createIdea(t.db, { userId: owner.id, title: 'Not kept' });
    const person = await signedInUser(t, { name: 'Kofi Mensah' });
    await t.db.insert(savedItems).values({ userId: person.id, ideaId: kept.id });
    const res = await t.fetch('/', { headers: { cookie: person.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const html = await res.text();
    const doc = parse(html);
    const root = doc.getElementById('root')!;
    expect(root.hasAttribute('data-server-rendered')).toBe(true);
    // The header knows who is there: Dashboard, not Sign In.
    expect(root.querySelector('header a[href="/dashboard"]')).not.toBeNull();
    expect(root.querySelector('header a[href="/auth"]')).toBeNull();
    const pressed = (title: string) => root.querySelector(`button[aria-label="Save ${title}"]`)?.getAttribute('aria-pressed');
    expect(pressed('Kept for later')).toBe('true');
    expect(pressed('Not kept')).toBe('false');
    // The app's first render gets the same: the person and their list.
    const session = JSON.parse(doc.querySelector(`meta[name="${PAGE_SESSION_META_NAME}"]`)!.getAttribute('content')!);
    expect(session).toEqual({ id: person.id, name: 'Kofi Mensah', email: person.email, emailVerified: true, role: 'user' });
    const list = JSON.parse(doc.querySelector(`meta[name="${INITIAL_IDEAS_META_NAME}"]`)!.getAttribute('content')!);
    const own = await (await t.fetch('/api/ideas?category=all&limit=20', { headers: { cookie: person.cookie } })).json();
    expect(list).toEqual(own);
    // A visitor's page says so, and keeps nobody's state.
    const visitor = parse(await (await t.fetch('/')).text());
    expect(visitor.querySelector(`meta[name="${PAGE_SESSION_META_NAME}"]`)?.getAttribute('content')).toBe('null');
    expect(visitor.querySelector('button[aria-label="Save Kept for later"]')?.getAttribute('aria-pressed')).toBe('false');
  });

  it('paints a search, so the search box works as a plain form: the results, the words searched for, the tab kept', async () => {
    const owner = await createUser(t.db);
    await createIdea(t.db, { userId: owner.id, title: 'Solar dryer for cassava', category: 'product' });
    await createIdea(t.db, { userId: owner.id, title: 'Solar lamp library', category: 'idea' });
    await createIdea(t.db, { userId: owner.id, title: 'Goat milk soap', category: 'product' });
    const res = await t.fetch('/?category=product&q=solar');
    expect(res.status).toBe(200);
    const doc = parse(await res.text());
    const root = doc.getElementById('root')!;
    expect(root.hasAttribute('data-server-rendered')).toBe(true);
    expect(cardTitles(root)).toEqual(['Solar dryer for cassava']);
    expect(root.textContent).toContain('Search results for "solar"');
    const form = root.querySelector('form[role="search"]')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/');
    expect((form.querySelector('input[name="q"]') as HTMLInputElement).value).toBe('solar');
    expect((form.querySelector('input[name="category"]') as HTMLInputElement).value).toBe('product');
    // The tabs are links that keep the search.
    const tabs = [...root.querySelectorAll('[role="tablist"] a[role="tab"]')].map((a) => [a.textContent?.trim(), a.getAttribute('href')]);
    expect(tabs).toEqual([
      ['All', '/?q=solar'],
      ['Ideas', '/?category=idea&q=solar'],
      ['Products', '/?category=product&q=solar'],
    ]);
    const none = parse(await (await t.fetch('/?q=nothing-like-this')).text()).getElementById('root')!;
    expect(none.textContent).toContain('No results found');
  });
});

describe.each(databaseKinds())('a home first screen that cannot be rendered, on %s', (kind) => {
  const broken = fakeWebBuild("export async function renderHome() { throw new Error('boom'); }");
  const t = useTestServer(kind, { webRoot: broken });
  afterAll(() => rmSync(broken, { recursive: true, force: true }));

  it('serves home without it: the app renders the list as before', async () => {
    const owner = await createUser(t.db);
    await createIdea(t.db, { userId: owner.id, title: 'Still listed' });
    const res = await t.fetch('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(INITIAL_IDEAS_META_NAME);
  });
});
