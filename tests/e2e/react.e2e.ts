/**
 * Every public page runs on React 19 (issue 18): react-dom registers itself with React's
 * DevTools hook (the public protocol browser extensions use, stood in for here by a recorder set
 * up before any script), the server-painted pages are hydrated rather than drawn again, and no
 * page logs an error or a hydration warning on the way.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, MOBILE, useBrowser } from './support/browser.ts';
import { newPerson } from './support/people.ts';

/** Runs before the page's scripts: what React's DevTools hook is told (renderers, commits). */
function recordReact() {
  const w = window as unknown as { __react: { renderers: { name: string; version: string }[]; commits: number } };
  w.__react = { renderers: [], commits: 0 };
  (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject(renderer: { rendererPackageName?: string; version?: string }) {
      w.__react.renderers.push({ name: String(renderer.rendererPackageName), version: String(renderer.version) });
      return w.__react.renderers.length;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {
      w.__react.commits += 1;
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
  };
}

/** Errors, console errors, any console message about hydration, and React's development build, as they come. */
function problems(page: Page, ownStatus: number): string[] {
  const found: string[] = [];
  page.on('pageerror', (e) => found.push(`pageerror: ${String(e)}`));
  page.on('console', (m) => {
    const text = m.text();
    // The browser's own line for a page answered 404 (the not-found page) is not the app's.
    if (ownStatus === 404 && m.type() === 'error' && /status of 404/.test(text) && m.location().url === page.url()) return;
    if (m.type() === 'error' || /hydrat/i.test(text)) found.push(`${m.type()}: ${text}`);
    // Only React's development build invites the reader to download its DevTools.
    if (/React DevTools/.test(text)) found.push(`a development build of React: ${text}`);
  });
  return found;
}

async function itemId(): Promise<string> {
  return (await firstItem()).id;
}

/** The newest seeded item (and so its maker). */
async function firstItem(): Promise<{ id: string; creator: { id: string } }> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await fetch(`${baseURL()}/api/ideas?limit=1`).catch(() => null);
    const items = res?.ok ? ((await res.json()) as { items: { id: string; creator: { id: string } }[] }).items : [];
    if (items[0]) return items[0];
    if (Date.now() > deadline) throw new Error('no seeded item');
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('React runs every public page', () => {
  const browser = useBrowser();
  let id = '';
  let makerId = '';
  beforeAll(async () => {
    const item = await firstItem();
    id = item.id;
    makerId = item.creator.id;
  }, 120_000);

  const pages: [string, () => string, number, boolean][] = [
    ['home', () => '/', 200, true],
    ['home, Ideas tab', () => '/?category=idea', 200, true],
    ['home, Products tab', () => '/?category=product', 200, true],
    ['home, a search', () => '/?category=idea&q=solar', 200, true],
    ['home, Trending', () => '/?sort=trending', 200, true],
    ['home, Top of the month, in dollars from $10', () => '/?sort=top&window=month&currency=USD&minPrice=10', 200, true],
    ['home, filters the API refuses', () => '/?currency=USD&minPrice=20&maxPrice=10', 200, true],
    ['a details page', () => `/ideas/${id}`, 200, true],
    ['a maker page', () => `/makers/${makerId}`, 200, true],
    ['an unknown maker', () => '/makers/nobody-at-all', 404, true],
    ['About', () => '/about', 200, true],
    ['Privacy Policy', () => '/privacy', 200, true],
    ['Terms of Service', () => '/terms', 200, true],
    ['an unknown address', () => '/no/such/page', 404, true],
  ];
  for (const [name, path, status, serverPainted] of pages) {
    for (const [size, viewport] of [['phone', MOBILE], ['desktop', DESKTOP]] as const) {
      it(`${name} (${size}): react-dom 19 renders it${serverPainted ? ', hydrating what the server painted' : ''}, without an error or a hydration warning`, async () => {
        const page = await browser.newPage(viewport);
        await page.addInitScript(recordReact);
        const found = problems(page, status);
        const res = await page.goto(path(), { timeout: 30_000 });
        expect(res?.status()).toBe(status);
        expect(await page.evaluate(() => document.getElementById('root')?.hasAttribute('data-server-rendered'))).toBe(serverPainted);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        const react = await page.evaluate(() => (window as unknown as { __react: { renderers: { name: string; version: string }[]; commits: number } }).__react);
        expect(react.renderers.map((r) => r.name)).toEqual(['react-dom']);
        expect(react.renderers[0]?.version).toMatch(/^19\./);
        expect(react.commits).toBeGreaterThan(0);
        expect(found).toEqual([]);
      });
    }
  }
});

describe('React runs the public pages of a signed-in person, painted by the server for them', () => {
  const browser = useBrowser();
  let id = '';
  beforeAll(async () => {
    id = await itemId();
  }, 120_000);

  it('home, a details page and About: their header and state in the first HTML, hydrated without an error or a hydration warning', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.addInitScript(recordReact);
    await newPerson(page.context(), { name: 'Esi Owusu', contactInfo: 'esi@example.test' });
    for (const path of ['/', `/ideas/${id}`, '/about']) {
      // The page as the server sends it: drawn for this person (Share and the account menu, not Sign In).
      const served = await (await page.request.get(path)).text();
      expect(served).toContain('data-server-rendered');
      expect(served).toMatch(/<a[^>]*href="\/create-idea"/);
      expect(served).toContain('<span class="sr-only">Account menu</span>');
      expect(served).not.toMatch(/<a[^>]*href="\/auth"[^>]*>Sign In</);
      const found = problems(page, 200);
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const react = await page.evaluate(() => (window as unknown as { __react: { renderers: { name: string }[]; commits: number } }).__react);
      expect(react.renderers.map((r) => r.name)).toEqual(['react-dom']);
      expect(react.commits).toBeGreaterThan(0);
      await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).waitFor();
      expect(found, path).toEqual([]);
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
  });
});

describe('browsing without JavaScript', () => {
  const browser = useBrowser();

  it('the tabs are links and the search box is a form: both answer with the page the server paints', async () => {
    const page = await browser.newPage(MOBILE, { javaScriptEnabled: false });
    await page.goto('/');
    await page.getByRole('heading', { name: 'All Ideas & Products', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.waitForURL(/\/\?category=product$/);
    await page.getByRole('heading', { name: 'Amazing Products', exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Products' }).getAttribute('aria-selected')).toBe('true');
    const titles = await page.locator('main ul li h3').allInnerTexts();
    expect(titles.length).toBeGreaterThan(0);

    // A word from the first product's title: the results keep the tab and say what was searched for.
    const word = titles[0]!.split(/\s+/).find((w) => w.length > 3)!;
    const search = page.getByRole('searchbox', { name: 'Search ideas and products' });
    await search.fill(word);
    await search.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === word && url.searchParams.get('category') === 'product');
    await page.getByText(`Search results for "${word}"`).waitFor();
    expect(await page.locator('main ul li h3').allInnerTexts()).toContain(titles[0]);

    await page.getByRole('tab', { name: 'All' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === word && !url.searchParams.has('category'));
    await page.getByRole('heading', { name: 'All Ideas & Products', exact: true }).waitFor();
  });
});
