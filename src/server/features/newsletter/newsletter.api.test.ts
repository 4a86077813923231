/**
 * The footer's newsletter (issue 15 point 4), with mails caught by a real SMTP server: an address is
 * stored as pending and sent a confirmation through the mail outbox (double opt-in), with RFC 8058
 * one-click unsubscribe headers; confirming from the link; one click removes the address; the admin's
 * Marketing emails switch; nobody learns who is subscribed; limits; bad and expired links.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomClientIp, type SignedInUser, signedInUser, uniqueEmail } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { type CaughtMail, useMailCatcher } from '../../../../tests/support/mail-catcher.ts';
import { changeSettings } from '../../../../tests/support/settings.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { mailOutbox, newsletterSubscriptions } from '../../db/schema.ts';
import { setClockForTests } from '../../lib/clock.ts';
import { NEWSLETTER_LIMITS } from './service.ts';

const PUBLIC_URL = 'https://ideahub.example';
const CONFIRM_LINK = /^https:\/\/ideahub\.example\/newsletter\/confirm\?token=\S+$/m;

describe.each(databaseKinds())('the newsletter on %s', (kind) => {
  const mail = useMailCatcher();
  Object.assign(mail.env, { PUBLIC_URL, TRUSTED_PROXIES: '127.0.0.1' });
  const t = useTestServer(kind, { env: mail.env, mailOutbox: { pollMs: 3_600_000 } });
  let admin: SignedInUser;
  let offset = 0;
  let restoreClock: () => void;

  beforeAll(async () => {
    restoreClock = setClockForTests(() => Date.now() + offset);
    admin = await signedInUser(t, { name: 'Ade Admin', role: 'admin' });
    admin.headers.origin = PUBLIC_URL;
  });
  afterAll(() => restoreClock());
  beforeEach(async () => {
    offset = 0;
    await changeSettings(t, admin, { marketingEmails: true });
  });

  const send = () => t.server.mailOutbox.runOnce();
  const subscribe = (email: unknown, ip = randomClientIp()) =>
    t.fetch('/api/newsletter', {
      method: 'POST',
      headers: { origin: PUBLIC_URL, 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email }),
    });
  const post = (path: string, body: unknown) =>
    t.fetch(path, { method: 'POST', headers: { origin: PUBLIC_URL, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const rowOf = async (email: string) => (await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0];
  const mailsTo = (email: string): CaughtMail[] => mail.mails.filter((m) => m.to.includes(email));
  const tokenIn = (link: string) => new URL(link).searchParams.get('token')!;
  const confirmLinkOf = (m: CaughtMail) => CONFIRM_LINK.exec(m.text)![0];
  const unsubscribeLinkOf = (m: CaughtMail) => /^<(https:\/\/ideahub\.example\/newsletter\/unsubscribe\?token=[^>]+)>$/.exec(m.headers['list-unsubscribe'] ?? '')?.[1];

  it('takes the footer form as a plain post: the same subscription, then back to the page it was on, saying how it went (issue 27 point 5)', async () => {
    const form = (fields: Record<string, string>, origin = PUBLIC_URL) =>
      t.fetch('/api/newsletter/form', {
        method: 'POST',
        redirect: 'manual',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': randomClientIp() },
        body: new URLSearchParams(fields).toString(),
      });
    const email = uniqueEmail('plainform');
    const res = await form({ email, back: '/about?x=1' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/about?x=1&newsletter=sent#newsletter');
    expect(await rowOf(email)).toMatchObject({ email, status: 'pending' });
    expect((await form({ email: 'not an address', back: '/' })).headers.get('location')).toBe('/?newsletter=email_invalid#newsletter');
    // Only a page of this site to go back to.
    expect((await form({ email: '', back: 'https://evil.example/' })).headers.get('location')).toBe('/?newsletter=email_required#newsletter');
    await changeSettings(t, admin, { marketingEmails: false });
    expect((await form({ email: uniqueEmail('paused'), back: '/' })).headers.get('location')).toBe('/?newsletter=paused#newsletter');
    // Another website's post is refused like any write to the API.
    expect((await form({ email: uniqueEmail('evil'), back: '/' }, 'https://evil.example')).status).toBe(403);
  });

  it('keeps the address as pending and mails a confirmation with one-click unsubscribe; the link confirms it', async () => {
    const email = uniqueEmail('nia');
    const res = await subscribe(`  ${email.toUpperCase()} `);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: 'Check your inbox: we sent you a link to confirm your subscription.' });
    expect(await rowOf(email)).toMatchObject({ email, status: 'pending', confirmedAt: null });

    await send();
    const [confirmation] = mailsTo(email);
    expect(confirmation?.subject).toBe('Confirm your IdeaHub newsletter subscription');
    const unsubscribeLink = unsubscribeLinkOf(confirmation!);
    expect(unsubscribeLink, confirmation!.headers['list-unsubscribe']).toBeDefined();
    expect(confirmation!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(confirmation!.text).toContain(unsubscribeLink!);
    // The address itself never travels in a link.
    expect(confirmLinkOf(confirmation!)).not.toContain(encodeURIComponent(email));

    const confirmed = await post('/api/newsletter/confirm', { token: tokenIn(confirmLinkOf(confirmation!)) });
    expect(confirmed.status).toBe(200);
    const state = (await confirmed.json()) as { status: string; email: string };
    expect(state.status).toBe('confirmed');
    expect(state.email).toMatch(/^\w{1,2}\*\*\*@/);
    expect(state.email).not.toBe(email);
    expect(await rowOf(email)).toMatchObject({ status: 'confirmed' });
    // Opening the link again changes nothing.
    expect((await post('/api/newsletter/confirm', { token: tokenIn(confirmLinkOf(confirmation!)) })).status).toBe(200);
  });

  it('answers a confirmed address exactly as a new one, and mails it nothing', async () => {
    const email = uniqueEmail('already');
    await subscribe(email);
    await send();
    await post('/api/newsletter/confirm', { token: tokenIn(confirmLinkOf(mailsTo(email)[0]!)) });
    const again = await subscribe(email);
    const fresh = await subscribe(uniqueEmail('fresh'));
    expect(again.status).toBe(fresh.status);
    expect(await again.json()).toEqual(await fresh.json());
    await send();
    expect(mailsTo(email)).toHaveLength(1);
    expect(await rowOf(email)).toMatchObject({ status: 'confirmed' });
  });

  it('removes the address with one click from the mail, without signing in; its old links do nothing', async () => {
    const email = uniqueEmail('leaver');
    await subscribe(email);
    await send();
    const [confirmation] = mailsTo(email);
    await post('/api/newsletter/confirm', { token: tokenIn(confirmLinkOf(confirmation!)) });
    const link = unsubscribeLinkOf(confirmation!)!;
    // What a mail client sends (RFC 8058): a form-encoded POST, no cookie, no Origin.
    const res = await fetch(link.replace(PUBLIC_URL, t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('unsubscribed');
    expect(await rowOf(email)).toBeUndefined();
    // The confirmation link does not bring it back; the page's unsubscribe answers the same again.
    expect((await post('/api/newsletter/confirm', { token: tokenIn(confirmLinkOf(confirmation!)) })).status).toBe(400);
    const page = await post('/api/newsletter/unsubscribe', { token: tokenIn(link) });
    expect(page.status).toBe(200);
    expect(await rowOf(email)).toBeUndefined();
  });

  it('refuses tampered, swapped, foreign and expired links', async () => {
    const email = uniqueEmail('links');
    await subscribe(email);
    await send();
    const [confirmation] = mailsTo(email);
    const confirmToken = tokenIn(confirmLinkOf(confirmation!));
    const unsubscribeToken = tokenIn(unsubscribeLinkOf(confirmation!)!);
    const flipped = `${confirmToken.slice(0, -2)}${confirmToken.endsWith('AA') ? 'AB' : 'AA'}`;
    for (const token of [flipped, unsubscribeToken, 'c.00000000-0000-4000-8000-000000000000.1.AAAAAAAAAAAAAAAAAAAAAA', 'nonsense']) {
      const res = await post('/api/newsletter/confirm', { token });
      expect(res.status, token).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('This newsletter link is not valid or has expired.');
    }
    for (const token of [confirmToken, 'u.nope.AAAA']) {
      expect((await post('/api/newsletter/unsubscribe', { token })).status, token).toBe(400);
      expect((await t.fetch(`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' })).status, token).toBe(400);
    }
    expect(await rowOf(email)).toMatchObject({ status: 'pending' });
    // A week later the confirmation link has expired.
    offset = 8 * 86_400_000;
    expect((await post('/api/newsletter/confirm', { token: confirmToken })).status).toBe(400);
    expect(await rowOf(email)).toMatchObject({ status: 'pending' });
  });

  it('stores nothing and says so while Marketing emails is off; a confirmation waiting when it is switched off is not sent', async () => {
    const waiting = uniqueEmail('waiting');
    expect((await subscribe(waiting)).status).toBe(202);
    await changeSettings(t, admin, { marketingEmails: false });
    await send();
    expect(mailsTo(waiting)).toEqual([]);
    const [queued] = await t.db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.toAddress, waiting));
    expect(queued?.status).toBe('dropped');

    const email = uniqueEmail('paused');
    const res = await subscribe(email);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: 'newsletter_paused', message: 'Our newsletter is paused at the moment, so we are not taking sign-ups. Please try again later.' },
    });
    expect(await rowOf(email)).toBeUndefined();
  });

  it('refuses what is not an email address, with the field named', async () => {
    for (const email of ['', 'not an address', 'a@b', `${'x'.repeat(250)}@example.test`, 42, null]) {
      const res = await subscribe(email);
      expect(res.status, String(email)).toBe(400);
      expect(((await res.json()) as { error: { fields?: Record<string, string[]> } }).error.fields?.email, String(email)).toBeDefined();
    }
  });

  it('limits confirmation mails per address and requests per client, with Retry-After', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < NEWSLETTER_LIMITS.perEmail.max; i++) expect((await subscribe(email)).status).toBe(202);
    const over = await subscribe(email);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    await send();
    expect(mailsTo(email)).toHaveLength(NEWSLETTER_LIMITS.perEmail.max);

    const ip = randomClientIp();
    for (let i = 0; i < NEWSLETTER_LIMITS.perClient.max; i++) expect((await subscribe(uniqueEmail('many'), ip)).status).toBe(202);
    const busy = await subscribe(uniqueEmail('many'), ip);
    expect(busy.status).toBe(429);
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await busy.json()) as { error: { code: string } }).error.code).toBe('too_many_requests');
  });
});
