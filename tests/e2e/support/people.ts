/**
 * Fresh, confirmed people for browser journeys: each journey signs up its own person through the
 * API (sign-up → confirmation mail in the development outbox → confirmation link), sets the
 * profile contact, and has the session cookie in its browser context. So cooldowns, coupons and
 * bookmarks never collide between tests.
 *
 *   const page = await browser.newPage();
 *   const ada = await newPerson(page.context(), { name: 'Ada Obi', contactInfo: 'ada@example.test' });
 *
 * Sign-up is rate-limited per client address (10 per 10 minutes). Every test runs from 127.0.0.1,
 * so each request also carries a random X-Forwarded-For: it counts only when the e2e server trusts
 * 127.0.0.1 as a proxy (TRUSTED_PROXIES), and is ignored otherwise.
 */
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, BrowserContext } from 'playwright-core';
import { baseURL } from './browser.ts';

export const PERSON_PASSWORD = 'journey passphrase 2026';

export interface Person {
  id: string;
  name: string;
  email: string;
  password: string;
  contactInfo: string;
}

function randomClientIp(): string {
  const b = randomBytes(2);
  return `198.51.${b[0]}.${(b[1]! % 254) + 1}`;
}

function uniqueEmail(name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'person';
  return `${slug}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.test`;
}

interface OutboxMail {
  to: string;
  subject: string;
  link: string | null;
}

async function confirmationLink(request: APIRequestContext, email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await request.get('/api/dev/outbox');
    if (!res.ok()) throw new Error(`GET /api/dev/outbox answered ${res.status()}: is SMTP_URL set for the e2e server?`);
    const { mails } = (await res.json()) as { mails: OutboxMail[] };
    const link = mails.find((m) => m.to === email && m.link?.includes('/api/auth/verify-email'))?.link;
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no confirmation mail for ${email} in the development outbox`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Signs up and confirms a new person, completes the profile contact, and signs `context` in.
 * `keepSignUpName`: leave the full name as typed at sign-up (the profile save would hold it to the
 * letters-and-spaces rule; sign-up only trims it and limits its length).
 */
export async function newPerson(
  context: BrowserContext,
  input: { name: string; contactInfo: string; keepSignUpName?: boolean },
): Promise<Person> {
  const base = baseURL();
  const origin = new URL(base).origin;
  // context.request shares the context's cookie jar: the session the confirmation sets is the browser's.
  const request = context.request;
  const email = uniqueEmail(input.name);
  const signUp = await request.post(`${base}/api/auth/sign-up/email`, {
    headers: { origin, 'x-forwarded-for': randomClientIp() },
    data: { name: input.name, email, password: PERSON_PASSWORD, callbackURL: '/auth/verified' },
  });
  if (!signUp.ok()) throw new Error(`sign-up of ${email} failed (${signUp.status()}): ${await signUp.text()}`);

  const link = await confirmationLink(request, email);
  const confirmed = await request.get(link, { maxRedirects: 0 });
  if (confirmed.status() !== 302) throw new Error(`the confirmation link answered ${confirmed.status()}`);

  const session = await request.get(`${base}/api/auth/get-session`);
  const user = ((await session.json()) as { user?: { id: string } } | null)?.user;
  if (!user) throw new Error(`confirming ${email} did not sign the person in`);

  const profile = await request.patch(`${base}/api/profile`, {
    headers: { origin },
    data: input.keepSignUpName ? { contactInfo: input.contactInfo } : { fullName: input.name, contactInfo: input.contactInfo },
  });
  if (!profile.ok()) throw new Error(`profile update failed (${profile.status()}): ${await profile.text()}`);

  return { id: user.id, name: input.name, email, password: PERSON_PASSWORD, contactInfo: input.contactInfo };
}
