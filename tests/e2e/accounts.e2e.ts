/**
 * Account journeys in a real Chromium: sign up (a common password refused under its field) →
 * confirm from the captured mail → dashboard →
 * profile → sign out; a signed-in visitor on /auth; and Continue with Google against a local
 * OpenID Connect provider (its own IdeaHub server, since the shared one has no Google).
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/logger.ts';
import { type RunningServer, startServer } from '../../src/server/server.ts';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-content.ts';
import { freePort, startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.ts';
import { baseURL, DESKTOP, expectAccessible, MOBILE, openAccountMenu, useBrowser } from './support/browser.ts';

const browser = useBrowser();

function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
}

/** The confirmation link of the newest outbox mail to `email` (the shared server has no SMTP_URL). */
async function confirmationLink(email: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${baseURL()}/api/dev/outbox`);
    const { mails } = (await res.json()) as { mails: { to: string; subject: string; link: string | null }[] };
    const mail = mails.find((m) => m.to === email && /confirm/i.test(m.subject));
    if (mail?.link) return mail.link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no confirmation mail for ${email} in the outbox`);
}

async function toast(page: Page, title: string) {
  await page.locator('[data-slot="toast-title"]').filter({ hasText: title }).first().waitFor();
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign In' }).waitFor();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

describe('accounts', () => {
  it('signs up, confirms from the mail, edits the profile, signs out', async () => {
    const page = await browser.newPage(DESKTOP);
    const email = uniqueEmail('journey');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Full Name').fill('Journey Adebayo');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel(/^Password/).fill('a long journey passphrase');
    await form.getByLabel('Confirm Password').fill('a different passphrase');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await form.getByText('Passwords do not match.').waitFor();
    await expect.poll(() => form.getByRole('link', { name: 'Terms of Service' }).getAttribute('href'), { timeout: 10_000 }).toBe('/terms');
    await expect.poll(() => form.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href'), { timeout: 10_000 }).toBe('/privacy');
    await expectAccessible(page);

    // A common password: the server refuses it, and the form says why under the password field.
    await form.getByLabel(/^Password/).fill('password123');
    await form.getByLabel('Confirm Password').fill('password123');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await form.getByText('This password is too common or too easy to guess. Choose a longer, less predictable one: a few unrelated words work well.').waitFor();
    expect(await form.getByLabel(/^Password/).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('heading', { name: 'Check your email' }).count()).toBe(0);
    await expectAccessible(page);

    await form.getByLabel(/^Password/).fill('a long journey passphrase');
    await form.getByLabel('Confirm Password').fill('a long journey passphrase');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Success!');
    await page.getByText('Please check your email to confirm your account.').first().waitFor();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    // Before confirming, signing in says so and offers a new mail.
    await signInThroughForm(page, email, 'a long journey passphrase');
    await toast(page, 'Sign In Error');
    await page.getByRole('button', { name: 'Resend confirmation email' }).waitFor();

    await page.goto(await confirmationLink(email));
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Welcome, Journey Adebayo').waitFor();
    await expectAccessible(page);

    // The session survives a browser restart (a new context with the same cookies).
    const stored = await page.context().storageState();
    const restarted = await page.context().browser()!.newContext({ baseURL: baseURL(), viewport: DESKTOP, storageState: stored });
    try {
      const again = await restarted.newPage();
      await again.goto('/dashboard');
      await again.getByText('Welcome, Journey Adebayo').waitFor();
    } finally {
      await restarted.close();
    }

    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.getByText('Email cannot be changed').waitFor();
    for (const section of ['Basic Information', 'Professional Information', 'Location Information', 'Banking Information', 'Emergency Contact']) {
      await page.getByRole('heading', { name: section }).waitFor();
    }
    // View mode reads as text (issue 15 point 12): values, 'Not provided', no greyed-out inputs.
    await page.getByRole('definition').filter({ hasText: email }).first().waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: /^(Phone|Full Name|Contact Info)/ }).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => page.getByText('Not provided').count(), { timeout: 10_000 }).toBeGreaterThan(3);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Full Name').fill('journey   ADEBAYO okoro!!!');
    await page.getByLabel(/^Phone/).fill('+234 803 555 0199');
    await page.getByLabel('Skills').fill('solar, logistics , ,design');
    await page.getByLabel('Country').fill('Nigeria');
    await page.getByLabel('Bank Name').fill('Journey Bank');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile Updated');
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await expectAccessible(page);

    await page.reload();
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    // Read back as text, each under its label.
    const value = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => value('Full Name').innerText(), { timeout: 10_000 }).toBe('Journey Adebayo Okoro');
    await expect.poll(() => value('Phone').innerText(), { timeout: 10_000 }).toBe('+234 803 555 0199');
    await expect.poll(() => page.getByRole('list', { name: 'Skills' }).getByRole('listitem').allInnerTexts(), { timeout: 10_000 }).toEqual(['solar', 'logistics', 'design']);
    await expect.poll(() => value('Bank Name').innerText(), { timeout: 10_000 }).toBe('Journey Bank');
    // Edit shows the same values in the form.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect.poll(() => page.getByLabel('Skills').inputValue(), { timeout: 10_000 }).toBe('solar, logistics, design');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // A bad name: the messages of SPEC §5, joined.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Full Name').fill('7');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Update Failed');
    await page
      .getByText('Full name must contain only letters and spaces. Full name must be at least 2 characters long.')
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Welcome, Journey Adebayo Okoro').waitFor();
    const session = (await page.context().cookies()).find((c) => c.name === 'ideahub.session_token');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // It says so (issue 15 point 8).
    await toast(page, 'Signed out');
    await page.goto('/dashboard');
    await page.waitForURL(/\/auth$/);
    // The old cookie is dead on the server, not only forgotten by this browser.
    const old = await fetch(`${baseURL()}/api/auth/get-session`, { headers: { cookie: `${session!.name}=${session!.value}` } });
    expect(await old.json()).toBeNull();
  });

  it('sends a signed-in visitor from /auth to /dashboard, and offers no Google sign-in where none is set up', async () => {
    const page = await browser.newPage(MOBILE);
    await page.goto('/auth');
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('form', { name: 'Sign up' }).waitFor();
    expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);

    await signInThroughForm(page, 'chioma@ideahub.demo', 'not the password');
    await toast(page, 'Sign In Error');
    await page.getByText('Invalid email or password.').first().waitFor();

    await signInThroughForm(page, 'chioma@ideahub.demo', DEMO_PASSWORD);
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Welcome, Chioma Eze').waitFor();
    await page.goto('/auth');
    await page.waitForURL(/\/dashboard$/);
  });
});

