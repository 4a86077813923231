/**
 * Issue 27 points 2 and 4 in the browser: a maker's photo (uploaded on the profile, shown in the
 * header and beside their items, removed again), and an item's gallery (added and reordered in the
 * share form, browsed on details with the buttons, the arrow keys and a counter) with its 'Visit'
 * link, at 375 and 1280.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { appTookOver, DESKTOP, expectAccessible, MOBILE, useBrowser } from './support/browser.ts';
import { newPerson } from './support/people.ts';

const png = (r: number, g: number, b: number) => sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } }).png().toBuffer();

async function expectToastTitle(page: Page, title: string) {
  await page.locator('[data-slot="toast-title"]').filter({ hasText: title }).first().waitFor();
}

describe("makers' faces and items' galleries", () => {
  const browser = useBrowser();

  it('uploads a profile photo, shows it in the header and on the maker page, and removes it (initials again)', async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const page = await browser.newPage(viewport);
      const person = await newPerson(page.context(), { name: 'Amara Photo', contactInfo: 'amara@example.test' });
      await page.goto('/profile');
      await appTookOver(page);
      const photo = page.getByRole('group', { name: 'Photo' });
      await photo.locator('button', { hasText: 'Upload photo' }).waitFor();
      await page.getByTestId('profile-photo-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await png(200, 90, 40) });
      await expectToastTitle(page, 'Photo updated');
      const headerPhoto = page.getByRole('banner').getByRole('button', { name: 'Account menu' }).locator('img');
      await expect.poll(() => headerPhoto.count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => headerPhoto.getAttribute('src')).toMatch(/\/storage\//);
      await photo.locator('button', { hasText: 'Change photo' }).waitFor();
      await expectAccessible(page);

      // Everyone sees it on the maker's page.
      const visitor = await browser.newPage(viewport);
      await visitor.goto(`/makers/${encodeURIComponent(person.id)}`);
      await expect.poll(() => visitor.locator('main img[src*="/storage/"]').count(), { timeout: 10_000 }).toBeGreaterThan(0);

      await photo.getByRole('button', { name: 'Remove photo' }).click();
      await expectToastTitle(page, 'Photo removed');
      await expect.poll(() => headerPhoto.count(), { timeout: 10_000 }).toBe(0);
      await photo.locator('button', { hasText: 'Upload photo' }).waitFor();
    }
  });

  it('adds and reorders gallery pictures when sharing, then browses them on details with buttons, keys and a counter, with the Visit link', async () => {
    const page = await browser.newPage(DESKTOP);
    await newPerson(page.context(), { name: 'Kelechi Gallery', contactInfo: 'kelechi@example.test' });
    const title = `Solar kiosk in three pictures ${Date.now().toString(36)}`;
    await page.goto('/create-idea');
    await page.getByRole('dialog', { name: 'Ready to Share' }).getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('A kiosk that sells solar lamps and charges phones for a small fee.');
    await page.getByLabel('Price').fill('25000');
    await page.locator('input[type="file"]').first().setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await png(30, 120, 200) });
    await expect.poll(() => page.getByRole('img', { name: 'Preview of the image' }).getAttribute('src'), { timeout: 20_000 }).toMatch(/^\/storage\/idea-images\//);
    const gallery = page.getByTestId('gallery-field');
    await page.getByTestId('gallery-input').setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: await png(200, 40, 40) });
    await gallery.getByRole('img', { name: 'Picture 2' }).waitFor({ timeout: 20_000 });
    await page.getByTestId('gallery-input').setInputFiles({ name: 'third.png', mimeType: 'image/png', buffer: await png(40, 160, 60) });
    await gallery.getByRole('img', { name: 'Picture 3' }).waitFor({ timeout: 20_000 });
    const second = await gallery.getByRole('img', { name: 'Picture 2' }).getAttribute('src');
    const third = await gallery.getByRole('img', { name: 'Picture 3' }).getAttribute('src');
    await gallery.getByRole('button', { name: 'Move picture 3 left' }).click();
    await expect.poll(() => gallery.getByRole('img', { name: 'Picture 2' }).getAttribute('src')).toBe(third);
    expect(await gallery.getByRole('img', { name: 'Picture 3' }).getAttribute('src')).toBe(second);
    await page.getByLabel(/^Website/).fill('https://example.com/solar-kiosk');
    await expectAccessible(page);
    const created = page.waitForResponse((r) => r.url().endsWith('/api/ideas') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Share Idea' }).click();
    const { id } = ((await (await created).json()) as { idea: { id: string } }).idea;
    await page.waitForURL(/\/dashboard$/);

    for (const viewport of [MOBILE, DESKTOP]) {
      const reader = await browser.newPage(viewport);
      await reader.goto(`/ideas/${id}`);
      await appTookOver(reader);
      const carousel = reader.getByTestId('item-gallery');
      const counter = carousel.locator('[aria-live="polite"]');
      await expect.poll(() => counter.innerText()).toMatch(/1 \/ 3$/);
      await carousel.getByRole('button', { name: 'Next picture' }).click();
      await expect.poll(() => counter.innerText()).toMatch(/2 \/ 3$/);
      // The reordered picture is second.
      expect(await carousel.locator('img:not([aria-hidden])').first().getAttribute('src')).toBe(third);
      await carousel.focus();
      await reader.keyboard.press('ArrowRight');
      await expect.poll(() => counter.innerText()).toMatch(/3 \/ 3$/);
      await reader.keyboard.press('ArrowLeft');
      await expect.poll(() => counter.innerText()).toMatch(/2 \/ 3$/);
      const visit = reader.getByRole('link', { name: /^Visit/ });
      expect(await visit.getAttribute('href')).toBe('https://example.com/solar-kiosk');
      expect(await visit.getAttribute('rel')).toBe('nofollow ugc noopener');
      await expectAccessible(reader);
    }
  });
});
