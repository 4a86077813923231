/**
 * Discovery journeys (issue 16): sorting by Trending and Top (with its window), filtering by price,
 * reloading and clearing the filters, with and without JavaScript; a maker's page from a card's
 * creator link and from a details page. Accessible at every step.
 */
import { describe, expect, it } from 'vitest';
import { appTookOver, DESKTOP, expectAccessible, MOBILE, useBrowser } from './support/browser.ts';

/** A card of the grid ('Today's top' above it names some of the same items, in links of its own). */
const CARD = 'li:has(article)';

const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('discovery: sorts and price filters', () => {
  const browser = useBrowser();

  it('sorts by Trending and Top of a window, filters by price, keeps it all on reload, and clears the filters', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto('/?category=product');
    await appTookOver(page);
    const sorts = page.getByRole('navigation', { name: 'Sort' });
    await sorts.getByRole('link', { name: 'Trending' }).click();
    await page.waitForURL((u) => u.searchParams.get('sort') === 'trending');
    await page.getByText('Rising now: recent likes and messages count most').waitFor();
    expect(query(page.url())).toEqual({ category: 'product', sort: 'trending' });
    await expectAccessible(page);

    await sorts.getByRole('link', { name: 'Top' }).click();
    await page.waitForURL((u) => u.searchParams.get('sort') === 'top');
    const windows = page.getByRole('navigation', { name: 'Top of' });
    await expect.poll(() => windows.getByRole('link', { name: 'This week' }).getAttribute('aria-current')).toBe('page');
    await page.getByText('Most liked · This week').waitFor();
    await windows.getByRole('link', { name: 'This month' }).click();
    await page.waitForURL((u) => u.searchParams.get('window') === 'month');
    await page.getByText('Most liked · This month').waitFor();

    // Price: at least $50 and at most $500, in dollars.
    await page.getByText('Price', { exact: true }).click();
    const form = page.getByRole('form', { name: 'Price filter' });
    await form.getByLabel('Min price').fill('50');
    await form.getByLabel('Max price').fill('500');
    await form.getByLabel('Currency').selectOption('USD');
    await form.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((u) => u.searchParams.get('currency') === 'USD');
    expect(query(page.url())).toEqual({ category: 'product', sort: 'top', window: 'month', minPrice: '50', maxPrice: '500', currency: 'USD' });
    const prices = async () => page.locator('main ul li p.text-primary').allInnerTexts();
    await expect.poll(async () => (await prices()).length).toBeGreaterThan(0);
    for (const price of await prices()) {
      expect(price).toMatch(/^\$/);
      const amount = Number(price.replace(/[$,]/g, ''));
      expect(amount).toBeGreaterThanOrEqual(50);
      expect(amount).toBeLessThanOrEqual(500);
    }
    await expectAccessible(page);

    // A reload (or a shared link) shows the same.
    const before = await page.locator('main ul li h3').allInnerTexts();
    await page.reload();
    await appTookOver(page);
    await page.getByText('Most liked · This month').waitFor();
    expect(await page.locator('main ul li h3').allInnerTexts()).toEqual(before);
    expect(await page.getByRole('form', { name: 'Price filter' }).getByLabel('Min price').inputValue()).toBe('50');

    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL((u) => !u.searchParams.has('currency'));
    expect(query(page.url())).toEqual({ category: 'product', sort: 'top', window: 'month' });

    // 'Any currency' with a range is a choice, not a mistake: each item by its own amount.
    await page.getByText('Price', { exact: true }).click();
    await form.getByLabel('Min price').fill('50');
    await form.getByLabel('Currency').selectOption('');
    await form.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((u) => u.searchParams.get('minPrice') === '50');
    await expect.poll(async () => (await prices()).length).toBeGreaterThan(0);
    expect(await page.getByText('These filters need a second look').count()).toBe(0);
    for (const price of await prices()) expect(Number(price.replace(/[^\d.]/g, ''))).toBeGreaterThanOrEqual(50);
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL((u) => !u.searchParams.has('minPrice'));

    // Values the API refuses: a calm message with its reason, and a way back.
    await page.getByText('Price', { exact: true }).click();
    await form.getByLabel('Min price').fill('500');
    await form.getByLabel('Max price').fill('50');
    await form.getByLabel('Currency').selectOption('EUR');
    await form.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('These filters need a second look').waitFor();
    await page.getByText('Minimum price cannot be more than the maximum price.').waitFor();
    await expectAccessible(page);
    await page.getByRole('status').getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL((u) => !u.searchParams.has('minPrice') && !u.searchParams.has('sort'));
    await page.locator('main ul li').first().waitFor();
  });

  // (axe needs the page's scripts: the same pages are checked with them above.)
  it('works without JavaScript: sort links, window links, the price form and Clear filters are plain addresses', async () => {
    const page = await browser.newPage(MOBILE, { javaScriptEnabled: false });
    await page.goto('/?currency=USD&minPrice=-5');
    // The server draws a refused filter calmly too.
    await page.getByText('Minimum price must be a number, 0 or more.').waitFor();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Sort' }).getByRole('link', { name: 'Top' }).click();
    await page.waitForURL(/\/\?sort=top$/);
    await page.getByText('Most liked · This week').waitFor();
    await page.getByRole('navigation', { name: 'Top of' }).getByRole('link', { name: 'All time' }).click();
    await page.waitForURL(/\/\?sort=top&window=all$/);
    await page.getByText('Most liked · All time').waitFor();
    await page.getByText('Price', { exact: true }).click();
    const form = page.getByRole('form', { name: 'Price filter' });
    await form.getByLabel('Max price').fill('100');
    await form.getByLabel('Currency').selectOption('EUR');
    await form.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((u) => u.searchParams.get('currency') === 'EUR');
    expect(query(page.url())).toMatchObject({ sort: 'top', window: 'all', maxPrice: '100', currency: 'EUR' });
    const prices = await page.locator('main ul li p.text-primary').allInnerTexts();
    expect(prices.length).toBeGreaterThan(0);
    // 'Free' is a price of 0, within the filter.
    for (const price of prices) expect(price).toMatch(/^(€|Free$)/);
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL(/\/\?sort=top&window=all$/);
  });
});

