/**
 * XSS journey, second part (issue 7, hardening): the person's own pages (Dashboard with My Ideas
 * and Saved, My Coupons and the coupon redeem page) and the admin pages (overview, users, content,
 * financial, analytics) show saved payloads as the literal text typed, and nothing runs.
 *
 * Titles and descriptions refuse '<' and '>' (src/shared/validation/idea-content.ts), but accept
 * quotes, '=', '&', '#', ';' and ':', so their payloads try to break out of an HTML attribute, to
 * be decoded as HTML entities, or to become a javascript: link. Project details and messages take
 * any text, so they carry <img onerror> and <script>. The full name typed at sign-up is only
 * trimmed and limited in length, so a person can carry markup in their name onto the admin pages
 * and their own dashboard greeting.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, useBrowser } from './support/browser.ts';
import { randomClientIp } from './support/demo.ts';
import { newPerson } from './support/people.ts';

const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';
const DEMO_PASSWORD = 'ideahub-demo-2026';
const ADMIN = 'admin@ideahub.demo';

function word(): string {
  return Array.from(randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join('');
}

/** Nothing ran and nothing was injected: no flag, no handler attribute, no element or link from a payload. */
async function expectInert(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  const found = await page.evaluate(() => ({
    ran: (window as unknown as { __xss?: unknown }).__xss ?? null,
    handlers: document.querySelectorAll('[onerror], [onload], [onmouseover], [onfocus]').length,
    brokenOutAttributes: document.querySelectorAll('[data-x]').length,
    imgX: document.querySelectorAll('img[src="x"]').length,
    // The page's state is a data block (type application/json), which the browser never runs.
    scripts: [...document.scripts].filter((s) => s.type !== 'application/json' && s.type !== 'application/ld+json' && ((s.textContent ?? '').includes('__xss') || !s.src)).length,
    javascriptLinks: document.querySelectorAll('a[href^="javascript:" i], iframe[src^="javascript:" i]').length,
  }));
  expect(found, where).toEqual({ ran: null, handlers: 0, brokenOutAttributes: 0, imgX: 0, scripts: 0, javascriptLinks: 0 });
}

/** The literal text is on the page, where a person sees it. */
async function expectShown(page: Page, text: string, where: string) {
  await page.getByText(text, { exact: false }).filter({ visible: true }).first().waitFor({ timeout: 15_000 }).catch(() => {
    throw new Error(`${where}: the literal text ${JSON.stringify(text)} is not shown`);
  });
}