describe('Continue with Google', () => {
  let idp: TestOidcProvider;
  let server: RunningServer;
  let appUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    idp = await startOidcProvider({ redirectUris: [`${appUrl}/api/auth/callback/google`] });
    idp.addAccount('amaka', { email: uniqueEmail('amaka'), name: 'Amaka Nwosu' });
    const config = loadConfig({
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: appUrl,
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      GOOGLE_CLIENT_ID: idp.clientId,
      GOOGLE_CLIENT_SECRET: idp.clientSecret,
      OIDC_ISSUER: idp.issuer,
    });
    server = await startServer({ config, logger: createLogger('silent'), webRoot: path.resolve('dist/web') });
    // The first page this in-process server draws loads its page code: paid here, not by the journey's first navigation.
    expect((await fetch(`${appUrl}/auth`)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close(1000);
    await idp?.close();
  });

  it('signs a new person in through the provider and lands on the dashboard', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(`${appUrl}/auth`);
    await page.getByRole('button', { name: 'Continue with Google' }).first().click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator('input[name="login"]').fill('amaka');
    await page.locator('input[name="password"]').fill('any password');
    // The provider's sign-in page, then (for a new grant) its consent page.
    for (let i = 0; i < 3 && new URL(page.url()).origin === idp.issuer; i++) {
      await page.locator('button[type="submit"]').click();
      await page.waitForLoadState('load');
    }
    await page.waitForURL(`${appUrl}/dashboard`);
    await page.getByText('Welcome, Amaka Nwosu').waitFor();
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect.poll(() => page.getByLabel('Full Name').inputValue(), { timeout: 10_000 }).toBe('Amaka Nwosu');
  });
});
