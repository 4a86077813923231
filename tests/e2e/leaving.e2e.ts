/**
 * Leaving with one's data (issue 14 point 17) in a real Chromium: a new person downloads their
 * data from the profile page, then deletes their account through the dialog (typing DELETE), lands
 * home signed out, and cannot sign in again.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { appTookOver, baseURL, DESKTOP, expectAccessible, useBrowser } from './support/browser.ts';
import { randomClientIp } from './support/demo.ts';
import { newPerson, PERSON_PASSWORD } from './support/people.ts';

const browser = useBrowser();

describe('leaving with one’s data', () => {
  it('downloads the data, then deletes the account through the dialog and lands home signed out', async () => {
    const page = await browser.newPage(DESKTOP);
    const person = await newPerson(page.context(), { name: 'Leaving Lola', contactInfo: 'lola@example.test' });

    await page.goto('/profile');
    await appTookOver(page);
    await page.getByRole('heading', { name: 'Danger zone' }).waitFor();
    await expectAccessible(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ideahub-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { account: { email: string }; profile: { contactInfo: string } };
    expect(data.account.email).toBe(person.email);
    expect(data.profile.contactInfo).toBe('lola@example.test');

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete account' });
    const typed = dialog.getByLabel('Type DELETE to confirm');
    expect(await confirm.isDisabled()).toBe(true);
    await typed.fill('delete');
    expect(await confirm.isDisabled()).toBe(true);
    await typed.fill('DELETE');
    expect(await confirm.isDisabled()).toBe(false);
    // The deletion is one transaction on the shared embedded database, which other journeys keep
    // busy: wait for its answer (and say what it was) before looking for the page it leads to.
    const [deleted] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'DELETE', { timeout: 45_000 }),
      confirm.click(),
    ]);
    expect(deleted.status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('[data-slot="toast-title"]').filter({ hasText: 'Your account has been deleted' }).first().waitFor();
    // Signed out: the session answers nobody, and the old password opens nothing.
    const session = await page.context().request.get(`${baseURL()}/api/auth/get-session`);
    expect(await session.json()).toBeNull();
    const signIn = await page.context().request.post(`${baseURL()}/api/auth/sign-in/email`, {
      headers: { origin: new URL(baseURL()).origin, 'x-forwarded-for': randomClientIp() },
      data: { email: person.email, password: PERSON_PASSWORD },
    });
    expect(signIn.status()).toBe(401);
  });
});
