/**
 * Issue 27 point 5, journeys that don't drop people, on the shared demo server: without
 * JavaScript, /auth's forms post to the server and sign in (a refusal comes back on the page),
 * home pages past its first 20 items through 'More', and the phone menu reaches Sign In; with it,
 * signing in from an item's prompt comes back to the item with the action done (Like) or opened
 * (the discussion box focused); and on a throttled CPU, what is typed and pressed before the app
 * takes over a server-painted page is kept (the discussion box) or posted (the newsletter form).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_MESSAGES } from '../../src/shared/constants.ts';
import { appTookOver, DESKTOP, expectAccessible, MOBILE, useBrowser } from './support/browser.ts';
import { demoSeeded, itemId, randomClientIp, signInAs } from './support/demo.ts';
import { newPerson } from './support/people.ts';

const DEMO_PASSWORD = 'ideahub-demo-2026';
// Its own item: the details journey likes 'Portable water quality tester' and counts its likes at the same time.
const LIKE_ITEM = 'Rainwater harvesting kit';
const DISCUSSED_ITEM = 'Handwoven aso-oke laptop sleeve';

const browser = useBrowser();


/** Signs in with the form on /auth, as a person would. */
async function signInWithForm(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** The addresses of the items in home's grid, in order. */
const gridItems = (page: Page) =>
  page
    .getByRole('list', { name: 'All Ideas & Products' })
    .locator(':scope > li')
    .evaluateAll((cells) => cells.map((li) => li.querySelector('a[href^="/ideas/"]')?.getAttribute('href') ?? ''));

/** Slows the page's CPU as a low-end phone's (Chrome DevTools Protocol). */
async function throttleCpu(page: Page, rate = 6) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

describe("journeys that don't drop people (issue 27 point 5)", () => {
  beforeAll(async () => {
    await demoSeeded();
  }, 120_000);

  it('signs in without JavaScript: both forms are there, a wrong password is said on the page, the right one goes back to the item', async () => {
    const here = `/ideas/${await itemId(LIKE_ITEM)}`;
    const page = await browser.newPage(MOBILE, { javaScriptEnabled: false });
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': randomClientIp() });
    await page.goto(`/auth?next=${encodeURIComponent(here)}`);
    expect(await page.getByText('Loading...').count()).toBe(0);
    await signInWithForm(page, 'kwame@ideahub.demo', 'not the password at all');
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === here);
    await page.getByRole('alert').filter({ hasText: 'Sign In Error' }).filter({ hasText: 'Invalid email or password.' }).waitFor();
    // The Sign Up tab opens as a link: its form is there too.
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'signup');
    const signUp = page.getByRole('form', { name: 'Sign up' });
    for (const label of ['Full Name', 'Email', 'Confirm Password']) await signUp.getByLabel(label).waitFor();
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && !url.searchParams.has('tab'));

    await signInWithForm(page, 'kwame@ideahub.demo', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === here);
    await page.getByRole('heading', { level: 1, name: LIKE_ITEM }).waitFor();
    // Signed in: the header is Kwame's, no Sign In button.
    expect(await page.getByRole('banner').getByRole('link', { name: 'Join' }).count()).toBe(0);
  });

  it('pages past the first 20 items without JavaScript, and opens the phone menu to reach Sign In', async () => {
    const page = await browser.newPage(MOBILE, { javaScriptEnabled: false });
    await page.goto('/');
    const first = await gridItems(page);
    expect(first).toHaveLength(20);
    await page.getByRole('link', { name: 'More', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.has('cursor'));
    const next = await gridItems(page);
    expect(next.length).toBeGreaterThan(0);
    expect(next.filter((href) => first.includes(href))).toEqual([]);

    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    await page.waitForURL((url) => url.pathname === '/menu');
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
  });

  it("comes back to the item after signing in from its prompts: Like and Save done; Unlock, Buy, Contact and the discussion box opened", async () => {
    const id = await itemId(LIKE_ITEM);
    const here = `/ideas/${id}`;
    const page = await browser.newPage(DESKTOP);
    const person = await newPerson(page.context(), { name: 'Lola Returner', contactInfo: 'lola@example.test' });
    await page.context().clearCookies();
    await page.goto(here);
    await appTookOver(page);
    await page.getByRole('button', { name: /^Like · / }).click();
    await page.getByRole('dialog', { name: 'Must be logged in to like ideas' }).getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await signInWithForm(page, person.email, person.password);
    await page.waitForURL((url) => url.pathname === here && !url.searchParams.has('then'));
    // The Like they pressed is done.
    await expect.poll(() => page.getByRole('button', { name: /^Unlike · / }).getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    await expectAccessible(page);

    // A card's Save on home: back on the item, saved; the description's Unlock: back on it, the unlock dialog open.
    const saver = await browser.newPage(MOBILE);
    await saver.goto(`/?q=${encodeURIComponent(LIKE_ITEM)}`);
    await appTookOver(saver);
    await saver.getByRole('button', { name: `Save ${LIKE_ITEM}` }).click();
    await saver.waitForURL((url) => url.pathname === '/auth');
    await signInWithForm(saver, person.email, person.password);
    await saver.waitForURL((url) => url.pathname === here && !url.searchParams.has('then'));
    await saver.locator('[data-slot="toast-title"]').filter({ hasText: 'Saved' }).first().waitFor();

    const unlocker = await browser.newPage(MOBILE);
    await unlocker.goto(`/ideas/${await itemId(DISCUSSED_ITEM)}`);
    await appTookOver(unlocker);
    await unlocker.getByRole('button', { name: 'Unlock Full Description' }).click();
    await unlocker.waitForURL((url) => url.pathname === '/auth');
    await signInWithForm(unlocker, person.email, person.password);
    await unlocker.getByRole('dialog', { name: 'Unlock premium content' }).waitFor();

    // Buy: back on the item with its dialog open; the creator's Contact: on to the conversation.
    const buyer = await browser.newPage(DESKTOP);
    await buyer.goto(here);
    await appTookOver(buyer);
    await buyer.getByRole('button', { name: 'Buy', exact: true }).click();
    await buyer.waitForURL((url) => url.pathname === '/auth');
    await signInWithForm(buyer, person.email, person.password);
    await buyer.getByRole('dialog', { name: 'Buy this item' }).waitFor();

    const contacter = await browser.newPage(DESKTOP);
    await contacter.goto(here);
    await appTookOver(contacter);
    await contacter.getByRole('region', { name: 'Creator' }).getByRole('button', { name: `Contact the creator of ${LIKE_ITEM}` }).click();
    await contacter.waitForURL((url) => url.pathname === '/auth');
    await signInWithForm(contacter, person.email, person.password);
    await contacter.waitForURL((url) => url.pathname.startsWith('/messages/'));

    // An admin reads and joins every discussion: back from its Sign In, the box has the focus, in view.
    const discussed = await itemId(DISCUSSED_ITEM);
    const admin = await browser.newPage(DESKTOP);
    await admin.goto(`/ideas/${discussed}`);
    await appTookOver(admin, 'discussion');
    await admin.getByRole('region', { name: 'Discussion' }).getByRole('link', { name: 'Sign In' }).click();
    await admin.waitForURL((url) => url.pathname === '/auth');
    await signInWithForm(admin, 'admin@ideahub.demo', DEMO_PASSWORD);
    await admin.waitForURL((url) => url.pathname === `/ideas/${discussed}` && !url.searchParams.has('then'));
    await expect.poll(() => admin.evaluate(() => document.activeElement?.getAttribute('id')), { timeout: 10_000 }).toBe(`message-${discussed}`);
    expect(await admin.getByRole('textbox', { name: 'Your message' }).isVisible()).toBe(true);
  });

  it('keeps what is typed and pressed before the app takes over, on a CPU slowed six times', async () => {
    const discussed = await itemId(DISCUSSED_ITEM);
    const page = await browser.newPage(MOBILE);
    await signInAs(page.context(), 'admin@ideahub.demo');
    await throttleCpu(page);
    await page.goto(`/ideas/${discussed}`, { waitUntil: 'commit' });
    const box = page.getByRole('textbox', { name: 'Your message' });
    await box.waitFor({ state: 'attached' });
    const text = `Typed before the page came alive ${Date.now().toString(36)}`;
    await box.fill(text);
    // Typed while the page was still the server's alone.
    expect(await page.locator('html[data-took-over~="discussion"]').count()).toBe(0);
    await appTookOver(page, 'discussion');
    await expect.poll(() => box.inputValue()).toBe(text);
    const send = page.getByRole('region', { name: 'Discussion' }).getByRole('button', { name: 'Send' });
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.click();
    await page.getByRole('log', { name: 'Messages' }).getByText(text).waitFor();

    // The footer's Subscribe, pressed as the page arrives: the server answers it (this server has
    // Marketing emails off, so the answer is that the newsletter is paused), nothing is dropped.
    const visitor = await browser.newPage(MOBILE);
    await throttleCpu(visitor);
    await visitor.goto('/about', { waitUntil: 'commit' });
    const form = visitor.getByRole('form', { name: 'Stay Updated' });
    await form.getByLabel('Email address').fill('early-reader@example.test');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await visitor.getByText(NEWSLETTER_MESSAGES.paused).waitFor();
  });
});
