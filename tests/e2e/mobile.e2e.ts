/**
 * A phone (375 × 800), issue 15 points 9 and 10: one header on every signed-in page ('Share', the
 * theme toggle, the bell and the account menu, nothing cut off or spilling over), and home's first
 * card on the first screen with card actions a thumb can press (44 × 44 px at least, apart).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appTookOver, expectAccessible, openAccountMenu, useBrowser } from './support/browser.ts';
import { newPerson } from './support/people.ts';

const PHONE = { width: 375, height: 800 };

/** What in the header spills over or is cut short with an ellipsis (empty: nothing). */
async function headerOverflow(page: Page): Promise<string[]> {
  return page.getByRole('banner').evaluate((header) => {
    const found: string[] = [];
    const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    if (header.scrollWidth > header.clientWidth) found.push(`the header scrolls (${header.scrollWidth} > ${header.clientWidth})`);
    const width = document.documentElement.clientWidth;
    for (const el of header.querySelectorAll('*')) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || el.closest('.sr-only')) continue;
      if (box.right > width + 0.5 || box.left < -0.5) found.push(`${name(el)} reaches outside the screen (${Math.round(box.left)}–${Math.round(box.right)})`);
      if (el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible') found.push(`${name(el)} is cut (${el.scrollWidth} > ${el.clientWidth})`);
      if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth) found.push(`${name(el)} ends in an ellipsis`);
    }
    return found;
  });
}

describe('on a 375 × 800 phone', () => {
  const browser = useBrowser();

  it("shows a signed-in person the one header on /, /dashboard and /profile: 'Share', the bell and the account menu, nothing cut off", async () => {
    const page = await browser.newPage(PHONE);
    const person = await newPerson(page.context(), { name: 'Adaeze Nnamdi Okonkwo', contactInfo: 'adaeze@example.test' });
    for (const path of ['/', '/dashboard', '/profile']) {
      await page.goto(path);
      await appTookOver(page);
      const header = page.getByRole('banner');
      const share = header.getByRole('link', { name: 'Share', exact: true });
      await expect.poll(() => share.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await share.getAttribute('href'), path).toBe('/create-idea');
      await expect.poll(() => header.getByRole('link', { name: /^Notifications/ }).isVisible(), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => header.getByRole('button', { name: /^Switch to (dark|light) theme$/ }).isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await header.getByRole('button', { name: 'Account menu' }).innerText(), path).toBe('AO');
      expect(await headerOverflow(page), path).toEqual([]);

      const menu = await openAccountMenu(page);
      for (const item of ['Dashboard', 'Profile', 'Sign Out']) {
        await expect.poll(() => menu.getByRole('menuitem', { name: item, exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
      }
      await expect.poll(() => menu.getByText(person.email).isVisible(), { timeout: 10_000 }).toBe(true);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    }
    // The dashboard greets the person in full, under the header.
    await page.goto('/dashboard');
    await expect.poll(() => page.getByRole('main').getByText('Welcome, Adaeze Nnamdi Okonkwo').isVisible(), { timeout: 10_000 }).toBe(true);

    // The menu's items go where they say.
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/\/profile$/);
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
    // Share leads to the form, under the same header.
    await page.getByRole('banner').getByRole('link', { name: 'Share', exact: true }).click();
    await page.waitForURL(/\/create-idea$/);
    await page.getByRole('heading', { level: 1, name: 'Share with the community' }).waitFor();
    expect(await headerOverflow(page)).toEqual([]);
    await page.goto('/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    expect(await headerOverflow(page)).toEqual([]);
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: 'Join' }).waitFor();
    expect(await headerOverflow(page)).toEqual([]);
  });
});
