/**
 * Two-factor authentication (issue 14 point 18) in a real Chromium: the profile offers nothing
 * while the admin setting is off; with it on, a new person turns it on in the profile (password,
 * the key beside the QR code typed into an authenticator, here computed with an independent TOTP
 * library, a first code, the backup codes downloaded), signs out, signs in and is asked for the
 * code (the set-up's code is refused, the next one works), lands signed in; a backup code works
 * once; new backup codes replace the old ones; turning it off needs the password. An admin turns
 * it off for someone who lost their phone, from the Users section. Accessible at each step. The
 * setting is put back off afterwards (the server is shared with the other journeys).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { appTookOver, baseURL, DESKTOP, expectAccessible, useBrowser } from './support/browser.ts';
import { newPerson, PERSON_PASSWORD } from './support/people.ts';

const DEMO_PASSWORD = 'ideahub-demo-2026';
const ADMIN = 'admin@ideahub.demo';

const browser = useBrowser();

/**
 * Every request of this journey comes from 127.0.0.1, like every other journey's: it says it is
 * from an address of its own (the e2e server trusts 127.0.0.1 as a proxy), so its sign-ins and
 * codes count against its own per-address limits, not those the other journeys share.
 */
async function ownAddress(page: Page) {
  const b = randomBytes(2);
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.${b[0]}.${(b[1]! % 254) + 1}` });
}

/** Sets the admin setting enableTwoFactor as the demo admin (the way the settings page saves it). */
async function setTwoFactorSetting(on: boolean) {
  const page = await browser.newPage(DESKTOP);
  await ownAddress(page);
  const request = page.context().request;
  const origin = new URL(baseURL()).origin;
  const signedIn = await request.post(`${baseURL()}/api/auth/sign-in/email`, { headers: { origin }, data: { email: ADMIN, password: DEMO_PASSWORD } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const current = (await (await request.get(`${baseURL()}/api/admin/settings`)).json()) as { settings: Record<string, unknown> };
  const saved = await request.put(`${baseURL()}/api/admin/settings`, { headers: { origin }, data: { ...current.settings, enableTwoFactor: on } });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.close();
}

/** The code an authenticator shows for `key` now, or `offsetPeriods` periods of 30 s later. */
function codeFor(key: string, offsetPeriods = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key.replace(/\s+/g, '')), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetPeriods * 30_000 });
}

async function signOut(page: Page) {
  const res = await page.context().request.post(`${baseURL()}/api/auth/sign-out`, { headers: { origin: new URL(baseURL()).origin }, data: {} });
  expect(res.status()).toBe(200);
}

/** The password step of the sign-in form; the code step follows for this person. */
async function passwordStep(page: Page, email: string) {
  await page.goto('/auth');
  await appTookOver(page);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel(/^Password/).fill(PERSON_PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
  return page.getByRole('form', { name: 'Two-factor authentication' });
}

describe('two-factor authentication', () => {
  afterAll(async () => {
    await setTwoFactorSetting(false);
  });

  it('turns on in the profile, asks for the code at sign-in, takes a backup code once, turns off', async () => {
    const page = await browser.newPage(DESKTOP);
    const person = await newPerson(page.context(), { name: 'Tobi Twofactor', contactInfo: 'tobi@example.test' });
    // After the sign-up: the development outbox answers this machine only.
    await ownAddress(page);

    // While the setting is off (the default), the profile has no such card.
    await page.goto('/profile');
    await appTookOver(page);
    await page.getByRole('heading', { name: 'Danger zone' }).waitFor();
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    // Once the page has asked what it needs (the site's account settings, the person's status).
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('heading', { name: 'Two-factor authentication' }).count()).toBe(0);

    // Turning it on: password, key, first code, backup codes.
    await setTwoFactorSetting(true);
    await page.goto('/profile');
    await appTookOver(page);
    const card = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Two-factor authentication' }) });
    await card.getByText('Off', { exact: true }).waitFor();
    await expectAccessible(page);
    await card.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Turn on two-factor authentication' }).waitFor();
    await dialog.getByLabel(/^Password/).fill('not my password');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('That password is not right.').waitFor();
    await dialog.getByLabel(/^Password/).fill(PERSON_PASSWORD);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('heading', { name: 'Scan the QR code' }).waitFor();
    await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await expectAccessible(page);
    const key = (await dialog.getByTestId('two-factor-key').textContent())!;
    expect(key.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
    await dialog.getByLabel(/^6-digit code/).fill('12345');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.getByText('The code is 6 digits.').waitFor();
    await dialog.getByLabel(/^6-digit code/).fill(codeFor(key));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.getByRole('heading', { name: 'Save your backup codes' }).waitFor();
    const codes = (await dialog.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await expectAccessible(page);
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download codes' }).click()]);
    expect(download.suggestedFilename()).toBe('ideahub-backup-codes.txt');
    const saved = await readFile((await download.path())!, 'utf8');
    for (const code of codes) expect(saved).toContain(code);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await card.getByText('On', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Turn off two-factor authentication' }).waitFor();

    // Signing in asks for the code after the password.
    await signOut(page);
    let step = await passwordStep(page, person.email);
    await page.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
    await expectAccessible(page);
    // A code signs in once: the same code on the next sign-in is refused. The next step's code,
    // newer than the one that confirmed the set-up however long that was ago, and still accepted
    // for a whole step after its own: the refusal is about its use, not its age.
    const code = codeFor(key, 1);
    await step.getByLabel(/^Authentication code/).fill(code);
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).waitFor();
    await signOut(page);
    step = await passwordStep(page, person.email);
    await step.getByLabel(/^Authentication code/).fill(code);
    await step.getByRole('button', { name: 'Verify' }).click();
    await step.getByText('That code has been used already. Wait for the next code in your authenticator app.').waitFor();

    // A backup code works once.
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await step.getByLabel(/^Backup code/).fill(codes[0]!);
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/dashboard$/);
    await signOut(page);
    step = await passwordStep(page, person.email);
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await step.getByLabel(/^Backup code/).fill(codes[0]!);
    await step.getByRole('button', { name: 'Verify' }).click();
    await step.getByText('That backup code is not right, or it has been used already.').waitFor();
    await expectAccessible(page);
    await step.getByLabel(/^Backup code/).fill(codes[1]!.replace('-', ''));
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/dashboard$/);

    // New backup codes (password first): ten new ones; the old ones stop working.
    await page.goto('/profile');
    await appTookOver(page);
    await card.getByRole('button', { name: 'New backup codes' }).click();
    await dialog.getByRole('heading', { name: 'New backup codes' }).waitFor();
    await dialog.getByLabel(/^Password/).fill('not my password');
    await dialog.getByRole('button', { name: 'Make new codes' }).click();
    await dialog.getByText('That password is not right.').waitFor();
    await dialog.getByLabel(/^Password/).fill(PERSON_PASSWORD);
    await dialog.getByRole('button', { name: 'Make new codes' }).click();
    await dialog.getByRole('heading', { name: 'Save your new backup codes' }).waitFor();
    const newCodes = (await dialog.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(newCodes).toHaveLength(10);
    expect(newCodes.filter((c) => codes.includes(c))).toEqual([]);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await signOut(page);
    step = await passwordStep(page, person.email);
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await step.getByLabel(/^Backup code/).fill(codes[2]!);
    await step.getByRole('button', { name: 'Verify' }).click();
    await step.getByText('That backup code is not right, or it has been used already.').waitFor();
    await step.getByLabel(/^Backup code/).fill(newCodes[0]!);
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/dashboard$/);

    // Turning it off needs the password; then the password alone signs in.
    await page.goto('/profile');
    await appTookOver(page);
    await card.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await dialog.getByRole('heading', { name: 'Turn off two-factor authentication?' }).waitFor();
    await dialog.getByLabel(/^Password/).fill(PERSON_PASSWORD);
    await dialog.getByRole('button', { name: 'Turn off', exact: true }).click();
    await card.getByText('Off', { exact: true }).waitFor();
    await signOut(page);
    const signIn = await page.context().request.post(`${baseURL()}/api/auth/sign-in/email`, {
      headers: { origin: new URL(baseURL()).origin },
      data: { email: person.email, password: PERSON_PASSWORD },
    });
    expect(((await signIn.json()) as { user?: { id: string } }).user?.id).toBe(person.id);
    // One journey of six sign-ins: about 50 s on a quiet machine.
  }, 180_000);

  it('an admin turns two-factor off for someone who lost their phone; the password alone signs them in', async () => {
    await setTwoFactorSetting(true);
    const page = await browser.newPage(DESKTOP);
    const person = await newPerson(page.context(), { name: 'Lena Lostphone', contactInfo: 'lena@example.test' });
    await ownAddress(page);
    const origin = new URL(baseURL()).origin;
    const request = page.context().request;
    // Two-factor on, through the API (the journey above does it on the screen).
    const enabled = await request.post(`${baseURL()}/api/auth/two-factor/enable`, { headers: { origin }, data: { password: PERSON_PASSWORD } });
    expect(enabled.status(), await enabled.text()).toBe(200);
    const key = new URL(((await enabled.json()) as { totpURI: string }).totpURI).searchParams.get('secret')!;
    const verified = await request.post(`${baseURL()}/api/auth/two-factor/verify-totp`, { headers: { origin }, data: { code: codeFor(key) } });
    expect(verified.status(), await verified.text()).toBe(200);

    // The admin checked who is asking, and turns it off from the Users section.
    const admin = await browser.newPage(DESKTOP);
    await ownAddress(admin);
    const adminIn = await admin.context().request.post(`${baseURL()}/api/auth/sign-in/email`, { headers: { origin }, data: { email: ADMIN, password: DEMO_PASSWORD } });
    expect(adminIn.status(), await adminIn.text()).toBe(200);
    await admin.goto('/admin/users');
    await admin.getByRole('heading', { name: 'User Management' }).waitFor();
    await admin.getByPlaceholder('Search by name or email...').fill(person.email);
    const row = admin.getByRole('row').filter({ hasText: person.email });
    await row.getByText('Two-factor on').waitFor();
    await row.getByRole('button', { name: 'Actions for Lena Lostphone' }).click();
    await admin.getByRole('menuitem', { name: 'Turn off two-factor' }).click();
    const confirm = admin.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Turn off two-factor authentication?' }).waitFor();
    await confirm.getByText(/once you have checked that the request comes from them/).waitFor();
    await expectAccessible(admin);
    await confirm.getByRole('button', { name: 'Turn off two-factor' }).click();
    await admin.locator('[data-slot="toast-title"]').filter({ hasText: 'Two-factor turned off' }).waitFor();
    await expect.poll(() => row.getByText('Two-factor on').count(), { timeout: 10_000 }).toBe(0);
    // Nothing more to turn off for this person.
    await row.getByRole('button', { name: 'Actions for Lena Lostphone' }).click();
    await admin.getByRole('menuitem', { name: 'Make Admin' }).waitFor();
    expect(await admin.getByRole('menuitem', { name: 'Turn off two-factor' }).count()).toBe(0);
    await admin.keyboard.press('Escape');

    // The person is told by mail, stays signed in where they were, and the password alone signs in.
    await expect
      .poll(async () => {
        const { mails } = (await (await fetch(`${baseURL()}/api/dev/outbox`)).json()) as { mails: { to: string; subject: string }[] };
        return mails.some((m) => m.to === person.email && m.subject === 'Two-factor authentication was turned off on your IdeaHub account');
      }, { timeout: 10_000 })
      .toBe(true);
    await page.goto('/profile');
    await appTookOver(page);
    const card = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Two-factor authentication' }) });
    await card.getByText('Off', { exact: true }).waitFor();
    await signOut(page);
    const signIn = await request.post(`${baseURL()}/api/auth/sign-in/email`, { headers: { origin }, data: { email: person.email, password: PERSON_PASSWORD } });
    expect(((await signIn.json()) as { user?: { id: string } }).user?.id).toBe(person.id);
  }, 120_000);

  it('asks for the code without JavaScript too: a wrong code is said on the page, the right one signs in (issue 27 point 5)', async () => {
    await setTwoFactorSetting(true);
    const setup = await browser.newPage(DESKTOP);
    // Signed up first (the development outbox answers this machine only, not a relayed address).
    const person = await newPerson(setup.context(), { name: 'Nkem Noscript', contactInfo: 'nkem@example.test' });
    await ownAddress(setup);
    const request = setup.context().request;
    const origin = new URL(baseURL()).origin;
    const enabled = await request.post(`${baseURL()}/api/auth/two-factor/enable`, { headers: { origin }, data: { password: PERSON_PASSWORD } });
    expect(enabled.status(), await enabled.text()).toBe(200);
    const key = new URL(((await enabled.json()) as { totpURI: string }).totpURI).searchParams.get('secret')!;
    expect((await request.post(`${baseURL()}/api/auth/two-factor/verify-totp`, { headers: { origin }, data: { code: codeFor(key) } })).status()).toBe(200);

    const page = await browser.newPage(DESKTOP, { javaScriptEnabled: false });
    await ownAddress(page);
    await page.goto('/auth?next=%2Fabout');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(person.email);
    await form.getByLabel(/^Password/).fill(PERSON_PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.searchParams.get('step') === 'two-factor');
    const step = page.getByRole('form', { name: 'Two-factor authentication' });
    const next = codeFor(key, 1);
    await step.getByLabel(/^Authentication code/).fill(next === '000000' ? '111111' : '000000');
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.searchParams.get('failed') === 'invalid_code');
    await page.getByRole('alert').filter({ hasText: 'That code is not right.' }).waitFor();
    await page.getByRole('form', { name: 'Two-factor authentication' }).getByLabel(/^Authentication code/).fill(next);
    await page.getByRole('form', { name: 'Two-factor authentication' }).getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/about');
    expect(await page.getByRole('banner').getByRole('link', { name: 'Join' }).count()).toBe(0);
  }, 120_000);
});
