/**
 * Ideas journeys (the Ideas issue): share with an uploaded image and find it again; the cooldown
 * refuses a second idea while a product is still allowed; edit and delete from the dashboard; the
 * coupon in My Coupons; a bookmark in Saved; the periodic dialogs. Each journey signs up its own
 * person (support/people.ts), so cooldowns and coupons never collide between tests.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { appTookOver, baseURL, DESKTOP, expectAccessible, MOBILE, useBrowser } from './support/browser.ts';
import { newPerson } from './support/people.ts';

/** A card of the grid ('Today's top' above it names some of the same items, in links of its own). */
const CARD = 'li:has(article)';

/** A lower-case word no seeded item contains, so searches find exactly our item. */
function token(): string {
  return Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join('');
}

async function samplePng(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

/** Shares an item through the API, as the person signed in to `page`'s context. */
async function shareThroughApi(page: Page, body: Record<string, unknown>): Promise<{ id: string; title: string }> {
  const res = await page.context().request.post(`${baseURL()}/api/ideas`, {
    headers: { origin: new URL(baseURL()).origin },
    data: { price: 1000, currency: 'NGN', ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { idea } = (await res.json()) as { idea: { id: string; title: string } };
  return idea;
}

/** Waits for the toast with this title and description (one toast at a time, SPEC §4). */
async function expectToast(page: Page, title: string, description: string | RegExp) {
  const toast = page.locator('[data-slot="toast"]').filter({ hasText: title });
  await toast.waitFor();
  await toast.getByText(description).first().waitFor();
}

const LOCK_MESSAGE =
  /^Idea submission locked until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM) \(\d+ days?, \d+ hours? remaining\)\.$/;

describe('sharing and managing ideas', () => {
  const browser = useBrowser();

  it('shares an idea with an uploaded image; it shows on home, in its tab and in search, and its coupon in My Coupons', async () => {
    const page = await browser.newPage(DESKTOP);
    await newPerson(page.context(), { name: 'Ngozi Adebayo', contactInfo: 'ngozi@example.test' });
    const word = token();
    const title = `Rainwater tanks for school gardens ${word}`;

    await page.goto('/create-idea');
    const ready = page.getByRole('dialog', { name: 'Ready to Share' });
    await ready.getByText('You can now share an idea and a product.').waitFor();
    await expectAccessible(page);
    await ready.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('radio', { name: /^Idea/ }).getAttribute('aria-checked'), { timeout: 10_000 }).toBe('true');

    // Live validation: messages under their fields, submit disabled while any is shown.
    await page.getByLabel('Title').fill('ab');
    await page.getByText('Title must be at least 5 characters long.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Share Idea' }).isDisabled(), { timeout: 10_000 }).toBe(true);
    await page.getByLabel('Rating').fill('7');
    await page.getByText('Rating must be a number between 0.0 and 5.0.').waitFor();
    await page.getByLabel('Rating').fill('4.5');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Tanks that collect rain from school roofs to water vegetable gardens.');
    await page.getByLabel('Price').fill('150.5');
    await page.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: 'USD (Dollar)' }).click();

    await page.locator('input[type="file"]').first().setInputFiles({ name: 'tank.png', mimeType: 'image/png', buffer: await samplePng() });
    await page.getByRole('button', { name: 'Remove image' }).waitFor();
    await expect.poll(() => page.getByRole('img', { name: 'Preview of the image' }).getAttribute('src'), { timeout: 10_000 }).toMatch(/^\/storage\/idea-images\//);
    await page.getByLabel('Project details').fill('Phase one: two schools in Ibadan.');
    expect(await page.getByText('Title must be at least 5 characters long.').count()).toBe(0);
    await expectAccessible(page);

    const created = page.waitForResponse((r) => r.url().endsWith('/api/ideas') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Share Idea' }).click();
    const { coupon } = (await (await created).json()) as { coupon: { code: string } };
    await page.waitForURL(/\/dashboard$/);
    await expectToast(page, 'Success!', 'Your idea has been shared with the community.');
    const own = page.getByRole('listitem').filter({ hasText: title });
    await own.waitFor();
    await expect.poll(() => own.getByText('$150.50').isVisible(), { timeout: 10_000 }).toBe(true);
    await expectAccessible(page);

    // The coupon assigned with the share, then redeemed in the built-in page inside the frame.
    await page.getByRole('button', { name: 'Coupons' }).click();
    const coupons = page.getByRole('dialog', { name: 'My Coupons' });
    const row = coupons.getByRole('listitem').filter({ hasText: coupon.code });
    await row.waitFor();
    await expect.poll(() => row.getByText('New', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    await expectAccessible(page);
    await row.getByRole('button', { name: `Redeem ${coupon.code}` }).click();
    const frame = page.frameLocator(`iframe[title="Redeem coupon ${coupon.code}"]`);
    await frame.getByRole('button', { name: 'Redeem Coupon' }).click();
    await frame.getByText('Coupon redeemed').waitFor();
    await coupons.getByRole('button', { name: 'Close Redeem' }).click();
    await row.getByText('Used', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /Redeem/ }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Home: the newest item is first, with its uploaded thumbnail.
    await page.goto('/');
    const card = page.locator(CARD).filter({ hasText: title });
    await card.waitFor();
    // (The card's picture, then its blurred copy behind it.)
    await expect.poll(() => card.locator('img').first().getAttribute('src'), { timeout: 10_000 }).toMatch(/^\/storage\/idea-images\//);
    await expect.poll(() => card.getByText('Ngozi Adebayo').isVisible(), { timeout: 10_000 }).toBe(true);
    await expectAccessible(page);
    // Its tab, and not the other one.
    await page.getByRole('tab', { name: 'Ideas' }).click();
    await page.getByRole('heading', { name: 'Brilliant Ideas', exact: true }).waitFor();
    await page.locator(CARD).filter({ hasText: title }).waitFor();
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.getByRole('heading', { name: 'Amazing Products', exact: true }).waitFor();
    await page.getByRole('listitem').first().waitFor();
    expect(await page.locator(CARD).filter({ hasText: title }).count()).toBe(0);
    // Search.
    await page.getByRole('tab', { name: 'All' }).click();
    await page.getByPlaceholder('Search ideas and products...').fill(word);
    await page.getByText(`Search results for "${word}"`).waitFor();
    await page.locator(CARD).filter({ hasText: title }).waitFor();
    expect(await page.locator('main ul[aria-label] > li').count()).toBe(1);
  });

  it('refuses a second idea with the cooldown and the lock message, while a product is still allowed', async () => {
    const page = await browser.newPage(DESKTOP);
    await newPerson(page.context(), { name: 'Emeka Nwosu', contactInfo: '+234 803 000 0000' });

    // An idea was shared a moment ago (the server's refusal of a second one, with the exact
    // cooldown message, is proven in manage.api.test.ts): the page opens with ideas locked.
    await shareThroughApi(page, {
      category: 'idea',
      title: 'Shared bicycles for campus',
      description: 'A bicycle sharing scheme for students between hostels and lecture halls.',
    });
    await page.goto('/create-idea');
    await page.getByRole('dialog', { name: 'Submission Status' }).getByRole('button', { name: 'Continue' }).click();

    // The idea card is locked and dimmed with its message; product is preselected.
    const ideaCard = page.getByRole('radio', { name: /^Idea/ });
    await expect.poll(() => ideaCard.getAttribute('aria-disabled')).toBe('true');
    await expect.poll(() => page.locator('#category-lock-idea').innerText(), { timeout: 10_000 }).toMatch(LOCK_MESSAGE);
    await expect.poll(() => page.getByRole('radio', { name: /^Product/ }).getAttribute('aria-checked'), { timeout: 10_000 }).toBe('true');
    await ideaCard.click({ force: true });
    await expect.poll(() => ideaCard.getAttribute('aria-checked'), { timeout: 10_000 }).toBe('false');
    await expectAccessible(page);

    // Opening the page again: the summary says so, with the alternative.
    await page.reload();
    const status = page.getByRole('dialog', { name: 'Submission Status' });
    await status.waitFor();
    await expect.poll(() => status.getByText(LOCK_MESSAGE).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => status.getByText('Alternatively, you can share a product.').isVisible(), { timeout: 10_000 }).toBe(true);
    await expectAccessible(page);
    await status.getByRole('button', { name: 'Continue' }).click();

    await page.getByLabel('Title').fill('Mobile repair kiosks for markets');
    await page.getByLabel('Description').fill('Small kiosks where traders get phones repaired while they sell.');
    await page.getByLabel('Price').fill('80000');
    await page.getByRole('button', { name: 'Share Product' }).click();
    await page.waitForURL(/\/dashboard$/);
    await expectToast(page, 'Success!', 'Your product has been shared with the community.');
    await page.getByRole('listitem').filter({ hasText: 'Mobile repair kiosks for markets' }).waitFor();

    // Both kinds used: the limit dialog, answered only with Back to Dashboard.
    await page.goto('/create-idea');
    const limit = page.getByRole('alertdialog', { name: 'Submission Limit Reached' });
    await limit.getByText('You have exhausted your limits for sharing an idea and a product.').waitFor();
    await expect.poll(() => limit.getByText(/^Product submission locked until .+ \(\d+ hours remaining\)\.$/).isVisible(), { timeout: 10_000 }).toBe(true);
    await expectAccessible(page);
    await limit.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
  });

  it('edits and deletes an item from the dashboard', async () => {
    const page = await browser.newPage(MOBILE, { colorScheme: 'dark' });
    await newPerson(page.context(), { name: 'Aisha Bello', contactInfo: 'aisha@example.test' });
    const word = token();
    const { title } = await shareThroughApi(page, {
      category: 'idea',
      title: `Community seed bank ${word}`,
      description: 'Farmers lend and borrow seeds of local crop varieties each season.',
      price: 2500,
    });

    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'My Ideas' }).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: title });
    await card.waitFor();
    await expectAccessible(page);

    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Idea' });
    await dialog.getByLabel('Title').fill('abc');
    await dialog.getByText('Title must be at least 5 characters long.').waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Save Changes' }).isDisabled(), { timeout: 10_000 }).toBe(true);
    await expectAccessible(page);
    const newTitle = `Village seed library ${word}`;
    await dialog.getByLabel('Title').fill(newTitle);
    await dialog.getByLabel('Price').fill('4500');
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Product' }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Updated!', 'Your idea has been updated successfully.');
    const edited = page.getByRole('listitem').filter({ hasText: newTitle });
    await edited.getByText('₦4,500').waitFor();
    await expect.poll(() => edited.getByText(/^product$/i).isVisible(), { timeout: 10_000 }).toBe(true);

    await edited.getByRole('button', { name: `Delete ${newTitle}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Are you sure you want to delete "${newTitle}"? This action cannot be undone.`).waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Deleted!', 'Your idea has been deleted successfully.');
    await page.getByText('No ideas shared yet').waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Share Your First Idea' }).getAttribute('href'), { timeout: 10_000 }).toBe('/create-idea');

    // Gone from browsing too.
    await page.goto(`/?q=${word}`);
    await page.getByText('No results found').waitFor();
  });

  it('bookmarks an item into Saved, shares it by copying, and sends visitors to sign in', async () => {
    const title = 'Solar cold rooms for market women';

    // A visitor's bookmark and contact lead to /auth.
    const visitor = await browser.newPage(MOBILE);
    // Home is painted by the server for visitors: its buttons work once the app has taken over.
    await visitor.goto('/');
    await appTookOver(visitor);
    const visitorCard = visitor.locator(CARD).filter({ hasText: title });
    await visitorCard.getByRole('button', { name: `Save ${title}` }).click();
    await visitor.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next')?.startsWith('/ideas/') === true);
    await visitor.goto('/');
    await appTookOver(visitor);
    await visitor.locator(CARD).filter({ hasText: title }).getByRole('button', { name: `Contact the creator of ${title}` }).click();
    await visitor.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next')?.startsWith('/ideas/') === true);

    const page = await browser.newPage(MOBILE);
    await newPerson(page.context(), { name: 'Tolu Ade', contactInfo: 'tolu@example.test' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL()).origin });

    await page.goto('/dashboard?tab=saved');
    await page.getByText('No saved ideas yet').waitFor();
    await page.getByRole('tab', { name: 'Messages' }).click();
    await page.getByText('No conversations yet').waitFor();
    await page.getByRole('tab', { name: 'Analytics' }).click();
    // Nothing shared yet: the Analytics tab says where the figures will come from (issue 28).
    await page.getByText('Share an idea or product and its figures will show here.').waitFor();
    await expectAccessible(page);

    await page.goto('/');
    const card = page.locator(CARD).filter({ hasText: title });
    const save = card.getByRole('button', { name: `Save ${title}` });
    await expect.poll(() => save.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('false');
    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');

    // Contact is recorded on the server and opens the private conversation with the creator
    // (issue 17 point 6; the journey of its own: messages.e2e.ts); back to home afterwards.
    const contact = page.waitForResponse((r) => r.url().endsWith('/api/conversations') && r.request().method() === 'POST');
    await card.getByRole('button', { name: `Contact the creator of ${title}` }).click();
    expect((await contact).ok()).toBe(true);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Conversation with Tunde Balogun' }).waitFor();
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');

    // Share: without the Web Share API (desktop Linux), the text goes to the clipboard.
    if (!(await page.evaluate(() => typeof navigator.share === 'function'))) {
      await card.getByRole('button', { name: `Share ${title}` }).click();
      await expectToast(page, 'Link Copied', 'Idea details copied to clipboard!');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toContain(title);
      expect(copied).toMatch(/^Price: ₦250,000$/m);
      expect(copied).toMatch(/^By: Tunde Balogun$/m);
      expect(copied).toMatch(/^Posted: [A-Z][a-z]{2} \d{1,2}, \d{4}$/m);
      expect(copied).toMatch(new RegExp(`^${baseURL()}/ideas/[0-9a-f-]{36}$`, 'm'));
    }
    await expectAccessible(page);

    // The bookmark is kept on the server: after a reload, and in Saved.
    await page.reload();
    await expect.poll(() => page.locator(CARD).filter({ hasText: title }).getByRole('button', { name: `Save ${title}` }).getAttribute('aria-pressed')).toBe('true');
    await page.goto('/dashboard?tab=saved');
    const saved = page.locator(CARD).filter({ hasText: title });
    await saved.waitFor();
    await expectAccessible(page);
    await saved.getByRole('button', { name: `Save ${title}` }).click();
    await page.getByText('No saved ideas yet').waitFor();
  });

  it('shows the periodic dialogs on the home page after ~20 s, never over a menu, at most once per 30 minutes', async () => {
    // The page's clock is Playwright's: time is moved on instead of waited for.
    const visitor = await browser.newPage(DESKTOP, { periodicDialogs: true });
    await visitor.clock.install();
    await visitor.goto('/');
    await appTookOver(visitor);
    const join = visitor.getByRole('dialog', { name: 'Join to Share Your Vision' });
    // Not during the first look.
    await visitor.clock.runFor(15_000);
    await visitor.waitForLoadState('networkidle');
    await visitor.clock.runFor(500);
    expect(await join.count()).toBe(0);
    // Not over an open menu: it waits until the menu is closed.
    await visitor.getByRole('button', { name: 'Learn More' }).click();
    await visitor.getByRole('menu').waitFor();
    await visitor.clock.runFor(15_000);
    // Had it decided to open, its code would be on its way now (the dialogs are a chunk of their own).
    await visitor.waitForLoadState('networkidle');
    await visitor.clock.runFor(500);
    expect(await join.count()).toBe(0);
    await visitor.keyboard.press('Escape');
    await expect.poll(() => visitor.getByRole('menu').count()).toBe(0);
    await visitor.clock.runFor(3_000);
    await join.waitFor();
    await expect.poll(() => join.getByRole('link', { name: 'Sign In' }).getAttribute('href'), { timeout: 10_000 }).toBe('/auth');
    await expect.poll(() => join.getByRole('link', { name: 'Join' }).getAttribute('href'), { timeout: 10_000 }).toMatch(/^\/auth/);
    await expectAccessible(visitor);
    await join.getByRole('button', { name: 'Cancel' }).click();
    // Shown once: not again within 30 minutes…
    await visitor.reload();
    await appTookOver(visitor);
    await visitor.clock.runFor(60_000);
    expect(await visitor.getByRole('dialog').count()).toBe(0);
    // …and again once they have passed (after its ~20 s on the page).
    await visitor.clock.fastForward('30:00');
    await visitor.reload();
    await appTookOver(visitor);
    await visitor.clock.runFor(25_000);
    await join.waitFor();

    const page = await browser.newPage(DESKTOP, { periodicDialogs: true });
    await newPerson(page.context(), { name: 'Kemi Ola', contactInfo: 'kemi@example.test' });
    await page.clock.install();
    await page.goto('/');
    await appTookOver(page);
    const status = page.getByRole('dialog', { name: 'Your Submission Status' });
    // Not while the person is typing a search.
    await page.getByRole('searchbox').first().click();
    await page.clock.runFor(30_000);
    await page.waitForLoadState('networkidle');
    await page.clock.runFor(500);
    expect(await status.count()).toBe(0);
    await page.getByRole('searchbox').first().blur();
    await page.clock.runFor(3_000);
    await status.getByText("You're ready to share a new idea or product with the community!").waitFor();
    await expectAccessible(page);
    await status.getByRole('button', { name: 'Close' }).first().click();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
