/**
 * The audit log journey (issue 14 point 16): an admin changes a person's role, opens Audit Log
 * from the sidebar and finds the entry; a moderator is kept out. Daniel Adeyemi, whom no other
 * journey uses, is made a user again at the end.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, expectAccessible, useBrowser } from './support/browser.ts';
import { randomClientIp } from './support/demo.ts';

const DEMO_PASSWORD = 'ideahub-demo-2026';
const ADMIN = 'admin@ideahub.demo';
const MODERATOR = 'tunde@ideahub.demo';
const PERSON = { name: 'Daniel Adeyemi', email: 'daniel@ideahub.demo' };

async function signIn(page: Page, email: string) {
  const res = await page.context().request.post(`${baseURL()}/api/auth/sign-in/email`, {
    headers: { origin: new URL(baseURL()).origin, 'x-forwarded-for': randomClientIp() },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Sets the person's role through the API (the journey's clean-up). */
async function setRole(page: Page, role: 'user' | 'moderator') {
  const request = page.context().request;
  const list = await request.get(`${baseURL()}/api/admin/users?q=${encodeURIComponent(PERSON.email)}`);
  const { items } = (await list.json()) as { items: { id: string }[] };
  const res = await request.patch(`${baseURL()}/api/admin/users/${items[0]!.id}/role`, {
    headers: { origin: new URL(baseURL()).origin },
    data: { role },
  });
  expect(res.status(), await res.text()).toBe(200);
}

describe('audit log', () => {
  const browser = useBrowser();

  it('an admin changes a role, opens Audit Log from the sidebar and sees the entry', async () => {
    const page = await browser.newPage(DESKTOP);
    await signIn(page, ADMIN);
    try {
      await page.goto(`/admin/users?q=${encodeURIComponent(PERSON.email)}`);
      const row = page.getByRole('row').filter({ hasText: PERSON.email });
      await row.getByText('user', { exact: true }).waitFor();
      await row.getByRole('button', { name: `Actions for ${PERSON.name}` }).click();
      await page.getByRole('menuitem', { name: 'Make Moderator' }).click();
      await row.getByText('moderator', { exact: true }).waitFor();

      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: /Audit Log/ }).click();
      await page.waitForURL(/\/admin\/audit$/);
      await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
      await page.getByRole('searchbox', { name: 'Search the audit log' }).fill(PERSON.name);
      await page.waitForURL(/q=Daniel/);
      const entry = page.getByRole('row').filter({ hasText: PERSON.name }).filter({ hasText: 'user → moderator' }).first();
      await entry.getByText('Role changed').waitFor();
      await entry.getByText('Amara Okafor').waitFor();
      await expectAccessible(page);

      // A search nothing matches shows the empty state.
      await page.getByRole('searchbox', { name: 'Search the audit log' }).fill('no entry has this text zzqx');
      await page.getByText('No audit entries found.').filter({ visible: true }).waitFor();
    } finally {
      await setRole(page, 'user');
    }
  });

  it('a moderator has no Audit Log: no sidebar entry, and the address leads back to Content', async () => {
    const page = await browser.newPage(DESKTOP);
    await signIn(page, MODERATOR);
    await page.goto('/admin/audit');
    await page.waitForURL(/\/admin\/content$/);
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await expect
      .poll(() => nav.getByRole('link').allInnerTexts(), { timeout: 10_000 })
      .toEqual([expect.stringContaining('Content'), expect.stringContaining('Reports')]);
  });
});
