/**
 * First paint of the details page (issue 7, docs/decisions/0009-first-paint-from-the-server.md):
 * a visitor sees the item, picture and all, in the page the server sends, before any script has
 * run; when the app takes over, the screen stays as it was: nothing moves, no loading view flashes
 * in between, and the payloads in an item's texts stay text on the way.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appTookOver, baseURL, DESKTOP, expectAccessible, MOBILE, useBrowser } from './support/browser.ts';
import { newPerson } from './support/people.ts';

const ITEM = 'Solar cold rooms for market women';

async function itemId(title: string): Promise<string> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await fetch(`${baseURL()}/api/ideas?limit=50&q=${encodeURIComponent(title)}`).catch(() => null);
    const items = res?.ok ? ((await res.json()) as { items: { id: string; title: string }[] }).items : [];
    const item = items.find((i) => i.title === title);
    if (item) return item.id;
    if (Date.now() > deadline) throw new Error(`no seeded item "${title}"`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Runs in the page before its scripts: records every layout shift, and whether the app's loading
 * view ('Loading...') or the details skeleton was ever put on the page.
 */
function watchFirstScreen() {
  const w = window as unknown as { __shifts: { value: number; moved: string[] }[]; __loadingShown: boolean };
  w.__shifts = [];
  w.__loadingShown = false;
  type Shift = PerformanceEntry & { value: number; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
  const describe = (node: Node | undefined) => (node instanceof Element ? `${node.tagName.toLowerCase()}.${String(node.getAttribute('class')).slice(0, 40)}` : String(node?.nodeName));
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      const moved = entry.sources.map((s) => `${describe(s.node)} ${JSON.stringify(s.previousRect)} -> ${JSON.stringify(s.currentRect)}`);
      w.__shifts.push({ value: entry.value, moved });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new MutationObserver(() => {
    if (document.querySelector('[aria-busy="true"] [data-slot="skeleton"], [role="status"][aria-live="polite"]')) w.__loadingShown = true;
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Opens `path` with the app's code held back until the server's page is parsed and painted,
 * measures that page, then lets the code in: the shifts recorded from then on are the app's
 * take-over, and the measure is what the app must leave as it was. (Measured on this very page:
 * other journeys share and remove items meanwhile, so a second load may list other cards.) (On a busy machine the
 * browser may paint a half-parsed page first and then the rest, which is progressive rendering of
 * the server's page, not the take-over this file is about.)
 */
async function openHoldingTheApp<T>(page: Page, path: string, measure: (page: Page) => Promise<T>): Promise<T> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.addInitScript(watchFirstScreen);
  await page.goto(path, { waitUntil: 'commit' });
  // 'interactive': the parser has reached the end of the page; module scripts run only after that.
  await page.waitForFunction(() => document.readyState !== 'loading');
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  const serverPainted = await page.evaluate(() => {
    (window as unknown as { __shifts: unknown[] }).__shifts = [];
    return document.getElementById('root')?.hasAttribute('data-server-rendered') === true;
  });
  expect(serverPainted, 'the server painted the page').toBe(true);
  const painted = await measure(page);
  release();
  return painted;
}

/** The page's errors and console errors, as they come. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/** Once the app has taken over: the shifts and loading views watchFirstScreen saw since the code came in. */
async function seenDuringTakeOver(page: Page) {
  await page.waitForLoadState('networkidle');
  await appTookOver(page);
  return page.evaluate(() => {
    const w = window as unknown as { __shifts: { value: number; moved: string[] }[]; __loadingShown: boolean };
    return { shifts: w.__shifts, loadingShown: w.__loadingShown };
  });
}

/** Where the item's title and picture are, and what the page says. */
async function firstScreen(page: Page) {
  const box = async (selector: string) => {
    const b = await page.locator(selector).first().boundingBox();
    return b && { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
  };
  return { title: await box('main h1'), picture: await box('main article img'), text: (await page.locator('main article > div').first().innerText()).trim() };
}

describe('the details page paints before its scripts', () => {
  const browser = useBrowser();
  let id = '';
  beforeAll(async () => {
    id = await itemId(ITEM);
  }, 120_000);

  for (const [name, viewport] of [['a phone', MOBILE], ['a desktop', DESKTOP]] as const) {
    it(`on ${name}: the item shows without scripts, and the app takes over without a shift or a loading view`, async () => {
      const noScripts = await browser.newPage(viewport, { javaScriptEnabled: false });
      await noScripts.goto(`/ideas/${id}`);
      await noScripts.getByRole('heading', { level: 1, name: ITEM }).waitFor();
      const picture = noScripts.locator('main article img').first();
      expect(await picture.getAttribute('alt')).toBe(ITEM);
      expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const served = await firstScreen(noScripts);
      expect(served.text).toContain('Tunde Balogun');
      expect(served.text).toMatch(/₦250,000/);

      const page = await browser.newPage(viewport);
      const errors = pageErrors(page);
      const painted = await openHoldingTheApp(page, `/ideas/${id}`, firstScreen);
      expect(painted).toEqual(served);
      expect(await seenDuringTakeOver(page)).toEqual({ shifts: [], loadingShown: false });
      expect(await firstScreen(page)).toEqual(painted);
      expect(errors).toEqual([]);
      await expectAccessible(page);
    });
  }

  it("fetches the app's code once the page's picture has arrived, and at once on a page without one", async () => {
    const page = await browser.newPage(MOBILE);
    const timing = async () =>
      page.evaluate(() => {
        const img = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
        const picture = img ? (performance.getEntriesByName(img.currentSrc)[0] as PerformanceResourceTiming | undefined) : undefined;
        const code = performance.getEntriesByType('resource').find((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name));
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return { pictureEnd: picture?.responseEnd ?? null, codeStart: code?.startTime ?? null, parsed: nav.domContentLoadedEventEnd };
      });
    // The item's page: its picture is the one fetched at high priority.
    await page.goto(`/ideas/${id}`);
    await appTookOver(page);
    const details = await timing();
    expect(details.pictureEnd, "the item's picture, fetched at high priority").not.toBeNull();
    expect(details.codeStart).not.toBeNull();
    expect(details.codeStart!).toBeGreaterThanOrEqual(details.pictureEnd!);

    await page.goto('/about');
    await appTookOver(page);
    const about = await timing();
    expect(about.pictureEnd).toBeNull();
    expect(about.codeStart).not.toBeNull();
    expect(about.codeStart!).toBeLessThanOrEqual(about.parsed);
  });

  it("hydrated, the header is the app's own: the theme button says what it does; the menu, in a chunk of its own, opens from the keyboard", async () => {
    // Dark mode lives on the device: the server paints the light theme's button, the app corrects it.
    const page = await browser.newPage(DESKTOP, { colorScheme: 'dark' });
    const menuCode: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/learn-more-menu-[\w-]+\.js$/.test(r.url())) menuCode.push(r.url());
    });
    await page.goto(`/ideas/${id}`);
    await appTookOver(page);
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    // The menus (Radix) are a chunk of their own, not in the entry; the page fetches it alongside the
    // entry (a modulepreload load-app.js adds), so React hydrates the header's menus in its first passes.
    const served = await (await page.request.get(`/ideas/${id}`)).text();
    expect(served).toMatch(/<script src="\/load-app.js" defer="" data-entry="\/assets\/index-[\w-]+\.js" data-modules="[^"]*\/assets\/learn-more-menu-[\w-]+\.js/);
    expect(served).not.toMatch(/<script[^>]*src="[^"]*learn-more-menu/);
    await page.waitForLoadState('networkidle');
    expect(menuCode).toHaveLength(1);
    const trigger = page.getByRole('button', { name: 'Learn More' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    // Opened from the keyboard, the menu takes the focus, names its trigger, and gives the focus back on Escape.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null)).toBe(true);
    const labelledBy = await menu.getAttribute('aria-labelledby');
    expect(await page.locator(`[id="${labelledBy}"]`).getAttribute('aria-haspopup')).toBe('menu');
    expect((await page.getByRole('menuitem').allInnerTexts()).map((t) => t.trim())).toEqual(['About', 'Privacy Policy', 'Terms of Service']);
    // (An open menu hides the rest of the page from assistive tech: check the page once it is closed.)
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Learn More');
    await expectAccessible(page);
  });

  it("shows the quotes and entities in an item's texts as typed, before and after the app takes over, and nothing runs", async () => {
    const sharer = await browser.newPage(DESKTOP);
    await newPerson(sharer.context(), { name: 'Quinn Quote', contactInfo: 'quinn@contact.test' });
    const tag = Array.from(randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join('');
    const share = await sharer.context().request.post(`${baseURL()}/api/ideas`, {
      headers: { origin: new URL(baseURL()).origin },
      data: {
        category: 'idea',
        title: `Well filter ${tag}" onfocus="window.__xss=1" data-x="`,
        // The preview a visitor sees is the first 100 characters: the payloads come first.
        description: `&#60;script&#62;window.__xss=1&#60;/script&#62; " onmouseover="window.__xss=1" data-x=" a cheap well filter ${tag}.`,
        price: 10,
        currency: 'USD',
      },
    });
    expect(share.status(), await share.text()).toBe(201);
    const { idea } = (await share.json()) as { idea: { id: string; title: string; description: string } };

    for (const javaScriptEnabled of [false, true]) {
      const page = await browser.newPage(MOBILE, { javaScriptEnabled });
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.goto(`/ideas/${idea.id}`);
      await page.getByRole('heading', { level: 1, name: idea.title }).waitFor();
      expect(await page.locator('main h1').innerText()).toBe(idea.title);
      expect(await page.getByTestId('description-preview').innerText()).toContain('&#60;script&#62;window.__xss=1&#60;/script&#62;');
      // The page's state is data (type application/json), never run: every other script is a file.
      const injected = await page
        .locator('[onfocus], [onmouseover], [onerror], [data-x], img[src="x"], body script:not([src]):not([type="application/json"]):not([type="application/ld+json"])')
        .count();
      expect(injected, `scripts ${javaScriptEnabled ? 'on' : 'off'}`).toBe(0);
      if (javaScriptEnabled) expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss ?? null)).toBeNull();
      expect(dialogs).toEqual([]);
    }
  });
});

/** What home's first screen shows: the hero's heading, the first card and where they are. */
async function homeScreen(page: Page) {
  const box = async (selector: string) => {
    const b = await page.locator(selector).first().boundingBox();
    return b && { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
  };
  // The grid's own items: cards carry lists of their own (topics), and 'Today's top' ranks some above.
  const grid = 'main ul[aria-label="All Ideas & Products"] > li';
  const cards = page.locator(grid);
  return {
    heading: await box('main h1'),
    firstCard: await box(grid),
    cards: await cards.count(),
    // The relative date ('1 minute ago') is the reader's clock's: the app may say it a minute on.
    firstCardText: (await cards.first().evaluate((li) => {
      const copy = li.cloneNode(true) as HTMLElement;
      for (const time of copy.querySelectorAll('time')) time.textContent = '';
      document.body.appendChild(copy);
      const text = copy.innerText;
      copy.remove();
      return text;
    })).trim(),
  };
}

describe("home's first screen is painted by the server for visitors", () => {
  const browser = useBrowser();
  beforeAll(async () => {
    await itemId(ITEM);
  }, 120_000);

  for (const [name, viewport] of [['a phone', MOBILE], ['a desktop', DESKTOP]] as const) {
    it(`on ${name}: the cards show without scripts, and the app takes over without a shift, a loading view or a request for the list`, async () => {
      const noScripts = await browser.newPage(viewport, { javaScriptEnabled: false });
      await noScripts.goto('/');
      await noScripts.getByRole('heading', { level: 1, name: 'Share brilliant ideas. Discover amazing products.' }).waitFor();
      // The grid's card (the item may also rank in 'Today's top' above it).
      const card = noScripts.getByRole('list', { name: 'All Ideas & Products' }).getByRole('listitem').filter({ hasText: ITEM });
      await card.waitFor();
      expect(await card.innerText()).toMatch(/₦250,000[\s\S]*Tunde Balogun/);
      // Without scripts a card is still a link to its page.
      expect(await card.getByRole('link', { name: ITEM }).getAttribute('href')).toMatch(/^\/ideas\/[0-9a-f-]{36}$/);
      const served = await homeScreen(noScripts);
      expect(served.cards).toBe(20);

      const page = await browser.newPage(viewport);
      const errors = pageErrors(page);
      const listRequests: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/ideas') listRequests.push(r.url());
      });
      const painted = await openHoldingTheApp(page, '/', homeScreen);
      expect(painted.cards).toBe(20);
      expect(await seenDuringTakeOver(page)).toEqual({ shifts: [], loadingShown: false });
      expect(await homeScreen(page)).toEqual(painted);
      // The app showed the list the page carried; it did not ask for it again.
      expect(listRequests).toEqual([]);
      expect(errors).toEqual([]);
      await expectAccessible(page);
    });
  }

  it('hydrated, every part works: the menu names its trigger, the tabs filter, a card sends a visitor to sign in', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto('/');
    await appTookOver(page);
    await page.getByRole('button', { name: 'Learn More' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const labelledBy = await menu.getAttribute('aria-labelledby');
    expect(await page.locator(`[id="${labelledBy}"]`).getAttribute('aria-haspopup')).toBe('menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // The tabs (ids from useId, a boundary of their own) switch the list in the app.
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.waitForURL(/category=product/);
    await page.getByRole('heading', { name: 'Amazing Products', exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Products' }).getAttribute('aria-selected')).toBe('true');
    // The last card of the first page was hydrated too: its Save button is the app's.
    const other = await browser.newPage(MOBILE);
    await other.goto('/');
    await appTookOver(other);
    const last = other.getByRole('listitem').nth(19);
    await last.getByRole('button', { name: /^Save / }).click();
    await other.waitForURL(/\/auth\?next=%2Fideas%2F[0-9a-f-]+%3Fthen%3Dsave$/);
    await other.getByRole('heading', { name: 'Sign in or create your IdeaHub account' }).waitFor({ state: 'attached' });
  });

  it('a press before every part is hydrated is not lost', async () => {
    // A slow phone: hydration takes seconds. The press comes right after the page's own pass (which
    // marks it as the app's: <html data-took-over~="page">), before the cards' boundaries have
    // hydrated, on the last card, which React hydrates first because it was pressed.
    const page = await browser.newPage(MOBILE);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.goto('/', { waitUntil: 'commit' });
    await page.waitForFunction(() => document.documentElement.dataset.tookOver?.split(' ').includes('page'), undefined, { timeout: 60_000, polling: 20 });
    // At 20 times slower, the press itself waits for the busy main thread: as long as the wait above.
    await page.getByRole('listitem').nth(19).getByRole('button', { name: /^Save / }).click({ timeout: 60_000 });
    await page.waitForURL(/\/auth\?next=%2Fideas%2F[0-9a-f-]+%3Fthen%3Dsave$/, { timeout: 60_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }, 180_000);
});