describe('script payloads render as text on the dashboard and admin pages', () => {
  const browser = useBrowser();

  it('in titles, descriptions, project details, messages and names, everywhere they are listed', async () => {
    const dialogs: string[] = [];
    const watch = (page: Page) => page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const origin = new URL(baseURL()).origin;

    // Xena shares an item whose texts carry payloads, bookmarks it and writes in its discussion.
    const xena = await browser.newPage(DESKTOP);
    watch(xena);
    await newPerson(xena.context(), { name: 'Xena Safe', contactInfo: 'xena@contact.test' });
    const tag = word();
    const share = await xena.context().request.post(`${baseURL()}/api/ideas`, {
      headers: { origin },
      data: {
        category: 'idea',
        title: `Well filter ${tag}" onfocus="window.__xss=1" data-x="`,
        description: `A cheap filter" onmouseover="window.__xss=1" data-x=" &#60;img src=x onerror=window.__xss=1&#62; &lt;script&gt; javascript:window.__xss=1 makes well water safe ${tag}.`,
        price: 10,
        currency: 'USD',
        projectDetails: `Details ${IMG} ${SCRIPT}`,
      },
    });
    expect(share.status(), await share.text()).toBe(201);
    const { idea, coupon } = (await share.json()) as { idea: { id: string; title: string; description: string }; coupon: { code: string } };
    // The payloads were kept as typed (after the usual cleaning), quotes and entities included.
    expect(idea.title).toContain('" onfocus="window.__xss=1" data-x="');
    expect(idea.description).toContain('&#60;img src=x onerror=window.__xss=1&#62;');
    expect((await xena.context().request.put(`${baseURL()}/api/ideas/${idea.id}/save`, { headers: { origin } })).status()).toBe(204);
    const message = `Hello ${IMG} ${SCRIPT}`;
    expect((await xena.context().request.post(`${baseURL()}/api/ideas/${idea.id}/messages`, { headers: { origin }, data: { content: message } })).status()).toBe(201);

    // Mallory signs up with markup in her name and leaves it there.
    const malloryName = `Mallory ${IMG} ${SCRIPT}`;
    const malloryPage = await browser.newPage(DESKTOP);
    watch(malloryPage);
    const mallory = await newPerson(malloryPage.context(), { name: malloryName, contactInfo: 'mallory@contact.test', keepSignUpName: true });
    const profile = (await (await malloryPage.context().request.get(`${baseURL()}/api/profile`)).json()) as { fullName: string };
    expect(profile.fullName).toBe(malloryName);

    // Xena's own pages: My Ideas, Saved, My Coupons, the redeem page, the details page.
    await xena.goto('/dashboard');
    await expectShown(xena, idea.title, 'Dashboard, My Ideas: title');
    await expectShown(xena, idea.description.slice(0, 60), 'Dashboard, My Ideas: description');
    await expectInert(xena, 'Dashboard, My Ideas');
    await xena.goto('/dashboard?tab=saved');
    await expectShown(xena, idea.title, 'Dashboard, Saved: title');
    await expectInert(xena, 'Dashboard, Saved');
    await xena.goto('/dashboard');
    await xena.getByRole('button', { name: 'Coupons' }).click();
    await xena.getByRole('dialog', { name: 'My Coupons' }).waitFor();
    await expectShown(xena, coupon.code, 'My Coupons');
    await expectInert(xena, 'My Coupons');
    await xena.keyboard.press('Escape');
    await xena.goto(`/coupons/redeem?code=${encodeURIComponent(IMG + SCRIPT)}&id=${encodeURIComponent('" onload="window.__xss=1')}`);
    await expectShown(xena, IMG + SCRIPT, 'Redeem page: code from the address');
    await expectInert(xena, 'Redeem page');
    await xena.goto(`/ideas/${idea.id}`);
    await expectShown(xena, idea.title, 'Details: title');
    await expectShown(xena, message, 'Details: message');
    await expectShown(xena, `Details ${IMG} ${SCRIPT}`, 'Details: project details');
    await expectInert(xena, 'Details page');

    // Mallory's own pages greet her with her name as typed.
    await malloryPage.goto('/dashboard');
    await expectShown(malloryPage, malloryName, 'Dashboard greeting');
    await expectInert(malloryPage, 'Mallory’s dashboard');
    await malloryPage.goto('/profile');
    // The profile's view mode shows values as text (issue 15 point 12).
    await expectShown(malloryPage, malloryName, 'Profile card');
    await expectInert(malloryPage, 'Mallory’s profile');

    // The admin pages.
    const admin = await browser.newPage(DESKTOP);
    watch(admin);
    const signIn = await admin.context().request.post(`${baseURL()}/api/auth/sign-in/email`, { headers: { origin, 'x-forwarded-for': randomClientIp() }, data: { email: ADMIN, password: DEMO_PASSWORD } });
    expect(signIn.status(), await signIn.text()).toBe(200);
    await admin.goto('/admin');
    await admin.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await expectInert(admin, 'Admin overview');
    await admin.goto(`/admin/users?q=${encodeURIComponent(mallory.email)}`);
    await expectShown(admin, mallory.email, 'Admin users: email');
    await expectShown(admin, malloryName, 'Admin users: name');
    await expectInert(admin, 'Admin users');
    await admin.goto(`/admin/content?q=${tag}`);
    await expectShown(admin, idea.title, 'Admin content: title');
    await expectShown(admin, idea.description.slice(0, 60), 'Admin content: excerpt of the description');
    await expectInert(admin, 'Admin content');
    await admin.goto('/admin/financial');
    await admin.getByRole('tab', { name: 'Payments' }).waitFor();
    await expectInert(admin, 'Admin financial, payments');
    await admin.goto(`/admin/financial?tab=coupons&code=${encodeURIComponent(coupon.code)}`);
    await expectShown(admin, coupon.code, 'Admin financial: coupon');
    await expectShown(admin, idea.title, 'Admin financial: the coupon’s item title');
    await expectInert(admin, 'Admin financial, coupons');
    await admin.goto('/admin/analytics');
    await admin.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await expectInert(admin, 'Admin analytics');

    expect(dialogs).toEqual([]);
  }, 120_000);
});
