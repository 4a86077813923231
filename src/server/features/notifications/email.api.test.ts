/**
 * Notification emails, issue 17 point 2, caught by a real SMTP server (tests/support/mail-catcher):
 * the first about a discussion at once, the rest of the next 15 minutes in one digest (a clock the
 * test moves), per-kind preferences (likes off by default), the premium rule in mails, one-click
 * unsubscribe without signing in (RFC 8058 headers, a bad token refused), the admin switch, and
 * retries after the mail server refused.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { type CaughtMail, useMailCatcher } from '../../../../tests/support/mail-catcher.ts';
import { changeSettings } from '../../../../tests/support/settings.ts';
import { type TestServer, useTestServer } from '../../../../tests/support/test-server.ts';
import { mailOutbox } from '../../db/schema.ts';
import { setClockForTests } from '../../lib/clock.ts';
import { retryDelayMs } from '../../lib/mail-outbox.ts';
import { giveItems, postOk } from '../discussion/testing/people.ts';
import { DIGEST_WINDOW_MS } from './email.ts';
import { notify, type NotifiedEvent } from './notify.ts';

const PUBLIC_URL = 'https://ideahub.example';
const LONG_DESCRIPTION = `A pump that runs on sunlight so farmers can water crops. ${'Only premium readers may read this part of the description. '.repeat(3)}`;

/** A person whose requests come from the site's own (https) origin. */
async function person(t: TestServer, name: string, role?: 'admin') {
  const p = await signedInUser(t, { name, role });
  p.headers.origin = PUBLIC_URL;
  return p;
}

async function messageIn(t: TestServer, ideaId: string, userId: string, content: string): Promise<number> {
  const discussion = await t.db.execute(sql`
    insert into idea_discussions (idea_id) values (${ideaId}) on conflict (idea_id) do update set idea_id = excluded.idea_id returning id`);
  const discussionId = (discussion as unknown as { rows: { id: string }[] }).rows[0]!.id;
  const inserted = await t.db.execute(sql`insert into idea_discussion_messages (discussion_id, user_id, content) values (${discussionId}, ${userId}, ${content}) returning id`);
  return Number((inserted as unknown as { rows: { id: string }[] }).rows[0]!.id);
}

