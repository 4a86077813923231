/**
 * Issue 27 points 1 and 3: the first screen shows the community's items (measured against the
 * viewport at 1440×900 and 375×812), 'Today's top', topic pages reached from a card, and the
 * admins' topics list.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appTookOver, expectAccessible, useBrowser } from './support/browser.ts';
import { signInAs } from './support/demo.ts';

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

/** Where the first cards end, and whether their title, maker, likes, comments and price are inside the viewport. */
async function firstRow(page: Page, cards: number) {
  return page.evaluate((n) => {
    const inside = (el: Element | null) => {
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight && r.width > 0;
    };
    return [...document.querySelectorAll('main ul[aria-label] > li article')].slice(0, n).map((card) => ({
      whole: inside(card),
      title: inside(card.querySelector('h3')),
      maker: inside(card.querySelector('a[href^="/makers/"]')),
      likes: inside(card.querySelector('[title="Likes"]')),
      comments: inside(card.querySelector('[title="Comments"]')),
      price: inside(card.querySelector('.card-price')),
    }));
  }, cards);
}

describe('the first screen and topics', () => {
  const browser = useBrowser();

  it('shows the first row of items above the fold at 1440×900 and a whole card at 375×812, with today’s top', async () => {
    for (const [viewport, cards] of [[WIDE, 4], [PHONE, 1]] as const) {
      const page = await browser.newPage(viewport);
      await page.goto('/');
      await page.getByRole('heading', { name: 'All Ideas & Products' }).waitFor();
      const row = await firstRow(page, cards);
      expect(row, JSON.stringify(viewport)).toHaveLength(cards);
      for (const card of row) expect(card, JSON.stringify(viewport)).toEqual({ whole: true, title: true, maker: true, likes: true, comments: true, price: true });
      // Makers' names are whole on cards: nothing cuts them with an ellipsis.
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('main article a[href^="/makers/"]')].some((a) => {
          const box = a.parentElement!;
          return getComputedStyle(box).textOverflow === 'ellipsis' || box.scrollWidth > box.clientWidth;
        }),
      );
      expect(cut).toBe(false);
      const top = page.getByRole('region', { name: /Today’s top/ });
      await top.waitFor();
      expect(await top.getByRole('listitem').count()).toBeGreaterThan(0);
      expect(await top.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/?sort=top&window=day');
      await expectAccessible(page);
    }
  });

  it('keeps search results above the fold too', async () => {
    const page = await browser.newPage(WIDE);
    await page.goto('/?q=solar');
    await page.getByText('Search results for "solar"').waitFor();
    const row = await firstRow(page, 1);
    expect(row[0]?.whole).toBe(true);
    // While searching, the results come first: no strip above them.
    expect(await page.getByRole('region', { name: /Today’s top/ }).count()).toBe(0);
  });

  it("opens a topic's page from a card: its own title, description and canonical address, its items only, at 375 and 1280", async () => {
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      const page = await browser.newPage(viewport);
      await page.goto('/');
      await appTookOver(page);
      const card = page.getByRole('listitem').filter({ hasText: 'Solar cold rooms for market women' });
      await card.getByRole('link', { name: 'Agriculture', exact: true }).click();
      await page.waitForURL(/\/topics\/agriculture$/);
      await page.getByRole('heading', { level: 1, name: 'Agriculture' }).waitFor();
      await expect.poll(() => page.title()).toBe('Agriculture | IdeaHub');
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/topics\/agriculture$/);
      await page.getByText('Farming, food processing and getting produce to market.').waitFor();
      const cards = page.locator('main ul[aria-label="All Ideas & Products"] > li');
      await cards.first().waitFor();
      const topicsOfCards = await cards.evaluateAll((items) => items.map((li) => [...li.querySelectorAll('ul[aria-label="Topics"] a')].map((a) => a.textContent)));
      expect(topicsOfCards.length).toBeGreaterThan(3);
      for (const names of topicsOfCards) expect(names).toContain('Agriculture');
      // The same tabs and sorts, kept on the topic's address.
      await page.getByRole('tab', { name: 'Products' }).click();
      await page.waitForURL(/\/topics\/agriculture\?category=product$/);
      await page.getByRole('heading', { name: 'Amazing Products', exact: true }).waitFor();
      await expectAccessible(page);
    }
  });

  it('lets an admin add, rename and remove a topic from /admin/topics', async () => {
    const page = await browser.newPage({ width: 1280, height: 800 });
    await signInAs(page.context(), 'admin@ideahub.demo');
    await page.goto('/admin/topics');
    await page.getByRole('heading', { name: 'Topics' }).first().waitFor();
    await page.getByRole('cell', { name: /Agriculture/ }).first().waitFor();
    await expectAccessible(page);

    const name = `Ocean Farming ${Date.now()}`;
    await page.getByRole('button', { name: 'Add Topic' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Topic' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Add Topic' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();

    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Topic' });
    await rename.getByLabel('Name').fill(`${name} Plus`);
    await rename.getByRole('button', { name: 'Save' }).click();
    const renamed = page.getByRole('row').filter({ hasText: `${name} Plus` });
    await renamed.waitFor();

    await renamed.getByRole('button', { name: `Actions for ${name} Plus` }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: `${name} Plus` }).count(), { timeout: 10_000 }).toBe(0);
  });
});
