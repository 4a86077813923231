/**
 * Admin panel journeys (the Admin issue): an admin promotes a person to moderator, deletes an
 * item through the confirmation, generates coupons; the sidebar toggles with Ctrl+B and stays
 * collapsed after a reload; a plain user sees Access Denied; every section is accessible.
 *
 * Demo people only (no sign-ups: those are rate-limited per address for the whole run), and
 * nothing another journey relies on is left changed: the promoted person is made a user again,
 * and the deleted item is one the admin shares here.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, expectAccessible, MOBILE, useBrowser } from './support/browser.ts';
import { randomClientIp } from './support/demo.ts';

const DEMO_PASSWORD = 'ideahub-demo-2026';
const ADMIN = 'admin@ideahub.demo';
const MODERATOR = 'tunde@ideahub.demo';

/** Signs the page's context in (the session cookie lands in the context's jar). */
async function signIn(page: Page, email: string) {
  const res = await page.context().request.post(`${baseURL()}/api/auth/sign-in/email`, {
    headers: { origin: new URL(baseURL()).origin, 'x-forwarded-for': randomClientIp() },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function expectToast(page: Page, title: string, description: string | RegExp) {
  const toast = page.locator('[data-slot="toast"]').filter({ hasText: title });
  await toast.waitFor();
  await toast.getByText(description).first().waitFor();
}

function token(): string {
  return Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join('');
}

/** The text where a person sees it (lists render a table on wide screens and rows on narrow ones). */
const seen = (page: Page, text: string) => page.getByText(text).filter({ visible: true });

/** Rows of the visible table, header included. */
const tableRows = (page: Page) => page.getByRole('row').filter({ visible: true }).count();

const sidebarState = (page: Page) => page.locator('aside[data-slot="sidebar"]').getAttribute('data-state');

describe('admin panel', () => {
  const browser = useBrowser();

  it('an admin promotes a person to moderator, who then sees Content and Reports only', async () => {
    const page = await browser.newPage(DESKTOP);
    await signIn(page, ADMIN);
    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    for (const counter of ['Total Users', 'Admins', 'Moderators', 'Regular Users']) await page.getByText(counter, { exact: true }).first().waitFor();
    await page.getByPlaceholder('Search by name or email...').fill('hannah@ideahub.demo');
    await page.waitForURL(/q=hannah/);
    const row = page.getByRole('row').filter({ hasText: 'hannah@ideahub.demo' });
    await row.getByText('user', { exact: true }).waitFor();
    await expect.poll(() => tableRows(page)).toBe(2);
    await expectAccessible(page);

    await row.getByRole('button', { name: 'Actions for Hannah Schmidt' }).click();
    await page.getByRole('menuitem', { name: 'Make Moderator' }).click();
    await expectToast(page, 'Role Updated', 'User role has been updated successfully.');
    await row.getByText('moderator', { exact: true }).waitFor();

    // The moderator's own view: Content and Reports only, and the other sections lead back to Content.
    const hannah = await browser.newPage(DESKTOP);
    await signIn(hannah, 'hannah@ideahub.demo');
    await hannah.goto('/admin');
    await hannah.waitForURL(/\/admin\/content$/);
    await hannah.getByRole('heading', { name: 'Content Management' }).waitFor();
    const nav = hannah.getByRole('navigation', { name: 'Admin sections' });
    await expect
      .poll(() => nav.getByRole('link').allInnerTexts(), { timeout: 10_000 })
      .toEqual([expect.stringContaining('Content'), expect.stringContaining('Reports')]);
    await hannah.goto('/admin/users');
    await hannah.waitForURL(/\/admin\/content$/);

    // Back to a plain user; the role filter finds her among the users again.
    await row.getByRole('button', { name: 'Actions for Hannah Schmidt' }).click();
    await page.getByRole('menuitem', { name: 'Make User' }).click();
    await expectToast(page, 'Role Updated', 'User role has been updated successfully.');
    await row.getByText('user', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Filter by role' }).click();
    await page.getByRole('option', { name: 'Moderators' }).click();
    await seen(page, 'No users found matching your search criteria.').waitFor();
  });

  it('an admin deletes an item through the confirmation; Cancel keeps it', async () => {
    const page = await browser.newPage(DESKTOP);
    await signIn(page, ADMIN);
    const word = token();
    const title = `Community seed bank ${word}`;
    const shared = await page.context().request.post(`${baseURL()}/api/ideas`, {
      headers: { origin: new URL(baseURL()).origin },
      data: { category: 'idea', title, description: 'Farmers swap heirloom seeds through a shared library run by volunteers.', price: 500, currency: 'NGN' },
    });
    expect(shared.status(), await shared.text()).toBe(201);
    const { idea } = (await shared.json()) as { idea: { id: string } };

    await page.goto(`/admin/content?q=${word}`);
    await page.getByRole('heading', { name: 'Content Management' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    await row.getByText('No ratings').waitFor();
    await row.getByText('NGN 500').waitFor();

    // View Details opens the item's page in a new tab.
    await row.getByRole('button', { name: `Actions for ${title}` }).click();
    const view = page.getByRole('menuitem', { name: 'View Details' });
    await expect.poll(() => view.getAttribute('href'), { timeout: 10_000 }).toBe(`/ideas/${idea.id}`);
    await expect.poll(() => view.getAttribute('target'), { timeout: 10_000 }).toBe('_blank');
    await page.getByRole('menuitem', { name: 'Delete Content' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`Are you sure you want to delete "${title}"? This action cannot be undone.`).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor();

    await row.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Delete Content' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Idea Deleted', 'The idea has been removed from the platform.');
    await seen(page, 'No content found matching your search criteria.').waitFor();
    const gone = await page.context().request.get(`${baseURL()}/api/ideas/${idea.id}`);
    expect(gone.status()).toBe(404);
  });

  it('an admin generates coupons and finds them in the list', async () => {
    const page = await browser.newPage(DESKTOP);
    await signIn(page, ADMIN);
    await page.goto('/admin/financial');
    await page.getByRole('heading', { name: 'Financial Management' }).waitFor();
    for (const card of ['Total Revenue', 'This Month', 'Successful', 'Failed']) await page.getByText(card, { exact: true }).first().waitFor();
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Coupons' }).click();
    await page.getByRole('button', { name: 'Generate Coupons' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate Coupons' });
    await dialog.getByLabel('How many coupons?').fill('501');
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await dialog.getByText('Generate at most 500 coupons at a time.').waitFor();
    await dialog.getByLabel('How many coupons?').fill('3');
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await expectToast(page, 'Coupons Generated', '3 new coupons are ready to hand out.');
    await dialog.waitFor({ state: 'detached' });

    const first = page.getByRole('row').nth(1);
    await first.getByText('Unassigned').waitFor();
    await first.getByText('Available').waitFor();
    await first.getByText('Not used').waitFor();
    await first.getByText('N/A').waitFor();
    const code = (await first.getByRole('cell').first().innerText()).trim();
    expect(code).toMatch(/^IDEA-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await page.getByPlaceholder('Search by code, name or email...').fill(code);
    await page.waitForURL(/code=/);
    await expect.poll(() => tableRows(page)).toBe(2);
    await page.getByPlaceholder('Search by code, name or email...').fill('NO-SUCH-CODE');
    await seen(page, 'No coupons found').waitFor();
    await expectAccessible(page);
  });

  it('the sidebar toggles with Ctrl+B, stays collapsed after a reload, and is a sheet on a phone', async () => {
    const page = await browser.newPage(DESKTOP);
    await signIn(page, ADMIN);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Dashboard Overview' }).waitFor();
    await expect.poll(() => sidebarState(page), { timeout: 10_000 }).toBe('expanded');
    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebarState(page)).toBe('collapsed');
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard Overview' }).waitFor();
    await expect.poll(() => sidebarState(page), { timeout: 10_000 }).toBe('collapsed');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(604_800 - 60);
    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebarState(page)).toBe('expanded');

    // The quick-action tiles lead to their sections.
    await page.getByRole('link', { name: /Manage Users/ }).click();
    await page.waitForURL(/\/admin\/users$/);
    // Unknown sub-paths go back to the dashboard.
    await page.goto('/admin/no-such-section');
    await page.waitForURL(/\/admin$/);

    const phone = await browser.newPage(MOBILE, { colorScheme: 'dark' });
    await signIn(phone, ADMIN);
    await phone.goto('/admin');
    await phone.getByRole('heading', { name: 'Dashboard Overview' }).waitFor();
    await phone.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const sheet = phone.getByRole('dialog');
    await sheet.getByRole('link', { name: /Analytics/ }).click();
    await phone.waitForURL(/\/admin\/analytics$/);
    await phone.getByRole('heading', { name: 'System Analytics' }).waitFor();
    await expect.poll(() => phone.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
    await expectAccessible(phone);
  });

  it('a plain user sees Access Denied, and a visitor is sent to sign in', async () => {
    const page = await browser.newPage(DESKTOP);
    await signIn(page, 'grace@ideahub.demo');
    await page.goto('/admin/settings');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText("You don't have permission to access the admin panel.").waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Admin Settings' }).count(), { timeout: 10_000 }).toBe(0);
    await expectAccessible(page);

    const visitor = await browser.newPage(DESKTOP);
    await visitor.goto('/admin');
    // Sent to sign in, to come back to the admin panel afterwards (issue 15 point 2).
    await visitor.waitForURL(/\/auth\?next=%2Fadmin$/);
  });

  it('every section reads well and passes the accessibility check, in light and dark', async () => {
    const sections = [
      ['/admin', 'Dashboard Overview'],
      ['/admin/users', 'User Management'],
      ['/admin/content', 'Content Management'],
      ['/admin/financial', 'Financial Management'],
      ['/admin/analytics', 'System Analytics'],
      ['/admin/settings', 'Admin Settings'],
    ] as const;
    for (const [viewport, colorScheme] of [
      [DESKTOP, 'light'],
      [MOBILE, 'dark'],
    ] as const) {
      const page = await browser.newPage(viewport, { colorScheme });
      await signIn(page, ADMIN);
      for (const [path, heading] of sections) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading }).waitFor();
        // Wait for the skeletons to give way to figures.
        await page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"]').length === 0);
        await expectAccessible(page);
      }
    }
    // Analytics: the growth chart switches between 30 and 90 days and has its figures as a table.
    const page = await browser.newPage(DESKTOP);
    await signIn(page, ADMIN);
    await page.goto('/admin/analytics');
    await page.getByRole('heading', { name: 'Growth over time' }).waitFor();
    await page.getByText('Show the figures as a table').click();
    await expect.poll(() => page.getByRole('table').getByRole('row').count(), { timeout: 10_000 }).toBe(31);
    await page.getByRole('button', { name: '90 days' }).click();
    await page.waitForURL(/days=90/);
    await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(91);
    // The engagement figure says what it is (likes per 100 people, a number, not a percent); totals of both kinds are items.
    const engagement = page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: 'User Engagement' }) });
    await engagement.getByText('Likes per 100 people').waitFor();
    expect(await engagement.locator('dd').first().innerText()).toMatch(/^[\d,]+\.\d$/);
    await page.getByText('Total items', { exact: true }).waitFor();
    // Settings show the defaults of SPEC §9 (premium threshold 20).
    await page.goto('/admin/settings');
    await expect.poll(() => page.getByLabel('Premium threshold').inputValue(), { timeout: 10_000 }).toBe('20');
    await expect.poll(() => page.getByLabel('Idea submission limit').inputValue(), { timeout: 10_000 }).toBe('72');
    // The platform's share of each sale (issue 25 point 4), default 10 %.
    await expect.poll(() => page.getByLabel('Platform fee').inputValue(), { timeout: 10_000 }).toBe('10');
    // The audit log's retention, in Security Settings (issue 30 point 8).
    const security = page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: 'Security Settings' }) });
    await expect.poll(() => security.getByLabel('Audit log retention').inputValue(), { timeout: 10_000 }).toBe('365');
    await expect.poll(() => page.getByRole('switch', { name: 'Maintenance mode' }).getAttribute('aria-checked'), { timeout: 10_000 }).toBe('false');
    // The moderator of the demo sees Content only.
    const moderator = await browser.newPage(DESKTOP);
    await signIn(moderator, MODERATOR);
    await moderator.goto('/admin/analytics');
    await moderator.waitForURL(/\/admin\/content$/);
  });
});
