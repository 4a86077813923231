/**
 * Issue 15 (product polish) journeys on the shared demo server: the share draft survives a trip to
 * the profile (point 1); sign-in from an action comes back to the item, by password and by a new
 * account's confirmation link (point 2); the owner's page offers Edit and Delete, with the creator's
 * own rating apart (point 7); saving says so (point 8); the words (point 13: Free, the locked
 * discussion's real count, the unlock rule, the upload cap); whole coupon codes with Copy on a phone
 * (point 15); the icons and the Sign Up title (point 16). Each page visited is checked with axe.
 */
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { appTookOver, baseURL, DESKTOP, expectAccessible, MOBILE, useBrowser } from './support/browser.ts';
import { randomClientIp } from './support/demo.ts';
import { newPerson } from './support/people.ts';

const DEMO_PASSWORD = 'ideahub-demo-2026';


async function png(colour: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: colour } }).png().toBuffer();
}

/** Drops an image file on `target` as a person dragging it from their desktop would. */
async function dropImage(page: Page, target: Locator, bytes: Buffer, name: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ b64, fileName }) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([data], fileName, { type: 'image/png' }));
      return dt;
    },
    { b64: bytes.toString('base64'), fileName: name },
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await page.getByText('Drop the image to upload it').waitFor();
  await target.dispatchEvent('drop', { dataTransfer });
}

