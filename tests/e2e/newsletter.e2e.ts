/**
 * The footer's newsletter (issue 15 point 4) in a real Chromium: on a server of its own with the
 * admin's Marketing emails on, Subscribe stores the address and mails a confirmation (double opt-in);
 * its link confirms, its unsubscribe link removes the address. On the shared server (Marketing
 * emails off, the default) the box says plainly that the newsletter is paused.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../src/server/db/schema.ts';
import type { RunningServer } from '../../src/server/server.ts';
import { appTookOver, DESKTOP, expectAccessible, MOBILE, useBrowser } from './support/browser.ts';
import { startOwnServer } from './support/own-server.ts';

const browser = useBrowser();

async function subscribeFromFooter(page: Page, email: string) {
  // The form is painted by the server; a press reaches it once its own code has arrived.
  await appTookOver(page, 'newsletter');
  const box = page.getByRole('form', { name: 'Stay Updated' });
  await box.getByLabel('Email address').fill(email);
  await box.getByRole('button', { name: 'Subscribe' }).click();
}

describe('the newsletter', () => {
  let server: RunningServer;
  let url: string;

  beforeAll(async () => {
    ({ server, url } = await startOwnServer());
    // The admin has switched marketing emails on.
    await server.database.db.insert(settings).values({ key: 'platform', value: { marketingEmails: true } });
  }, 120_000);
  afterAll(async () => {
    await server?.close(1000);
  });

  /** The newest mail to `to` in the development outbox, once the outbox has sent it. */
  async function mailTo(to: string) {
    for (let i = 0; i < 50; i++) {
      await server.mailOutbox.runOnce();
      const mail = server.accounts.mailer.outbox?.list().find((m) => m.to === to);
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no mail to ${to}`);
  }

  it('subscribes from the footer, confirms from the mail, and leaves from its unsubscribe link', async () => {
    const page = await browser.newPage(MOBILE);
    await page.goto(`${url}/`);
    await appTookOver(page);
    const email = `reader-${Date.now().toString(36)}@example.test`;
    await subscribeFromFooter(page, email);
    await page.locator('[data-slot="toast"]').filter({ hasText: 'Almost there!' }).getByText(email, { exact: false }).waitFor();

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Confirm your IdeaHub newsletter subscription');
    const confirmLink = /^(http:\/\/\S+\/newsletter\/confirm\?token=\S+)$/m.exec(mail.text)?.[1];
    const unsubscribeLink = /(http:\/\/\S+\/newsletter\/unsubscribe\?token=\S+)/.exec(mail.text)?.[1];
    expect(confirmLink).toBeDefined();
    expect(unsubscribeLink).toBeDefined();

    // Opening the link changes nothing by itself (mail scanners open links); the press confirms.
    await page.goto(confirmLink!);
    await page.getByRole('heading', { name: 'Confirm your subscription' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Yes, subscribe me' }).click();
    await page.getByRole('heading', { name: 'You’re subscribed' }).waitFor();
    await expectAccessible(page);

    const unsubscribe = await browser.newPage(DESKTOP);
    await unsubscribe.goto(unsubscribeLink!);
    await unsubscribe.getByRole('heading', { name: 'Unsubscribe from the newsletter' }).waitFor();
    await unsubscribe.getByRole('button', { name: 'Unsubscribe' }).click();
    await unsubscribe.getByRole('heading', { name: 'You’re unsubscribed' }).waitFor();
    await expectAccessible(unsubscribe);
    // The old confirmation link no longer brings the address back.
    await unsubscribe.goto(confirmLink!);
    await unsubscribe.getByRole('button', { name: 'Yes, subscribe me' }).click();
    await unsubscribe.getByText('This newsletter link is not valid or has expired.').waitFor();
  });
});

describe('the newsletter while marketing emails are off (the shared server)', () => {
  it('says plainly that it is paused, and keeps nothing', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto('/about');
    await appTookOver(page);
    await subscribeFromFooter(page, 'paused-reader@example.test');
    await page.getByText('Our newsletter is paused at the moment, so we are not taking sign-ups. Please try again later.').waitFor();
    expect(await page.locator('[data-slot="toast"]').filter({ hasText: 'Almost there!' }).count()).toBe(0);
    await expectAccessible(page);
  });
});