describe('discovery: maker pages', () => {
  const browser = useBrowser();

  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', MOBILE]] as const) {
    it(`opens a maker's page from a card's creator link and from a details page (${size})`, async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/');
      await appTookOver(page);
      const card = page.locator(CARD).filter({ hasText: 'Solar cold rooms for market women' });
      await card.getByRole('link', { name: 'Tunde Balogun' }).click();
      await page.waitForURL(/\/makers\/[^/]+$/);
      await page.getByRole('heading', { level: 1, name: 'Tunde Balogun' }).waitFor();
      await page.getByText('Items shared').waitFor();
      await page.getByText('Sign in to view creator contact info.').waitFor();
      const items = page.getByRole('list', { name: 'Items by Tunde Balogun' });
      await items.locator(CARD).filter({ hasText: 'Solar cold rooms for market women' }).waitFor();
      await expect.poll(() => page.title()).toBe('Tunde Balogun | IdeaHub');
      await expectAccessible(page);
      const makerUrl = page.url();

      await items.getByRole('link', { name: 'Solar cold rooms for market women' }).click();
      await page.waitForURL(/\/ideas\/[0-9a-f-]{36}$/);
      await page.locator('#creator').getByRole('link', { name: 'Tunde Balogun' }).click();
      await page.waitForURL(makerUrl);
      await page.getByRole('heading', { level: 1, name: 'Tunde Balogun' }).waitFor();
    });
  }

  it('shows an unknown maker as the not-found page', async () => {
    const page = await browser.newPage(DESKTOP);
    const res = await page.goto('/makers/nobody-at-all');
    expect(res?.status()).toBe(404);
    await page.getByText('Oops! Page not found').waitFor();
    await expectAccessible(page);
  });
});
