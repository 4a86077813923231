/**
 * Issue 14 point 18, the admin's email switches, with mail caught by a local SMTP server: the
 * welcome mail follows 'Welcome emails' (sent once an address is confirmed), and the mails that
 * keep an account safe (confirmation, password reset, 'someone tried to sign up with your address')
 * go whatever the switches say. Mails wait in the mail outbox until its sender's round (about a
 * second; `runOnce` here); notification mails and their switch: features/notifications/email.api.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  catcherMailbox,
  randomClientIp,
  type SignedInUser,
  signedInUser,
  signUp,
  signUpAndConfirm,
  siteHeaders,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { useMailCatcher } from '../../../../tests/support/mail-catcher.ts';
import { changeSettings } from '../../../../tests/support/settings.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';

const WELCOME = 'Welcome to IdeaHub';

describe.each(databaseKinds())('email switches on %s', (kind) => {
  const mail = useMailCatcher();
  Object.assign(mail.env, { TRUSTED_PROXIES: '127.0.0.1' });
  const t = useTestServer(kind, { env: mail.env });
  const mailbox = catcherMailbox(mail);
  let admin: SignedInUser;

  beforeAll(async () => {
    admin = await signedInUser(t, { role: 'admin', name: 'Ada Admin' });
  });

  const mailsTo = (email: string) => mail.mails.filter((m) => m.to.includes(email)).map((m) => m.subject);

  it('welcomes a person once their address is confirmed, while welcome emails are on', async () => {
    await changeSettings(t, admin, { welcomeEmails: true, emailNotifications: true, marketingEmails: false });
    const email = uniqueEmail('welcome');
    expect((await signUp(t, { name: 'Wale Welcome', email, password: TEST_PASSWORD }, { ip: randomClientIp() })).status).toBe(200);
    const link = mail.linkIn(await mail.waitFor({ to: email, subject: /confirm/i }), '/api/auth/verify-email');
    // Not yet: the address is not confirmed.
    expect(mailsTo(email)).not.toContain(WELCOME);
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(302);
    const welcome = await mail.waitFor({ to: email, subject: WELCOME });
    expect(welcome.text).toContain('Hello Wale Welcome,');
    expect(welcome.text).toContain(`${t.url}/create-idea`);
    // Once: a second use of the link does not welcome again (the outbox sends what is due now).
    await fetch(link, { redirect: 'manual' });
    await t.server.mailOutbox.runOnce();
    expect(mailsTo(email).filter((s) => s === WELCOME)).toHaveLength(1);
  });

  it('sends no welcome mail while welcome emails are off', async () => {
    await changeSettings(t, admin, { welcomeEmails: false });
    const person = await signUpAndConfirm(t, mailbox, { name: 'Quiet Quadri' }, { ip: randomClientIp() });
    // The confirmation went (an account mail); the welcome, queued before the link answers, did not.
    await t.server.mailOutbox.runOnce();
    expect(mailsTo(person.email)).toEqual(['Confirm your email address for IdeaHub']);
    await changeSettings(t, admin, { welcomeEmails: true });
  });

  it('always sends the mails that keep an account safe, with every switch off', async () => {
    await changeSettings(t, admin, { welcomeEmails: false, emailNotifications: false, marketingEmails: false });
    const since = Date.now();
    // Confirmation.
    const person = await signUpAndConfirm(t, mailbox, { name: 'Safe Sade' }, { ip: randomClientIp() });
    // 'Someone tried to sign up with your address'.
    expect((await signUp(t, { name: 'Other One', email: person.email, password: TEST_PASSWORD }, { ip: randomClientIp() })).status).toBe(200);
    await mail.waitFor({ to: person.email, subject: 'Someone tried to sign up to IdeaHub with your address', after: since });
    // Password reset.
    const reset = await t.fetch('/api/auth/request-password-reset', {
      method: 'POST',
      headers: siteHeaders(t, undefined, { 'x-forwarded-for': randomClientIp() }),
      body: JSON.stringify({ email: person.email, redirectTo: '/auth/reset-password' }),
    });
    expect(reset.status).toBe(200);
    await mail.waitFor({ to: person.email, subject: 'Reset your IdeaHub password', after: since });
    await t.server.mailOutbox.runOnce();
    expect(mailsTo(person.email)).not.toContain(WELCOME);
    await changeSettings(t, admin, { welcomeEmails: true, emailNotifications: true });
  });
});
