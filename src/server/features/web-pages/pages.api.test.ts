/**
 * Every page rendered by React on the server (issue 18): home with its tabs and searches, About,
 * Privacy, Terms and the not-found page come whole in the HTML, drawn by the app's own components
 * (src/web/entry.server.tsx, built here as the build does) from the reader's own answers, which
 * the page carries as its dehydrated query cache for the browser to hydrate. Read as a browser
 * would with scripts off (jsdom): every value is text, a signed-in person's page is their own,
 * the signed-in areas are left to the browser, and a failing renderer gets the plain app.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { rateLimits, savedItems } from '../../db/schema.ts';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { accountMenuInitials, cached, metas, pageState, parsePage } from '../../../../tests/support/page-html.ts';
import { fakeWebBuild, useServerEntryBuild } from '../../../../tests/support/web-build.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';

const cardTitles = (root: Element) => [...root.querySelectorAll('main ul li h3')].map((h) => h.textContent);

const webRoot = useServerEntryBuild();

describe('the server entry as built', () => {
  it("renders with React's production build whatever NODE_ENV the server runs with", () => {
    const code = readFileSync(path.join(webRoot, '.server', 'entry.server.mjs'), 'utf8');
    expect(code).toContain('renderToPipeableStream');
    expect(code).not.toContain('process.env.NODE_ENV');
    expect(code).not.toContain('react-dom-server.node.development');
  });
});

describe.each(databaseKinds())('home from the server on %s', (kind) => {
  const t = useTestServer(kind, { webRoot });

  it('shows a visitor the hero and the newest cards in the HTML itself, with the same answer for the app', async () => {
    const owner = await createUser(t.db, { name: 'Tunde Balogun' });
    await createIdea(t.db, { userId: owner.id, title: 'Older cold rooms', category: 'idea' });
    await createIdea(t.db, { userId: owner.id, title: 'Solar cold rooms for market women', category: 'idea', price: 250000, currency: 'NGN' });
    await createIdea(t.db, { userId: owner.id, title: 'Handwoven laptop sleeve', category: 'product' });
    const res = await t.fetch('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    const doc = parsePage(html);
    const root = doc.getElementById('root')!;
    expect(root.hasAttribute('data-server-rendered')).toBe(true);
    // The head comes from the route (React 19's <title> and <meta>), once each.
    expect(doc.querySelectorAll('title')).toHaveLength(1);
    expect(doc.title).toBe('IdeaHub — Discover brilliant ideas and amazing products');
    expect(metas(doc, 'description')).toHaveLength(1);
    expect(root.querySelector('h1')?.textContent).toBe('Share brilliant ideas. Discover amazing products.');
    expect(cardTitles(root)).toEqual(['Handwoven laptop sleeve', 'Solar cold rooms for market women', 'Older cold rooms']);
    const solar = [...root.querySelectorAll('main ul li')].find((li) => li.textContent?.includes('Solar cold rooms'))!;
    expect(solar.textContent).toContain('₦250,000');
    expect(solar.textContent).toContain('by Tunde Balogun');
    expect(solar.querySelector('a')?.getAttribute('href')).toMatch(/^\/ideas\/[0-9a-f-]{36}$/);
    // What the visitor's GET /api/ideas answers, for the app to hydrate the same cards.
    const list = cached(doc, 'ideas', 'list', { category: 'all' });
    const api = await (await t.fetch('/api/ideas?category=all&limit=20')).json();
    expect(list?.data).toEqual({ pages: [api], pageParams: [null] });
    expect(cached(doc, 'session')?.data).toBeNull();
    expect(cached(doc, 'maintenance')?.data).toMatchObject({ maintenanceMode: false, platformName: 'IdeaHub' });
    // The header for a visitor; no loading view.
    expect([...root.querySelectorAll('header nav a[href="/auth"]')].map((a) => a.textContent)).toEqual(['Sign In', 'Join']);
    expect(root.querySelector('[aria-busy="true"][role="status"]')).toBeNull();
    expect(root.querySelector('footer')).not.toBeNull();
  });

  it('paints the category in the address', async () => {
    const owner = await createUser(t.db);
    await createIdea(t.db, { userId: owner.id, title: 'Only an idea', category: 'idea' });
    await createIdea(t.db, { userId: owner.id, title: 'Only a product', category: 'product' });
    const root = parsePage(await (await t.fetch('/?category=product')).text()).getElementById('root')!;
    expect(root.querySelector('h2#browse-heading')?.textContent).toBe('Amazing Products');
    expect(cardTitles(root)).toContain('Only a product');
    expect(cardTitles(root)).not.toContain('Only an idea');
    // Each card's category label, drawn over its cover (the card's first part).
    expect(new Set([...root.querySelectorAll('main ul li article > div:first-child > span')].map((b) => b.textContent))).toEqual(new Set(['Product']));
    expect(root.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.trim()).toBe('Products');
  });

  it('shows titles and names with markup in them as text, and adds no element or handler of its own', async () => {
    const owner = await createUser(t.db, { name: 'Mallory <img src=x onerror=alert(1)>' });
    const title = `Well filter <script>window.__xss=1</script> " onfocus="window.__xss=1" data-x="`;
    await createIdea(t.db, { userId: owner.id, title, description: 'A filter <img src=x onerror=window.__xss=1> for wells. </script><script>window.__xss=1</script>' });
    const html = await (await t.fetch('/')).text();
    const doc = parsePage(html);
    const root = doc.getElementById('root')!;
    expect(cardTitles(root)[0]).toBe(title);
    expect(root.textContent).toContain('by Mallory <img src=x onerror=alert(1)>');
    expect(root.textContent).toContain('A filter <img src=x onerror=window.__xss=1> for wells.');
    expect(root.querySelectorAll('script, [onerror], [onfocus], [data-x], img[src="x"]').length).toBe(0);
    expect(html).not.toContain('<script>window.__xss');
    // The state carries the same text, and cannot end its own element.
    expect(html).not.toContain('</script><script>window');
    const item = (cached(doc, 'ideas', 'list', { category: 'all' })?.data as { pages: { items: { title: string }[] }[] }).pages[0]!.items[0]!;
    expect(item.title).toBe(title);
    // No script runs but the app's own, from its own files.
    const scripts = [...doc.querySelectorAll('script')].filter((s) => s.getAttribute('type') !== 'application/json');
    expect(scripts.map((s) => s.getAttribute('src'))).toEqual(['/theme-init.js', '/load-app.js']);
    expect(scripts[1]!.getAttribute('data-entry')).toBe('/assets/index-ENTRY.js');
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
    const doc = parsePage(await res.text());
    const root = doc.getElementById('root')!;
    expect(root.hasAttribute('data-server-rendered')).toBe(true);
    // The header knows who is there: their account menu (Kofi Mensah's initials), not Sign In.
    expect(accountMenuInitials(root)).toBe('KM');
    expect(root.querySelector('header a[href="/auth"]')).toBeNull();
    const pressed = (title: string) => root.querySelector(`button[aria-label="Save ${title}"]`)?.getAttribute('aria-pressed');
    expect(pressed('Kept for later')).toBe('true');
    expect(pressed('Not kept')).toBe('false');
    // The app's first render gets the same: the person and their list.
    expect(cached(doc, 'session')?.data).toEqual({ id: person.id, name: 'Kofi Mensah', email: person.email, emailVerified: true, role: 'user', image: null });
    const own = await (await t.fetch('/api/ideas?category=all&limit=20', { headers: { cookie: person.cookie } })).json();
    expect(cached(doc, 'ideas', 'list', { category: 'all' })?.data).toEqual({ pages: [own], pageParams: [null] });
    // A visitor's page says so, and keeps nobody's state.
    const visitor = parsePage(await (await t.fetch('/')).text());
    expect(cached(visitor, 'session')?.data).toBeNull();
    expect(visitor.querySelector('button[aria-label="Save Kept for later"]')?.getAttribute('aria-pressed')).toBe('false');
  });

  it('paints a search, so the search box works as a plain form: the results, the words searched for, the tab kept', async () => {
    const owner = await createUser(t.db);
    await createIdea(t.db, { userId: owner.id, title: 'Solar dryer for cassava', category: 'product' });
    await createIdea(t.db, { userId: owner.id, title: 'Solar lamp library', category: 'idea' });
    await createIdea(t.db, { userId: owner.id, title: 'Goat milk soap', category: 'product' });
    const res = await t.fetch('/?category=product&q=solar');
    expect(res.status).toBe(200);
    const root = parsePage(await res.text()).getElementById('root')!;
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
    const none = parsePage(await (await t.fetch('/?q=nothing-like-this')).text()).getElementById('root')!;
    expect(none.textContent).toContain('No results found');
  });

  it("draws a search the API refuses with the API's own reason, calmly, kept for the app as the refusal it is", async () => {
    const res = await t.fetch(`/?q=${'x'.repeat(500)}`);
    expect(res.status).toBe(200);
    const doc = parsePage(await res.text());
    const refused = doc.querySelector('#root [role="status"]');
    expect(refused?.textContent).toContain('These filters need a second look');
    expect(refused?.textContent).toContain('Search text must be at most 200 characters.');
    expect(refused?.querySelector('a')?.textContent).toBe('Clear filters');
    const kept = pageState(doc).queries.queries.find((q) => q.queryKey[0] === 'ideas');
    expect(kept?.state.status).toBe('error');
  });
});

describe('the other pages from the server', () => {
  const t = useTestServer('pglite', { webRoot });

  it.each([
    ['/about', 'About IdeaHub', 'About | IdeaHub'],
    ['/privacy', 'Privacy Policy', 'Privacy Policy | IdeaHub'],
    ['/terms', 'Terms of Service', 'Terms of Service | IdeaHub'],
  ])('%s comes whole: head, header, page and footer', async (path, words, title) => {
    const res = await t.fetch(path);
    expect(res.status).toBe(200);
    const doc = parsePage(await res.text());
    expect(doc.title).toBe(title);
    expect(metas(doc, 'description')).toHaveLength(1);
    const page = doc.getElementById('root')!;
    expect(page.hasAttribute('data-server-rendered')).toBe(true);
    expect(page.querySelector('main h1')?.textContent).toBeTruthy();
    expect(page.querySelector('main')?.textContent).toContain(words);
    expect(page.querySelector('header a[href="/auth"]')?.textContent).toBe('Sign In');
    expect(page.querySelector('footer')).not.toBeNull();
    expect(page.querySelectorAll('script').length).toBe(0);
  });

  it('answers an unknown address with the not-found page and 404', async () => {
    for (const path of ['/no/such/page', '/ideas-of-mine', '/about/more']) {
      const res = await t.fetch(path);
      expect(res.status).toBe(404);
      const doc = parsePage(await res.text());
      expect(doc.title).toBe('Page not found | IdeaHub');
      const page = doc.getElementById('root')!;
      expect(page.hasAttribute('data-server-rendered')).toBe(true);
      expect(page.querySelector('main h1')?.textContent).toBe('404');
      expect(page.textContent).toContain('Oops! Page not found');
    }
  });

  it('paints /auth for a visitor: no loading screen, the Sign In form posting to the server, the Sign Up tab a link (issue 27 point 5)', async () => {
    const res = await t.fetch('/auth?next=%2Fabout&failed=invalid_email_or_password');
    expect(res.status).toBe(200);
    const root = parsePage(await res.text()).getElementById('root')!;
    expect(root.hasAttribute('data-server-rendered')).toBe(true);
    expect(root.textContent).not.toContain('Loading...');
    const form = root.querySelector('form[aria-label="Sign in"]')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/api/auth-form/sign-in?next=%2Fabout');
    expect([...form.querySelectorAll('input')].map((i) => i.getAttribute('name'))).toEqual(['email', 'password']);
    // A refused post comes back with the reason, in the spec's words.
    expect(root.querySelector('[role="alert"]')?.textContent).toBe('Sign In ErrorInvalid email or password.');
    expect([...root.querySelectorAll('[role="tablist"] a[role="tab"]')].map((a) => [a.textContent?.trim(), a.getAttribute('href')])).toEqual([
      ['Sign In', '/auth?next=%2Fabout'],
      ['Sign Up', '/auth?tab=signup&next=%2Fabout'],
    ]);

    const signUp = parsePage(await (await t.fetch('/auth?tab=signup')).text()).getElementById('root')!;
    const signUpForm = signUp.querySelector('form[aria-label="Sign up"]')!;
    expect(signUpForm.getAttribute('action')).toBe('/api/auth-form/sign-up');
    expect([...signUpForm.querySelectorAll('input')].map((i) => i.getAttribute('name'))).toEqual(['fullName', 'email', 'password', 'confirmPassword', 'weeklyDigest']);
    // The weekly digest box is ticked in the server's page too (issue 28: on for new sign-ups who leave it).
    expect(signUpForm.querySelector('input[name="weeklyDigest"]')!.hasAttribute('checked')).toBe(true);
  });

  it("paints a signed-in person's page with their header", async () => {
    const person = await signedInUser(t);
    const res = await t.fetch('/about', { headers: { cookie: person.cookie } });
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const page = parsePage(await res.text()).getElementById('root')!;
    expect(page.hasAttribute('data-server-rendered')).toBe(true);
    expect(accountMenuInitials(page)).not.toBeNull();
    expect(page.querySelector('header a[href="/auth"]')).toBeNull();
  });

  it('leaves the signed-in areas to the browser: the document, its assets and who the page is for', async () => {
    const person = await signedInUser(t, { name: 'Kofi Mensah' });
    for (const path of ['/dashboard', '/profile', '/create-idea', '/admin', '/admin/users']) {
      const res = await t.fetch(path, { headers: { cookie: person.cookie } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('private, no-cache');
      const doc = parsePage(await res.text());
      const root = doc.getElementById('root')!;
      expect(root.hasAttribute('data-server-rendered'), path).toBe(false);
      expect(root.childElementCount, path).toBe(0);
      const state = pageState(doc);
      expect(state.rendered).toBe(false);
      expect(state.assets.entry).toBe('/assets/index-ENTRY.js');
      expect(state.assets.styles).toEqual(['/assets/index-STYLE.css']);
      expect(cached(doc, 'session')?.data).toMatchObject({ id: person.id, name: 'Kofi Mensah' });
    }
  });
});

describe.each(databaseKinds())("visitors' pages on %s", (kind) => {
  // Long enough that a busy machine still asks twice within the moment.
  const t = useTestServer(kind, { webRoot, env: { PUBLIC_CACHE_TTL_MS: '4000' } });
  const homeTitles = async (headers: Record<string, string> = {}) => {
    const res = await t.fetch('/', { headers });
    expect(res.status).toBe(200);
    return cardTitles(parsePage(await res.text()).getElementById('root')!);
  };

  it('are kept for a moment like the answers they are drawn from: the same for every visitor, a write through the API at once', async () => {
    const author = await signedInUser(t, { name: 'Adaeze Okoro' });
    const first = await createIdea(t.db, { userId: author.id, title: 'First kept page item' });
    expect(await homeTitles()).toContain('First kept page item');

    // Written around the API: visitors see it once the moment has passed; a signed-in person at once.
    await createIdea(t.db, { userId: author.id, title: 'Second kept page item' });
    expect(await homeTitles()).not.toContain('Second kept page item');
    expect(await homeTitles({ cookie: author.cookie })).toContain('Second kept page item');
    await expect.poll(() => homeTitles(), { timeout: 15_000, interval: 300 }).toContain('Second kept page item');

    // A browser that has the page gets 304; the kept page carries nobody's cookie.
    const kept = await t.fetch('/');
    expect(kept.headers.get('set-cookie')).toBeNull();
    expect(kept.headers.get('vary')).toMatch(/Cookie/);
    const etag = kept.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await t.fetch('/', { headers: { 'if-none-match': etag! } })).status).toBe(304);

    // A change to what an item says, through the API, shows on the next visitor's page.
    const item = `/ideas/${first.id}`;
    expect(parsePage(await (await t.fetch(item)).text()).querySelector('h1')?.textContent).toBe('First kept page item');
    const edit = await t.fetch(`/api/ideas/${first.id}`, { method: 'PATCH', headers: author.headers, body: JSON.stringify({ title: 'First item, renamed' }) });
    expect(edit.status).toBeLessThan(300);
    expect(parsePage(await (await t.fetch(item)).text()).querySelector('h1')?.textContent).toBe('First item, renamed');
    expect(await homeTitles()).toContain('First item, renamed');
  });
});

describe("a signed-in person's page and the session check's rate limit", () => {
  // Behind a trusted proxy, so the reader's address is one the test chooses.
  const t = useTestServer('pglite', { webRoot, env: { TRUSTED_PROXIES: '127.0.0.1' } });
  const sessionCheckRows = async () =>
    (await t.db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, '%get-session%'))).map((r) => r.key);

  it('are apart: pages are drawn for their reader however often they load them, and use none of its slots', async () => {
    const person = await signedInUser(t);
    const headers = { cookie: person.cookie, 'x-forwarded-for': '203.0.113.7' };
    await t.db.delete(rateLimits);
    // The reader's address has used up its session checks (the browser's own get-session).
    await t.fetch('/api/auth/get-session', { headers });
    await t.db.update(rateLimits).set({ count: 100_000, lastRequest: Date.now() }).where(like(rateLimits.key, '203.0.113.7|%get-session'));
    expect((await t.fetch('/api/auth/get-session', { headers })).status).toBe(429);
    const before = await sessionCheckRows();
    const res = await t.fetch('/about', { headers });
    expect(res.status).toBe(200);
    expect(accountMenuInitials(parsePage(await res.text()).getElementById('root')!)).not.toBeNull();
    expect(await sessionCheckRows()).toEqual(before);
  });
});

describe('a page that cannot be rendered', () => {
  const broken = fakeWebBuild("export async function preparePage() { throw new Error('boom'); }\nexport async function renderDocument() { throw new Error('boom'); }\nexport const pageStateText = JSON.stringify;");
  const t = useTestServer('pglite', { webRoot: broken });
  afterAll(() => rmSync(broken, { recursive: true, force: true }));

  it('serves the plain app, with the right status', async () => {
    const owner = await createUser(t.db);
    await createIdea(t.db, { userId: owner.id, title: 'Still listed' });
    for (const path of ['/', '/about']) {
      const res = await t.fetch(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<div id="root"></div>');
    }
    expect((await t.fetch('/no/such/page')).status).toBe(404);
    // The renderer is the server's own code, never a file of the site.
    expect((await t.fetch('/.server/entry.server.mjs')).status).toBe(404);
  });
});
