import { describe, expect, it } from 'vitest';
import { appTookOver, DESKTOP, expectAccessible, MOBILE, useBrowser } from './support/browser.ts';

/** A card of the grid ('Today's top' above it names some of the same items, in links of its own). */
const CARD = 'li:has(article)';

describe('home and browsing', () => {
  const browser = useBrowser();

  it('lists the seeded ideas with price, creator and relative date, and a card opens its details page', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto('/');
    await expect.poll(() => page.getByText('Discover brilliant ideas and amazing products').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('heading', { name: 'All Ideas & Products' }).waitFor();
    await expect.poll(() => page.getByText('Discover what our community is creating').isVisible(), { timeout: 10_000 }).toBe(true);
    const card = page.locator(CARD).filter({ hasText: 'Solar cold rooms for market women' });
    await card.waitFor();
    await expect.poll(() => card.getByText('₦250,000').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => card.getByText('Tunde Balogun').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => card.locator('time').innerText(), { timeout: 10_000 }).toMatch(/ago$/);
    expect(await page.getByRole('listitem').count()).toBeGreaterThanOrEqual(20);
    // USD and EUR prices are shown with their symbols too.
    await expect.poll(() => page.getByText('$89.99').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByText('€35', { exact: true }).first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expectAccessible(page);

    await card.getByRole('link', { name: 'Solar cold rooms for market women' }).click();
    await page.waitForURL(/\/ideas\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Solar cold rooms for market women' }).waitFor();
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Solar cold rooms for market women | Idea Details');
    await expectAccessible(page);
  });

  it('loads more items as the person scrolls', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto('/');
    await page.getByRole('listitem').first().waitFor();
    const before = await page.getByRole('listitem').count();
    await page.locator('footer').scrollIntoViewIfNeeded();
    await page.waitForFunction((n) => document.querySelectorAll('main li').length > n, before);
    expect(await page.getByRole('listitem').count()).toBeGreaterThan(before);
  });

  it('filters by tab and searches, keeping both in the address', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto('/');
    // Home is painted by the server: its buttons work once the app has taken over.
    await appTookOver(page);
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.getByRole('heading', { name: 'Amazing Products', exact: true }).waitFor();
    await page.waitForURL(/category=product/);
    await page.getByPlaceholder('Search ideas and products...').fill('irrigation');
    await page.waitForURL(/q=irrigation/);
    await page.getByText('Search results for "irrigation"').waitFor();
    await page.locator(CARD).filter({ hasText: 'Smart irrigation controller' }).waitFor();
    await page.reload();
    await page.locator(CARD).filter({ hasText: 'Smart irrigation controller' }).waitFor();
    await page.getByPlaceholder('Search ideas and products...').fill('qqqzzznothing');
    await page.getByText('No results found').waitFor();
    await expect.poll(() => page.getByText('Try adjusting your search terms or browse all categories').isVisible(), { timeout: 10_000 }).toBe(true);
  });

  it('shows an unknown idea as not found', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto('/ideas/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Idea not found' }).waitFor();
    await expect.poll(() => page.getByText("The idea you're looking for doesn't exist or has been removed.").isVisible(), { timeout: 10_000 }).toBe(true);
    await page.goto('/idea/not-an-id');
    await page.waitForURL(/\/ideas\/not-an-id$/);
    await page.getByRole('heading', { name: 'Idea not found' }).waitFor();
  });

  it('opens the Learn More drawer on a 375 px screen and follows its links', async () => {
    const page = await browser.newPage(MOBILE);
    await page.goto('/');
    await appTookOver(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    await expect.poll(() => drawer.getByText('Learn More').isVisible(), { timeout: 10_000 }).toBe(true);
    await expectAccessible(page);
    await drawer.getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL(/\/terms$/);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('follows the system theme and switches with the toggle', async () => {
    const page = await browser.newPage(DESKTOP, { colorScheme: 'dark' });
    await page.goto('/');
    await page.getByRole('heading', { name: 'All Ideas & Products' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')), { timeout: 10_000 }).toBe(true);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')), { timeout: 10_000 }).toBe(false);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')), { timeout: 10_000 }).toBe(false);
  });

  it('sends visitors from a login-required page to /auth', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto('/dashboard');
    await page.waitForURL(/\/auth$/);
  });
});