describe.each(databaseKinds())('notification emails on %s', (kind) => {
  const mail = useMailCatcher();
  Object.assign(mail.env, { PUBLIC_URL, WRITE_LIMITS: 'off' });
  // Rounds only when a test runs one: what is sent, and when, is the test's to say.
  const t = useTestServer(kind, { env: mail.env, mailOutbox: { pollMs: 3_600_000 } });
  let offset = 0;
  let restoreClock: () => void;
  let maker: SignedInUser;
  let kofi: SignedInUser;
  let ama: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    restoreClock = setClockForTests(() => Date.now() + offset);
    [maker, kofi, ama, admin] = await Promise.all([person(t, 'Mara Maker'), person(t, 'Kofi Mensah'), person(t, 'Ama Owusu'), person(t, 'Ade Admin', 'admin')]);
    await Promise.all([giveItems(t.db, kofi.id, 21), giveItems(t.db, ama.id, 21)]);
  });
  afterAll(() => restoreClock());
  afterEach(async () => {
    // Each test's mails are its own: whatever it left waiting is sent now, past every window.
    offset += 2 * DIGEST_WINDOW_MS;
    await t.server.mailOutbox.runOnce();
  });

  const send = () => t.server.mailOutbox.runOnce();
  const mailsTo = (who: SignedInUser, since = 0) => mail.mails.filter((m) => m.to.includes(who.email) && m.receivedAt >= since);
  const post = (ideaId: string, who: SignedInUser, content: string) => postOk(t, ideaId, who.headers, content);
  const emit = (events: NotifiedEvent | NotifiedEvent[]) => t.db.transaction((tx) => notify(tx, events));

  it('mails the first message of a discussion with RFC 8058 unsubscribe headers and no description', async () => {
    const idea = await createIdea(t.db, { userId: maker.id, title: 'A solar powered water pump', description: LONG_DESCRIPTION });
    await send();
    const since = Date.now();
    const posted = await post(idea.id, kofi, 'Where can I see a prototype?');
    await send();
    const [mailed] = mailsTo(maker, since);
    expect(mailed).toBeDefined();
    expect(mailed!.subject).toBe('Kofi Mensah posted in the discussion of “A solar powered water pump”');
    expect(mailed!.text).toContain('> Where can I see a prototype?');
    expect(mailed!.text).toContain(`${PUBLIC_URL}/ideas/${idea.id}#message-${posted.id}`);
    expect(mailed!.text).not.toContain('Only premium readers');
    const link = /^<(https:\/\/ideahub\.example\/unsubscribe\?token=[^>]+)>$/.exec(mailed!.headers['list-unsubscribe'] ?? '')?.[1];
    expect(link, mailed!.headers['list-unsubscribe']).toBeDefined();
    expect(mailed!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mailed!.text).toContain(link!);
    // Kofi is never mailed about his own message.
    expect(mailsTo(kofi, since)).toEqual([]);
  });

  it('gathers the next 15 minutes of a discussion into one digest, then mails at once again once it is quiet', async () => {
    const idea = await createIdea(t.db, { userId: maker.id, title: 'A busy discussion' });
    const since = Date.now();
    await post(idea.id, kofi, 'First question.');
    await send();
    expect(mailsTo(maker, since).map((m) => m.subject)).toEqual(['Kofi Mensah posted in the discussion of “A busy discussion”']);
    await post(idea.id, ama, 'Second question.');
    await post(idea.id, kofi, 'Third question.');
    await send();
    offset += DIGEST_WINDOW_MS - 60_000;
    await send();
    expect(mailsTo(maker, since)).toHaveLength(1);
    offset += 61_000;
    await send();
    const mails = mailsTo(maker, since);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('2 new messages in the discussion of “A busy discussion”');
    expect(mails[1]!.text).toContain('Ama Owusu posted in the discussion of “A busy discussion”.\n> Second question.');
    expect(mails[1]!.text).toContain('Kofi Mensah posted in the discussion of “A busy discussion”.\n> Third question.');
    // Activity in the 15 minutes after the digest waits for the next window, too.
    await post(idea.id, ama, 'Fourth question.');
    await send();
    expect(mailsTo(maker, since)).toHaveLength(2);
    // Quiet for longer than a window: the next message is mailed at once.
    offset += 2 * DIGEST_WINDOW_MS;
    await send();
    expect(mailsTo(maker, since)).toHaveLength(3);
    await post(idea.id, kofi, 'Back after a quiet spell.');
    await send();
    expect(mailsTo(maker, since).at(-1)!.subject).toBe('Kofi Mensah posted in the discussion of “A busy discussion”');
  });

  it('mails likes only to people who turned them on, grouped: "Kofi Mensah and 1 other liked …"', async () => {
    const idea = await createIdea(t.db, { userId: maker.id, title: 'A liked item' });
    const since = Date.now();
    await t.fetch(`/api/ideas/${idea.id}/like`, { method: 'PUT', headers: ama.headers });
    await send();
    expect(mailsTo(maker, since)).toEqual([]);
    const res = await t.fetch('/api/notifications/preferences', { method: 'PUT', headers: maker.headers, body: JSON.stringify({ like: { email: true } }) });
    expect(res.status).toBe(200);
    const other = await createIdea(t.db, { userId: maker.id, title: 'Another liked item' });
    await t.fetch(`/api/ideas/${other.id}/like`, { method: 'PUT', headers: ama.headers });
    await send();
    expect(mailsTo(maker, since).map((m) => m.subject)).toEqual(['Ama Owusu liked “Another liked item”']);
    await t.fetch(`/api/ideas/${other.id}/like`, { method: 'PUT', headers: admin.headers });
    await t.fetch(`/api/ideas/${other.id}/like`, { method: 'PUT', headers: kofi.headers });
    offset += DIGEST_WINDOW_MS + 1000;
    await send();
    expect(mailsTo(maker, since).map((m) => m.subject)).toEqual(['Ama Owusu liked “Another liked item”', 'Kofi Mensah and 1 other liked “Another liked item”']);
    await t.fetch('/api/notifications/preferences', { method: 'PUT', headers: maker.headers, body: JSON.stringify({ like: { email: false } }) });
  });

  it('never mails a message’s text to someone who may not read that discussion (premium rule)', async () => {
    const idea = await createIdea(t.db, { userId: maker.id, title: 'A premium only discussion', description: LONG_DESCRIPTION });
    const messageId = await messageIn(t, idea.id, kofi.id, 'The secret recipe is in the attachment.');
    const nonPremium = await person(t, 'Nina Nonpremium');
    const premium = await person(t, 'Pat Premium');
    await giveItems(t.db, premium.id, 21);
    const since = Date.now();
    await emit([
      { kind: 'mention', recipientId: nonPremium.id, actorId: kofi.id, ideaId: idea.id, messageId },
      { kind: 'mention', recipientId: premium.id, actorId: kofi.id, ideaId: idea.id, messageId },
    ]);
    await send();
    const [toNonPremium] = mailsTo(nonPremium, since);
    const [toPremium] = mailsTo(premium, since);
    expect(toNonPremium!.subject).toBe('Kofi Mensah mentioned you in the discussion of “A premium only discussion”');
    for (const part of [toNonPremium!.text, toNonPremium!.html, toNonPremium!.subject]) {
      expect(part).not.toContain('secret recipe');
      expect(part).not.toContain('Only premium readers');
    }
    expect(toPremium!.text).toContain('> The secret recipe is in the attachment.');
  });

  it('leaves out kinds turned off after they were queued, and sends nothing when none is left', async () => {
    const idea = await createIdea(t.db, { userId: maker.id });
    const since = Date.now();
    await post(idea.id, kofi, 'Queued, then turned off.');
    const off = await t.fetch('/api/notifications/preferences', { method: 'PUT', headers: maker.headers, body: JSON.stringify({ discussion: { email: false } }) });
    expect(off.status).toBe(200);
    expect(await send()).toMatchObject({ sent: 0, dropped: 1 });
    await post(idea.id, ama, 'Not even queued.');
    await send();
    expect(mailsTo(maker, since)).toEqual([]);
    await t.fetch('/api/notifications/preferences', { method: 'PUT', headers: maker.headers, body: JSON.stringify({ discussion: { email: true } }) });
  });

  it('unsubscribes with one POST to the link, without signing in or an origin check; a bad token changes nothing', async () => {
    const idea = await createIdea(t.db, { userId: maker.id, title: 'An item to unsubscribe from' });
    const since = Date.now();
    await post(idea.id, kofi, 'A message worth a mail.');
    await send();
    const [mailed] = mailsTo(maker, since) as [CaughtMail];
    const link = /^<([^>]+)>$/.exec(mailed.headers['list-unsubscribe']!)![1]!;
    const path = new URL(link).pathname + new URL(link).search;
    const token = new URL(link).searchParams.get('token')!;

    // The page's state, without signing in.
    expect(await (await t.fetch(`/api/unsubscribe?token=${token}`)).json()).toEqual({ kind: 'discussion', email: true });
    // Bad tokens: another person's id under the same signature, another kind, noise.
    const [user, , sig] = token.split('.');
    for (const bad of [`${user}.reply.${sig}`, `${Buffer.from(kofi.id).toString('base64url')}.discussion.${sig}`, 'nonsense', `${token}x`]) {
      const res = await t.fetch(`/unsubscribe?token=${encodeURIComponent(bad)}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    }
    const prefs = async (who: SignedInUser) => (await (await t.fetch('/api/notifications/preferences', { headers: who.headers })).json()) as Record<string, { email: boolean }>;
    expect((await prefs(maker)).discussion!.email).toBe(true);
    expect((await prefs(kofi)).discussion!.email).toBe(true);

    // What a mail provider sends (RFC 8058): no cookie, another origin, the one-click body.
    const res = await fetch(new URL(path, t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ kind: 'discussion', email: false });
    expect(await prefs(maker)).toMatchObject({ discussion: { email: false }, reply: { email: true } });
    await post(idea.id, ama, 'No mail about this one.');
    offset += 2 * DIGEST_WINDOW_MS;
    await send();
    expect(mailsTo(maker, since)).toHaveLength(1);
    // The in-app notification still came.
    const list = (await (await t.fetch('/api/notifications', { headers: maker.headers })).json()) as { items: { excerpt: string | null }[] };
    expect(list.items[0]!.excerpt).toBe('No mail about this one.');
    // The page's own form is sent back to the page.
    const again = await fetch(new URL(path, t.url), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'from=page', redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(path);
    await t.fetch('/api/notifications/preferences', { method: 'PUT', headers: maker.headers, body: JSON.stringify({ discussion: { email: true } }) });
  });

  it('sends no notification email while the admin switch is off, and drops those queued before; account mails still go', async () => {
    const idea = await createIdea(t.db, { userId: maker.id });
    const since = Date.now();
    await post(idea.id, kofi, 'Queued while the switch was on.');
    await changeSettings(t, admin, { emailNotifications: false });
    try {
      await post(idea.id, ama, 'Not queued: the switch is off.');
      expect(await send()).toMatchObject({ sent: 0, dropped: 1 });
      const reset = await t.fetch('/api/auth/request-password-reset', {
        method: 'POST',
        headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
        body: JSON.stringify({ email: maker.email, redirectTo: '/auth/reset-password' }),
      });
      expect(reset.status).toBe(200);
      await send();
      expect(mailsTo(maker, since).map((m) => m.subject)).toEqual(['Reset your IdeaHub password']);
      const [queued] = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(sql`${mailOutbox.userId} = ${maker.id} and ${mailOutbox.status} = 'pending'`);
      expect(queued!.n).toBe(0);
    } finally {
      await changeSettings(t, admin, { emailNotifications: true });
    }
  });

  it('tries again with back-off after the mail server refused, and sends the mail once', async () => {
    const idea = await createIdea(t.db, { userId: maker.id, title: 'A mail the server refused' });
    const since = Date.now();
    mail.refuseNext(2);
    await post(idea.id, kofi, 'Refused twice, then sent.');
    expect(await send()).toMatchObject({ sent: 0, failed: 1 });
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, maker.id)).orderBy(sql`${mailOutbox.id} desc`).limit(1);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/451|Try again later/);
    expect(await send()).toMatchObject({ sent: 0, failed: 0 }); // not due yet
    offset += retryDelayMs(1);
    expect(await send()).toMatchObject({ failed: 1 });
    offset += retryDelayMs(2);
    expect(await send()).toMatchObject({ sent: 1 });
    expect(mailsTo(maker, since).map((m) => m.subject)).toEqual(['Kofi Mensah posted in the discussion of “A mail the server refused”']);
    offset += retryDelayMs(3);
    expect(await send()).toMatchObject({ sent: 0 });
  });

  it('mails a removal at once, with its reason', async () => {
    const idea = await createIdea(t.db, { userId: maker.id, title: 'A removed item' });
    const since = Date.now();
    await emit({ kind: 'removal', recipientId: maker.id, actorId: admin.id, target: 'idea', ideaId: idea.id, reason: 'Misleading price' });
    await send();
    const [mailed] = mailsTo(maker, since);
    expect(mailed!.subject).toBe('Your item “A removed item” was removed');
    expect(mailed!.text).toContain('Reason: Misleading price');
    expect(mailed!.text).not.toContain('Ade Admin');
  });
});

describe('notification emails with an http PUBLIC_URL, sent by the outbox on its own', () => {
  const mail = useMailCatcher();
  const t = useTestServer('pglite', { env: mail.env });

  it('goes out within seconds, its List-Unsubscribe naming the http link, without one-click', async () => {
    const maker = await signedInUser(t, { name: 'Mara Maker' });
    const kofi = await signedInUser(t, { name: 'Kofi Mensah' });
    await giveItems(t.db, kofi.id, 21);
    const idea = await createIdea(t.db, { userId: maker.id, title: 'Mailed at once' });
    await postOk(t, idea.id, kofi.headers, 'Is this mailed at once?');
    const mailed = await mail.waitFor({ to: maker.email, subject: /Mailed at once/ }, 10_000);
    expect(mailed.headers['list-unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=[^>]+>$/);
    expect(mailed.headers['list-unsubscribe-post']).toBeUndefined();
  });
});