async function signInAs(context: BrowserContext, email: string): Promise<void> {
  const res = await context.request.post(`${baseURL()}/api/auth/sign-in/email`, {
    headers: { origin: new URL(baseURL()).origin, 'x-forwarded-for': randomClientIp() },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function expectToast(page: Page, title: string) {
  await page.locator('[data-slot="toast-title"]').filter({ hasText: title }).first().waitFor();
}

async function itemByTitle(title: string): Promise<{ id: string; commentCount: number; price: number }> {
  const res = await fetch(`${baseURL()}/api/ideas?limit=50&q=${encodeURIComponent(title)}`);
  const { items } = (await res.json()) as { items: { id: string; title: string; commentCount: number; price: number }[] };
  const item = items.find((i) => i.title === title);
  if (!item) throw new Error(`no seeded item "${title}"`);
  return item;
}

/** The demo seed runs as the server starts; its counters are filled in last. */
async function demoSeeded(): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await fetch(`${baseURL()}/api/ideas?limit=50`).catch(() => null);
    const items = res?.ok ? ((await res.json()) as { items: { likeCount: number }[] }).items : [];
    if (items.some((i) => i.likeCount > 0)) return;
    if (Date.now() > deadline) throw new Error('the demo data was not seeded in time');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Closes the create page's eligibility summary, whichever it is. */
async function closeEligibilitySummary(page: Page) {
  const summary = page.getByRole('dialog');
  await summary.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

async function confirmationLink(email: string): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const res = await fetch(`${baseURL()}/api/dev/outbox`);
    const { mails } = (await res.json()) as { mails: { to: string; subject: string; link: string | null }[] };
    const mail = mails.find((m) => m.to === email && m.link?.includes('/api/auth/verify-email'));
    if (mail?.link) return mail.link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no confirmation mail for ${email}`);
}

// Its own item: the details journey likes 'Portable water quality tester' as kwame and counts its likes at the same time.
const LIKE_ITEM = 'Bamboo bicycle frame kit';
const FREE_ITEM = 'Bus arrival times over SMS';
const DISCUSSED_ITEM = 'Handwoven aso-oke laptop sleeve';

describe('issue 15 journeys', () => {
  const browser = useBrowser();
  beforeAll(demoSeeded, 120_000);

  it('keeps the share draft, image included, while the person completes their profile, and brings them back to it (point 1)', async () => {
    const page = await browser.newPage(MOBILE);
    await newPerson(page.context(), { name: 'Bisi Drafter', contactInfo: '' });
    await page.goto('/create-idea');
    await closeEligibilitySummary(page);

    // Said before they start, with the way to fix it.
    const notice = page.getByRole('status').filter({ hasText: 'Your name and contact info are needed to share.' });
    await notice.waitFor();
    await expect.poll(() => notice.getByRole('link', { name: 'Complete your profile' }).getAttribute('href')).toBe('/profile?next=%2Fcreate-idea');
    // Empty means free: the price is not marked required.
    expect(await page.getByLabel(/^Price/).getAttribute('aria-required')).not.toBe('true');
    await expectAccessible(page);

    const title = `Solar dryers for fruit sellers ${Date.now().toString(36)}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Solar dryers that turn unsold mangoes into dried fruit for the dry season.');
    await page.getByLabel(/^Price/).fill('4500');
    await dropImage(page, page.getByRole('button', { name: 'Upload Image' }), await png({ r: 230, g: 140, b: 30 }), 'dryer.png');
    const preview = page.getByRole('img', { name: 'Preview of the image' });
    await expect.poll(() => preview.getAttribute('src'), { timeout: 20_000 }).toMatch(/^\/storage\/idea-images\//);
    const uploaded = await preview.getAttribute('src');

    await page.getByRole('button', { name: 'Share Idea' }).click();
    await expectToast(page, 'Complete your profile');
    await page.waitForURL((url) => url.pathname === '/profile' && url.searchParams.get('next') === '/create-idea');
    // The profile opens for editing and says what is needed.
    await page.getByText('Add your full name and contact info to share.').waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Add how people can contact you: sharing needs it.').waitFor();
    await expectAccessible(page);
    await page.getByLabel(/^Contact Info/).fill('bisi@example.test');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile Updated');

    // Back to the draft, as it was.
    await page.waitForURL((url) => url.pathname === '/create-idea');
    await closeEligibilitySummary(page);
    await page.getByText('Your draft is back, as you left it.').waitFor();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(title);
    await expect.poll(() => page.getByLabel(/^Price/).inputValue()).toBe('4500');
    await expect.poll(() => preview.getAttribute('src')).toBe(uploaded);
    expect(await notice.count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Share Idea' }).click();
    await expectToast(page, 'Success!');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { name: title }).waitFor();

    // Shared: the draft is gone.
    await page.goto('/create-idea');
    await closeEligibilitySummary(page);
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('');
    expect(await page.getByText('Your draft is back, as you left it.').count()).toBe(0);
  });

  it('comes back to the item after signing in from its Like, its rating, its discussion and a card (point 2)', async () => {
    const item = await itemByTitle(LIKE_ITEM);
    const here = `/ideas/${item.id}`;
    const page = await browser.newPage(DESKTOP);
    await page.goto(here);
    await appTookOver(page);
    const back = encodeURIComponent(here);
    // Every sign-in prompt of the item carries the way back.
    const section = (name: string) => page.getByRole('region', { name });
    await expect.poll(() => section('Rating').getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/auth?next=${back}`);
    // The discussion's comes back to it, its box focused (issue 27 point 5).
    await expect.poll(() => section('Discussion').getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(`/auth?next=${encodeURIComponent(`${here}?then=discuss#discussion`)}`);
    await expect.poll(() => section('Creator').getByRole('link', { name: 'Sign in to view creator contact info.' }).getAttribute('href')).toBe(`/auth?next=${back}`);

    await page.getByRole('button', { name: /^Like · / }).click();
    await page.getByRole('dialog', { name: 'Must be logged in to like ideas' }).getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill('kwame@ideahub.demo');
    await form.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === here);
    await page.getByRole('heading', { level: 1, name: LIKE_ITEM }).waitFor();
    // Signed in now: the Like is the real one.
    await expect.poll(() => page.getByRole('button', { name: /^(Like|Unlike) · / }).getAttribute('aria-pressed')).toMatch(/^(true|false)$/);
    await expectAccessible(page);

    // A card's Save on home leads to sign-in and back to that item.
    const visitor = await browser.newPage(MOBILE);
    await visitor.goto(`/?q=${encodeURIComponent(LIKE_ITEM)}`);
    await appTookOver(visitor);
    await visitor.getByRole('button', { name: `Save ${LIKE_ITEM}` }).click();
    await visitor.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === `${here}?then=save`);
    // A signed-in person who opens /auth itself still goes to the dashboard.
    await signInAs(visitor.context(), 'grace@ideahub.demo');
    await visitor.goto('/auth');
    await visitor.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('brings a new person back to the item once they confirm their address (point 2)', async () => {
    const item = await itemByTitle(DISCUSSED_ITEM);
    const here = `/ideas/${item.id}`;
    const page = await browser.newPage(MOBILE);
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': randomClientIp() });
    await page.goto(here);
    await appTookOver(page);
    await page.getByText('Sign in to join the discussion.').waitFor();
    await page.getByRole('region', { name: 'Discussion' }).getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === `${here}?then=discuss#discussion`);
    await expect.poll(() => page.title()).toBe('Sign In | IdeaHub');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    // The Sign Up tab names itself (point 16).
    await expect.poll(() => page.title()).toBe('Sign Up | IdeaHub');
    const email = `returner-${Date.now().toString(36)}${randomBytes(2).toString('hex')}@example.test`;
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Full Name').fill('Rukayat Returner');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel(/^Password/).fill('a long returning passphrase');
    await form.getByLabel('Confirm Password').fill('a long returning passphrase');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    await page.goto(await confirmationLink(email));
    await page.waitForURL((url) => url.pathname === here);
    await page.getByRole('heading', { level: 1, name: DISCUSSED_ITEM }).waitFor();
    await expectToast(page, 'Email confirmed');
  });

  it('offers its owner Edit (with a new picture) and Delete instead of Buy, and keeps the creator’s rating apart (points 7, 11, 13)', async () => {
    const page = await browser.newPage(DESKTOP);
    await newPerson(page.context(), { name: 'Olu Owner', contactInfo: 'olu@example.test' });
    const title = `Free repair manuals ${Date.now().toString(36)}`;
    const res = await page.context().request.post(`${baseURL()}/api/ideas`, {
      headers: { origin: new URL(baseURL()).origin },
      data: { category: 'idea', title, description: 'Printed repair manuals for common radios and fans, given away at markets.', price: 0, currency: 'NGN', rating: 4.2 },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { idea } = (await res.json()) as { idea: { id: string } };

    await page.goto(`/ideas/${idea.id}`);
    await appTookOver(page);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByRole('button', { name: 'Buy' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).waitFor();
    // A zero price reads 'Free' (point 13); the owner's own rating is theirs, apart from the community's.
    await expect.poll(() => page.getByText('Free', { exact: true }).count()).toBeGreaterThan(0);
    const rating = page.getByRole('region', { name: 'Rating' });
    await rating.getByText('Community rating').waitFor();
    await rating.getByText('No ratings yet').waitFor();
    await expect.poll(() => rating.getByTestId('creator-rating').innerText()).toMatch(/^Your own rating\s+4\.2 \/ 5$/);
    await expectAccessible(page);

    // Edit: the dashboard's dialog, with the share form's image field.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Idea' });
    await dialog.waitFor();
    await dialog.locator('input[type="file"]').first().setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await png({ r: 20, g: 150, b: 110 }) });
    await expect.poll(() => dialog.getByRole('img', { name: 'Preview of the image' }).getAttribute('src'), { timeout: 20_000 }).toMatch(/^\/storage\/idea-images\//);
    const newTitle = `${title} (second edition)`;
    await dialog.getByLabel('Title').fill(newTitle);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Updated!');
    await page.getByRole('heading', { level: 1, name: newTitle }).waitFor();
    await expect.poll(() => page.getByRole('img', { name: newTitle }).getAttribute('src')).toMatch(/^\/storage\/idea-images\//);

    // Someone else sees the creator's rating, named as the creator's, and no Edit; the item is free,
    // so with a payment provider on (the journeys run PAYMENTS=test) there is nothing to buy.
    const other = await browser.newPage(MOBILE);
    await signInAs(other.context(), 'chioma@ideahub.demo');
    await other.goto(`/ideas/${idea.id}`);
    await appTookOver(other);
    await expect.poll(() => other.getByTestId('creator-rating').innerText()).toMatch(/^Creator’s own rating\s+4\.2 \/ 5$/);
    expect(await other.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await other.getByRole('button', { name: 'Buy' }).count()).toBe(0);
    await expectAccessible(other);

    // Delete: the dashboard's confirmation, then the dashboard.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Are you sure you want to delete "${newTitle}"? This action cannot be undone.`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expectToast(page, 'Deleted!');
    expect((await fetch(`${baseURL()}/api/ideas/${idea.id}`)).status).toBe(404);
  });

  it('says Saved and Removed from Saved, shows Free on cards, and the locked discussion’s real count (points 8, 13)', async () => {
    const page = await browser.newPage(DESKTOP);
    await signInAs(page.context(), 'kwame@ideahub.demo');
    await page.goto(`/?q=${encodeURIComponent(FREE_ITEM)}`);
    await appTookOver(page);
    const card = page.getByRole('listitem').filter({ hasText: FREE_ITEM });
    await card.getByText('Free', { exact: true }).waitFor();
    const save = card.getByRole('button', { name: `Save ${FREE_ITEM}` });
    const before = await save.getAttribute('aria-pressed');
    await save.click();
    await expectToast(page, before === 'true' ? 'Removed from Saved' : 'Saved');
    await save.click();
    await expectToast(page, before === 'true' ? 'Saved' : 'Removed from Saved');

    // Kwame is not premium: the discussion is locked, and says how many messages it has, nothing more.
    const item = await itemByTitle(DISCUSSED_ITEM);
    expect(item.commentCount).toBeGreaterThan(0);
    await page.goto(`/ideas/${item.id}`);
    await appTookOver(page);
    const discussion = page.getByRole('region', { name: 'Discussion' });
    await discussion.getByText(`${item.commentCount} ${item.commentCount === 1 ? 'message' : 'messages'} so far.`, { exact: false }).waitFor();
    expect(await discussion.getByRole('log').count()).toBe(0);
    await appTookOver(page, 'discussion');
    await discussion.getByRole('button', { name: 'Unlock Discussion' }).click();
    const unlock = page.getByRole('dialog', { name: 'Unlock premium content' });
    await unlock.getByRole('heading', { name: 'Reach 20, then one more' }).waitFor();
    await unlock.getByText(/shared more than 20 ideas and products\. You have shared/).waitFor();
    await expectAccessible(page);
  });

  it('shows a coupon’s whole code on a phone, with Copy; serves the icons; the admin reads the upload cap (points 13, 15, 16)', async () => {
    const page = await browser.newPage(MOBILE);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL()).origin });
    await signInAs(page.context(), 'chioma@ideahub.demo');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Coupons/ }).click();
    const coupons = page.getByRole('dialog', { name: 'My Coupons' });
    const first = coupons.getByRole('listitem').first();
    const code = first.getByText(/^IDEA-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await code.waitFor();
    const text = await code.innerText();
    // Whole: nothing cut off or hidden.
    expect(await code.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && getComputedStyle(el).textOverflow !== 'ellipsis')).toBe(true);
    await first.getByRole('button', { name: `Copy ${text}` }).click();
    await expectToast(page, 'Code copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    await expectAccessible(page);

    for (const [path, type] of [
      ['/favicon.ico', 'image/x-icon'],
      ['/apple-touch-icon.png', 'image/png'],
    ] as const) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-type'], path).toBe(type);
      expect((await res.body()).length, path).toBeGreaterThan(200);
    }
    await page.goto('/');
    await expect.poll(() => page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/apple-touch-icon.png');
    await expect.poll(() => page.locator('link[rel="icon"][href="/favicon.ico"]').count()).toBe(1);

    const admin = await browser.newPage(DESKTOP);
    await signInAs(admin.context(), 'admin@ideahub.demo');
    await admin.goto('/admin/settings');
    // The field says the most the server accepts and cannot go above it; the types are the three uploads take.
    await admin.getByText('Image uploads are capped at this size, up to 5 MB (the most the server accepts).').waitFor();
    expect(await admin.getByRole('spinbutton', { name: /Max file size/ }).getAttribute('max')).toBe('5');
    const types = admin.getByRole('group', { name: 'Allowed file types' });
    expect(await types.locator('label').allInnerTexts()).toEqual(['PNG', 'JPEG', 'WebP']);
    await expectAccessible(admin);
  });
});
