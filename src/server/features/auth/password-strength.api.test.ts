/**
 * Issue 30 point 9 over HTTP on a real database: a common or easily guessed new password is refused
 * at sign-up, password reset and password change, with one message on the password field, and
 * nothing is stored or mailed for it (a taken address answers alike); the admin's minimum length
 * still applies first. The server trusts 127.0.0.1 as a proxy, so each test acts from its own
 * client address.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, settings, users } from '../../db/schema.ts';
import {
  catcherMailbox,
  randomClientIp,
  sessionUser,
  signedInUser,
  signIn,
  signUp,
  signUpAndConfirm,
  siteHeaders,
  uniqueEmail,
} from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { useMailCatcher } from '../../../../tests/support/mail-catcher.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { AUTH_MESSAGES } from '../../../shared/schemas/auth.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } };

const COMMON = ['password123', 'Password123!', 'qwertyuiop', 'iloveyou2024', 'P@ssw0rd!', 'aaaaaaaaaaaa', 'ideahub2026'];

describe.each(databaseKinds())('new passwords are checked against common ones on %s', (kind) => {
  const mail = useMailCatcher();
  Object.assign(mail.env, { TRUSTED_PROXIES: '127.0.0.1' });
  const t = useTestServer(kind, { env: mail.env });
  const mailbox = catcherMailbox(mail);

  const mailsTo = async (email: string) => t.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.toAddress, email));

  const refusal = (field: 'password' | 'newPassword'): ErrorBody => ({
    error: { code: 'password_too_common', message: AUTH_MESSAGES.passwordTooCommon, fields: { [field]: [AUTH_MESSAGES.passwordTooCommon] } },
  });

  it('sign-up refuses a common password with the message on the password field; no account, no mail', async () => {
    for (const password of COMMON) {
      const email = uniqueEmail('common');
      const res = await signUp(t, { name: 'Common Cole', email, password }, { ip: randomClientIp() });
      expect(res.status, password).toBe(400);
      expect(await res.json()).toEqual(refusal('password'));
      expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
      expect(await mailsTo(email)).toEqual([]);
    }
    // The person's own name and address are among the first guesses.
    const email = uniqueEmail('zainab.okonkwo');
    const own = await signUp(t, { name: 'Zainab Okonkwo', email, password: 'zainabokonkwo' }, { ip: randomClientIp() });
    expect(own.status).toBe(400);
    expect(await own.json()).toEqual(refusal('password'));
    // A few unrelated words, no digits or symbols needed, are fine.
    const good = await signUp(t, { name: 'Zainab Okonkwo', email, password: 'lantern orchard velvet' }, { ip: randomClientIp() });
    expect(good.status).toBe(200);
    await mail.waitFor({ to: email, subject: /confirm/i });
  });

  it('a taken address with a common password gets the same answer, and its owner no mail', async () => {
    const owner = await signedInUser(t, { name: 'Taken Tunde' });
    const res = await signUp(t, { name: 'Someone Else', email: owner.email, password: 'password123' }, { ip: randomClientIp() });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(refusal('password'));
    expect(await mailsTo(owner.email)).toEqual([]);
  });

  it('the admin minimum length is still checked first, with its own message', async () => {
    await t.db.insert(settings).values({ key: 'platform', value: { passwordMinLength: 14 } }).onConflictDoUpdate({ target: settings.key, set: { value: { passwordMinLength: 14 } } });
    try {
      const res = await signUp(t, { name: 'Short Sade', email: uniqueEmail(), password: 'password123' }, { ip: randomClientIp() });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error).toEqual({ code: 'password_too_short', message: AUTH_MESSAGES.passwordTooShort(14) });
    } finally {
      await t.db.delete(settings).where(eq(settings.key, 'platform'));
    }
  });

  it('a password reset refuses a common password and keeps the link and the old password working', async () => {
    const person = await signUpAndConfirm(t, mailbox, { name: 'Reset Rotimi' }, { ip: randomClientIp() });
    const ip = randomClientIp();
    const since = Date.now();
    const ask = await t.fetch('/api/auth/request-password-reset', {
      method: 'POST',
      headers: siteHeaders(t, undefined, { 'x-forwarded-for': ip }),
      body: JSON.stringify({ email: person.email, redirectTo: '/auth/reset-password' }),
    });
    expect(ask.status).toBe(200);
    const landing = await fetch(mail.linkIn(await mail.waitFor({ to: person.email, subject: /reset/i, after: since }), '/api/auth/reset-password/'), {
      redirect: 'manual',
    });
    const token = new URL(landing.headers.get('location')!, t.url).searchParams.get('token')!;
    const reset = (newPassword: string) =>
      t.fetch('/api/auth/reset-password', { method: 'POST', headers: siteHeaders(t, undefined, { 'x-forwarded-for': ip }), body: JSON.stringify({ newPassword, token }) });

    const refused = await reset('Password123!');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(refusal('newPassword'));
    // Nothing changed: the old password and every session still work, and the link can still be used.
    expect(await sessionUser(t, person.cookie)).toMatchObject({ id: person.id });
    expect((await signIn(t, { email: person.email, password: person.password }, { ip })).res.status).toBe(200);
    expect((await reset('a quiet harbour at midnight')).status).toBe(200);
    expect((await signIn(t, { email: person.email, password: 'a quiet harbour at midnight' }, { ip })).res.status).toBe(200);
  });

  it('changing the password refuses a common one (and one made of the person’s own name)', async () => {
    const person = await signedInUser(t, { name: 'Zainab Okonkwo', email: uniqueEmail('zainab.okonkwo') });
    const change = (newPassword: string) =>
      t.fetch('/api/auth/change-password', {
        method: 'POST',
        headers: siteHeaders(t, person.cookie, { 'x-forwarded-for': randomClientIp() }),
        body: JSON.stringify({ currentPassword: person.password, newPassword }),
      });
    for (const password of ['iloveyou2024', 'zainabokonkwo']) {
      const res = await change(password);
      expect(res.status, password).toBe(400);
      expect(await res.json()).toEqual(refusal('newPassword'));
    }
    expect((await signIn(t, { email: person.email, password: person.password }, { ip: randomClientIp() })).res.status).toBe(200);
    expect((await change('copper kettle at dawn')).status).toBe(200);
    expect((await signIn(t, { email: person.email, password: 'copper kettle at dawn' }, { ip: randomClientIp() })).res.status).toBe(200);
  });
});
