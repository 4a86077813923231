/**
 * Reports journey (issue 14 points 14 and 15): a person reports someone's item ('Report sent'),
 * a second report of it is refused inside the dialog; a moderator opens Reports from the panel's
 * sidebar, removes the item, and the item's page then reads 'Idea not found' for everyone; the
 * audit log says so in words. Visitors and the item's owner are offered no Report button. Fresh
 * people and a fresh item, so no other journey's data is touched.
 */
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appTookOver, baseURL, DESKTOP, expectAccessible, MOBILE, useBrowser } from './support/browser.ts';
import { randomClientIp } from './support/demo.ts';
import { newPerson } from './support/people.ts';

const DEMO_PASSWORD = 'ideahub-demo-2026';
const MODERATOR = 'tunde@ideahub.demo';
const ADMIN = 'admin@ideahub.demo';

async function signIn(page: Page, email: string) {
  const res = await page.context().request.post(`${baseURL()}/api/auth/sign-in/email`, {
    headers: { origin: new URL(baseURL()).origin, 'x-forwarded-for': randomClientIp() },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function expectToast(page: Page, title: string) {
  await page.locator('[data-slot="toast"]').filter({ hasText: title }).waitFor();
}

async function openItem(page: Page, id: string, title: string) {
  await page.goto(`/ideas/${id}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await appTookOver(page);
}

describe('reports', () => {
  const browser = useBrowser();

  it('a person reports an item; a moderator removes it from the Reports queue; the item is gone for everyone', async () => {
    // Someone shares an item.
    const ownerPage = await browser.newPage(DESKTOP);
    await newPerson(ownerPage.context(), { name: 'Ola Owner', contactInfo: 'ola@example.test' });
    const title = `Rooftop garden kits batch ${randomInt(100_000, 999_999)}`;
    const created = await ownerPage.context().request.post(`${baseURL()}/api/ideas`, {
      headers: { origin: new URL(baseURL()).origin },
      data: { category: 'idea', title, description: 'Ready to assemble garden kits for flat city roofs, with soil and seeds.', price: 1200, currency: 'NGN' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { idea } = (await created.json()) as { idea: { id: string } };

    // Its owner and visitors have no Report button.
    await openItem(ownerPage, idea.id, title);
    expect(await ownerPage.getByRole('button', { name: 'Report', exact: true }).count()).toBe(0);
    const visitor = await browser.newPage(DESKTOP);
    await openItem(visitor, idea.id, title);
    expect(await visitor.getByRole('button', { name: 'Report', exact: true }).count()).toBe(0);

    // Someone else reports it.
    const page = await browser.newPage(MOBILE);
    await newPerson(page.context(), { name: 'Rita Reporter', contactInfo: 'rita@example.test' });
    await openItem(page, idea.id, title);
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this idea' });
    await dialog.waitFor();
    const send = dialog.getByRole('button', { name: 'Send report' });
    expect(await send.isDisabled()).toBe(true);
    // 'Other' needs a note before it can be sent.
    await dialog.getByRole('radio', { name: 'Other' }).click();
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: 'Spam' }).click();
    expect(await dialog.getByRole('radiogroup', { name: 'Reason' }).count()).toBe(1);
    await expectAccessible(page);
    await send.click();
    await expectToast(page, 'Report sent');
    await dialog.waitFor({ state: 'hidden' });

    // A second report of it, while the first is open, is refused, and the dialog says why.
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await dialog.getByRole('radio', { name: 'Misleading' }).click();
    await dialog.getByRole('textbox', { name: /Note/ }).fill('The pictures are of another product.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'You have already reported this.' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A moderator opens Reports from the sidebar and removes the item.
    const moderator = await browser.newPage(DESKTOP);
    await signIn(moderator, MODERATOR);
    await moderator.goto('/admin');
    await moderator.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: /Reports/ }).click();
    await moderator.waitForURL(/\/admin\/reports$/);
    await moderator.getByRole('heading', { name: 'Reports', exact: true }).waitFor();
    const row = moderator.getByRole('row').filter({ hasText: title });
    await row.getByText('Spam', { exact: true }).waitFor();
    await row.getByText('Rita Reporter').waitFor();
    await expectAccessible(moderator);
    await row.getByRole('button', { name: 'Remove', exact: true }).click();
    const confirm = moderator.getByRole('alertdialog', { name: 'Remove this item?' });
    await confirm.getByText(`Are you sure you want to remove "${title}"? This action cannot be undone.`).waitFor();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expectToast(moderator, 'Idea Deleted');
    await row.waitFor({ state: 'detached' });

    // Gone for everyone.
    for (const p of [page, visitor, ownerPage]) {
      await p.goto(`/ideas/${idea.id}`);
      await p.getByRole('heading', { name: 'Idea not found' }).waitFor();
    }

    // The decision is in the audit log, in words.
    const admin = await browser.newPage(DESKTOP);
    await signIn(admin, ADMIN);
    await admin.goto(`/admin/audit?q=${encodeURIComponent(title)}`);
    const entry = admin.getByRole('row').filter({ hasText: title });
    await entry.getByText('Reported content removed').waitFor();
    await entry.getByText('1 report: Spam').waitFor();
    await entry.getByText('Tunde Balogun').waitFor();
    // Four people and two sign-ups: slow when the machine is busy.
  }, 180_000);
});
