/**
 * Leaving with one's data (issue 14 point 17) over HTTP on PGlite and PostgreSQL: the export holds
 * every kind of the person's data and no secret; deleting the account removes every row of theirs,
 * keeps other people's items and counters right, leaves their messages as 'Deleted user', signs
 * them out for good, and is refused to the last admin.
 */
import { randomUUID } from 'node:crypto';
import { and, type Column, eq, like, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { DELETED_USER_NAME, type DiscussionMessage } from '../../../shared/schemas/discussion.ts';
import { DELETE_CONFIRMATION_MESSAGE, dataExportSchema, LAST_ADMIN_DELETE_MESSAGE } from '../../../shared/schemas/leaving.ts';
import {
  accounts,
  auditLog,
  contactRequests,
  coupons,
  ideaDiscussionMessages,
  ideas,
  likes,
  mailOutbox,
  newsletterSubscriptions,
  notifications,
  profiles,
  ratings,
  reports,
  savedItems,
  sessions,
  shares,
  storedFiles,
  users,
} from '../../db/schema.ts';
import { PLATFORM_SETTINGS_DEFAULTS } from '../../../shared/schemas/settings.ts';
import { saveSettings } from '../settings/service.ts';
import { IDEA_IMAGES_BUCKET, publicUrlFor } from '../../lib/storage.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { signedInUser, signIn, siteHeaders, type SignedInUser } from '../../../../tests/support/auth.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { useTestServer, type TestServer } from '../../../../tests/support/test-server.ts';
import { personWithItems, postOk } from '../discussion/testing/people.ts';
import { exportChunks } from './export.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } };

const SECRETS = { bankAccountNumber: '0123456789', bankName: 'Hidden Bank', nextOfKinName: 'Private Kin', phone: '+234 803 000 1111' };
const OWN_ITEMS = 21; // premium, so the person may post on other people's items

async function ok(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** Ada, who has a bit of everything, and Bob, whose item she liked, rated, saved and discussed. */
async function leaverWithEverything(t: TestServer) {
  const bob = await signedInUser(t, { name: 'Bob Bello' });
  const carol = await signedInUser(t, { name: 'Carol Chukwu' });
  const bobItem = await createIdea(t.db, { userId: bob.id, title: 'Bob’s borehole' });
  const ada = await personWithItems(t, OWN_ITEMS, { name: 'Ada Leaving' });
  // An item of hers showing her upload (image and thumbnail stored).
  const name = `${ada.id}-1700000000000-abcdef.png`;
  await t.db.insert(storedFiles).values([
    { bucket: IDEA_IMAGES_BUCKET, name, contentType: 'image/png', size: 3, bytes: new Uint8Array([1, 2, 3]), ownerId: ada.id },
    { bucket: IDEA_IMAGES_BUCKET, name: `${ada.id}-1700000000000-abcdef-thumb.webp`, contentType: 'image/webp', size: 3, bytes: new Uint8Array([1, 2, 3]), ownerId: ada.id },
    // Uploaded, never shown on an item.
    { bucket: IDEA_IMAGES_BUCKET, name: `${ada.id}-1700000000001-orphan.png`, contentType: 'image/png', size: 3, bytes: new Uint8Array([1, 2, 3]), ownerId: ada.id },
  ]);
  const adaItem = await createIdea(t.db, {
    userId: ada.id,
    title: 'Ada’s pictured pump',
    description: 'A long and complete description of the pump that only its owner and premium people may read in full, here in the export.',
    imageUrl: publicUrlFor(IDEA_IMAGES_BUCKET, name),
  });
  await ok(await t.fetch('/api/profile', { method: 'PATCH', headers: ada.headers, body: JSON.stringify(SECRETS) }), 'profile');
  for (const who of [ada, carol]) {
    await ok(await t.fetch(`/api/ideas/${bobItem.id}/like`, { method: 'PUT', headers: who.headers }), 'like');
  }
  await ok(await t.fetch(`/api/ideas/${bobItem.id}/rating`, { method: 'PUT', headers: ada.headers, body: JSON.stringify({ value: 4 }) }), 'rate');
  await ok(await t.fetch(`/api/ideas/${bobItem.id}/rating`, { method: 'PUT', headers: carol.headers, body: JSON.stringify({ value: 2 }) }), 'rate');
  await ok(await t.fetch(`/api/ideas/${bobItem.id}/save`, { method: 'PUT', headers: ada.headers }), 'save');
  await ok(await t.fetch(`/api/ideas/${bobItem.id}/contact`, { method: 'POST', headers: ada.headers }), 'contact');
  // Bob likes her item: that like goes with it.
  await ok(await t.fetch(`/api/ideas/${adaItem.id}/like`, { method: 'PUT', headers: bob.headers }), 'like');
  const message = await postOk(t, bobItem.id, ada.headers, 'I would buy this borehole.');
  await postOk(t, adaItem.id, ada.headers, 'On my own item.');
  const coupon = `LEAVE-${randomUUID().slice(0, 8)}`;
  await t.db.insert(coupons).values({ code: coupon, assignedTo: ada.id });
  return { ada, bob, carol, bobItem, adaItem, message, coupon };
}

/** Subscribes `email` to the newsletter from the footer (Marketing emails switched on for it). */
async function subscribeToNewsletter(t: TestServer, email: string) {
  await saveSettings(t.db, { ...PLATFORM_SETTINGS_DEFAULTS, marketingEmails: true }, null);
  try {
    await ok(await t.fetch('/api/newsletter', { method: 'POST', headers: siteHeaders(t), body: JSON.stringify({ email }) }), 'newsletter');
  } finally {
    await saveSettings(t.db, { ...PLATFORM_SETTINGS_DEFAULTS }, null);
  }
}

/** 'Forgot password': an account mail to `email`, queued in the outbox by address only. */
async function askPasswordReset(t: TestServer, email: string) {
  const res = await t.fetch('/api/auth/request-password-reset', {
    method: 'POST',
    headers: siteHeaders(t),
    body: JSON.stringify({ email, redirectTo: '/auth/reset-password' }),
  });
  await ok(res, 'password reset');
}

describe.each(databaseKinds())('leaving with one’s data on %s', (kind) => {
  const t = useTestServer(kind);

  /** Mails in the outbox to `email` (by address) or for `userId` (by account). */
  const mailsFor = (userId: string, email: string) =>
    t.db
      .select({ id: mailOutbox.id, to: mailOutbox.toAddress, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(or(eq(mailOutbox.userId, userId), eq(sql`lower(${mailOutbox.toAddress})`, email.toLowerCase())));

  const deleteMe = (headers: Record<string, string>, body: unknown = { confirm: 'DELETE' }) =>
    t.fetch('/api/me', { method: 'DELETE', headers, body: JSON.stringify(body) });

  const rowsOf = async (userId: string) => {
    const count = async (table: PgTable, column: Column) =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(column, userId)))[0]!.n;
    return {
      users: await count(users, users.id),
      profiles: await count(profiles, profiles.userId),
      sessions: await count(sessions, sessions.userId),
      accounts: await count(accounts, accounts.userId),
      ideas: await count(ideas, ideas.userId),
      likes: await count(likes, likes.userId),
      ratings: await count(ratings, ratings.userId),
      savedItems: await count(savedItems, savedItems.userId),
      contactRequests: await count(contactRequests, contactRequests.userId),
      coupons: await count(coupons, coupons.assignedTo),
      storedFiles: await count(storedFiles, storedFiles.ownerId),
      shares: await count(shares, shares.userId),
      messages: await count(ideaDiscussionMessages, ideaDiscussionMessages.userId),
    };
  };

  it('exports everything of the person as one attachment, with no token or password; visitors get 401', async () => {
    const { ada, bob, bobItem, adaItem, coupon, message } = await leaverWithEverything(t);
    // A reply, then edited: the export says which message it answers and when it was edited.
    const reply = await t.fetch(`/api/ideas/${bobItem.id}/messages`, { method: 'POST', headers: ada.headers, body: JSON.stringify({ content: 'Still keen.', parentId: message.id }) });
    await ok(reply, 'reply');
    const replyId = ((await reply.json()) as { id: number }).id;
    await ok(await t.fetch(`/api/messages/${replyId}`, { method: 'PATCH', headers: ada.headers, body: JSON.stringify({ content: 'Still keen, truly.' }) }), 'edit');
    const choice = await t.fetch('/api/notifications/preferences', { method: 'PUT', headers: ada.headers, body: JSON.stringify({ like: { email: true } }) });
    await ok(choice, 'preferences');
    // Her newsletter subscription (typed in capitals: stored lower-cased) and a report she filed.
    await subscribeToNewsletter(t, ada.email.toUpperCase());
    const report = await t.fetch('/api/reports', {
      method: 'POST',
      headers: ada.headers,
      body: JSON.stringify({ targetType: 'idea', targetId: bobItem.id, reason: 'other', note: 'Looks copied from a catalogue.' }),
    });
    await ok(report, 'report');
    const visitor = await t.fetch('/api/me/export');
    expect(visitor.status).toBe(401);
    expect(((await visitor.json()) as ErrorBody).error.code).toBe('unauthorized');

    const res = await t.fetch('/api/me/export', { headers: { cookie: ada.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="ideahub-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const text = await res.text();
    const data = dataExportSchema.parse(JSON.parse(text));

    expect(data.account).toMatchObject({ id: ada.id, email: ada.email, name: 'Ada Leaving' });
    expect(data.signInMethods).toEqual([expect.objectContaining({ provider: 'credential' })]);
    expect(data.profile).toMatchObject({ userId: ada.id, ...SECRETS });
    // Her own choice and the defaults she left alone.
    expect(data.notificationPreferences.like).toEqual({ inApp: true, email: true });
    expect(data.notificationPreferences.discussion).toEqual({ inApp: true, email: true });
    expect(data.items).toHaveLength(OWN_ITEMS + 1);
    expect(data.items.find((i) => i.id === adaItem.id)?.description).toMatch(/here in the export\.$/);
    expect(data.messages.map((m) => [m.itemId, m.itemTitle, m.content, m.repliesTo, m.editedAt !== null])).toEqual([
      [bobItem.id, 'Bob’s borehole', 'I would buy this borehole.', null, false],
      [adaItem.id, 'Ada’s pictured pump', 'On my own item.', null, false],
      [bobItem.id, 'Bob’s borehole', 'Still keen, truly.', data.messages[0]!.id, true],
    ]);
    expect(data.likes).toEqual([expect.objectContaining({ itemId: bobItem.id, itemTitle: 'Bob’s borehole' })]);
    expect(data.ratings).toEqual([expect.objectContaining({ itemId: bobItem.id, value: 4 })]);
    expect(data.saved).toEqual([expect.objectContaining({ itemId: bobItem.id })]);
    expect(data.contactRequests).toEqual([expect.objectContaining({ itemId: bobItem.id })]);
    expect(data.coupons).toEqual([expect.objectContaining({ code: coupon, used: false })]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.newsletterSubscriptions).toEqual([
      { email: ada.email.toLowerCase(), status: 'pending', subscribedAt: expect.any(String), confirmedAt: null },
    ]);
    // Bob liked her item: the notification as her Notifications page lists it.
    expect(data.notifications).toEqual([
      expect.objectContaining({ kind: 'like', read: false, actor: { id: bob.id, name: 'Bob Bello', avatarUrl: null }, item: { id: adaItem.id, title: 'Ada’s pictured pump' }, excerpt: null }),
    ]);
    expect(data.reports).toEqual([
      {
        targetType: 'idea',
        targetId: bobItem.id,
        itemId: bobItem.id,
        itemTitle: 'Bob’s borehole',
        reason: 'other',
        note: 'Looks copied from a catalogue.',
        status: 'open',
        createdAt: expect.any(String),
        decidedAt: null,
      },
    ]);

    // No secret of the account: session tokens, password hash.
    const tokens = await t.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, ada.id));
    expect(tokens.length).toBeGreaterThan(0);
    for (const { token } of tokens) expect(text).not.toContain(token);
    const [hash] = await t.db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, ada.id));
    expect(text).not.toContain(hash!.password!);
    expect(text).not.toMatch(/"token"|"password"/);
  });

  it('pages through long lists without losing or repeating a row', async () => {
    const { ada } = await leaverWithEverything(t);
    let text = '';
    for await (const piece of exportChunks(t.db, ada.id, new Date(), 5)) text += piece;
    const data = dataExportSchema.parse(JSON.parse(text));
    expect(data.items).toHaveLength(OWN_ITEMS + 1);
    expect(new Set(data.items.map((i) => i.id)).size).toBe(OWN_ITEMS + 1);
    const dates = data.items.map((i) => i.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('a wrong confirmation is a 400 with the error body and deletes nothing', async () => {
    const { ada } = await leaverWithEverything(t);
    const before = await rowsOf(ada.id);
    for (const body of [{ confirm: 'delete' }, { confirm: 'DELETE ' }, {}]) {
      const res = await deleteMe(ada.headers, body);
      expect(res.status).toBe(400);
      const error = (await res.json()) as ErrorBody;
      expect(error.error).toMatchObject({ code: 'bad_request', message: DELETE_CONFIRMATION_MESSAGE, fields: { confirm: [DELETE_CONFIRMATION_MESSAGE] } });
    }
    expect(await rowsOf(ada.id)).toEqual(before);
    expect((await t.fetch('/api/profile', { headers: ada.headers })).status).toBe(200);
    // Visitors and other websites are refused before anything happens.
    expect((await deleteMe(siteHeaders(t))).status).toBe(401);
    expect((await deleteMe({ ...ada.headers, origin: 'https://evil.example' })).status).toBe(403);
    expect(await rowsOf(ada.id)).toEqual(before);
  });

  it('deletes every row of the person, keeps others’ items and counters right, and leaves their messages as Deleted user', async () => {
    const { ada, bob, bobItem, adaItem, message, coupon } = await leaverWithEverything(t);
    const [bobBefore] = await t.db.select().from(ideas).where(eq(ideas.id, bobItem.id));
    expect(bobBefore).toMatchObject({ likeCount: 2, ratingCount: 2, ratingTotal: 6, messageCount: 1 });

    const res = await deleteMe(ada.headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true });
    expect(res.headers.getSetCookie()).toEqual(expect.arrayContaining([expect.stringMatching(/^ideahub\.session_token=; Max-Age=0; Path=\//)]));

    expect(await rowsOf(ada.id)).toEqual({
      users: 0, profiles: 0, sessions: 0, accounts: 0, ideas: 0, likes: 0, ratings: 0, savedItems: 0,
      contactRequests: 0, coupons: 0, storedFiles: 0, shares: 0, messages: 0,
    });
    expect(await t.db.select().from(ideas).where(eq(ideas.id, adaItem.id))).toEqual([]);
    // Their uploads and coupons are gone, not merely unassigned (those foreign keys set null).
    expect(await t.db.select({ name: storedFiles.name }).from(storedFiles).where(like(storedFiles.name, `${ada.id}-%`))).toEqual([]);
    expect(await t.db.select().from(coupons).where(eq(coupons.code, coupon))).toEqual([]);

    // Bob's item stays, with Carol's like and rating only; Ada's message on it stays.
    const [bobAfter] = await t.db.select().from(ideas).where(eq(ideas.id, bobItem.id));
    expect(bobAfter).toMatchObject({ likeCount: 1, ratingCount: 1, ratingTotal: 2, messageCount: 1 });
    const list = await t.fetch(`/api/ideas/${bobItem.id}/messages`, { headers: bob.headers });
    expect(list.status).toBe(200);
    const { items } = (await list.json()) as { items: DiscussionMessage[] };
    expect(items).toEqual([expect.objectContaining({ id: message.id, content: 'I would buy this borehole.', author: { id: null, name: DELETED_USER_NAME, avatarUrl: null } })]);

    // Signed out for good: the old cookie is nobody, and the old password opens nothing.
    expect((await t.fetch('/api/profile', { headers: ada.headers })).status).toBe(401);
    expect((await t.fetch('/api/me/export', { headers: { cookie: ada.cookie } })).status).toBe(401);
    const again = await signIn(t, { email: ada.email, password: ada.password });
    expect(again.res.status).toBe(401);
    expect(again.cookie).toBe('');
    // Bob is untouched.
    expect((await t.fetch('/api/profile', { headers: bob.headers })).status).toBe(200);
  });

  it('deletes what is kept by address: the newsletter subscription and every mail to them in the outbox, not mails to others', async () => {
    const { ada, bob, bobItem } = await leaverWithEverything(t);
    await subscribeToNewsletter(t, ada.email);
    await askPasswordReset(t, ada.email);
    // Bob's own mails stay, including the one about Ada's message on his item.
    await askPasswordReset(t, bob.email);
    await postOk(t, bobItem.id, ada.headers, 'Is the borehole still for sale?');
    const adaMails = await mailsFor(ada.id, ada.email);
    expect(adaMails.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/confirm/i), expect.stringMatching(/reset/i)]));
    const bobMails = await mailsFor(bob.id, bob.email);
    expect(bobMails.length).toBeGreaterThanOrEqual(2);
    await subscribeToNewsletter(t, bob.email);
    const bobSubscription = await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, bob.email.toLowerCase()));
    expect(bobSubscription).toHaveLength(1);

    expect((await deleteMe(ada.headers)).status).toBe(200);

    expect(await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, ada.email.toLowerCase()))).toEqual([]);
    expect(await mailsFor(ada.id, ada.email)).toEqual([]);
    // Nothing in the outbox carries her address any more, in any column.
    const rest = await t.db.select().from(mailOutbox);
    expect(JSON.stringify(rest).toLowerCase()).not.toContain(ada.email.toLowerCase());
    expect((await mailsFor(bob.id, bob.email)).map((m) => m.id)).toEqual(expect.arrayContaining(bobMails.map((m) => m.id)));
    expect(await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, bob.email.toLowerCase()))).toEqual(bobSubscription);
    // Her notifications and the reports she filed went with the account.
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, ada.id))).toEqual([]);
    expect(await t.db.select().from(reports).where(eq(reports.reporterId, ada.id))).toEqual([]);
  });

  it('refuses the last admin, and lets an admin leave while another stays', async () => {
    const admins = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    // Each test server starts empty; make sure this one has exactly the admins made here.
    expect(admins).toEqual([]);
    const first: SignedInUser = await signedInUser(t, { name: 'Only Admin', role: 'admin' });
    const refused = await deleteMe(first.headers);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error).toEqual({ code: 'conflict', message: LAST_ADMIN_DELETE_MESSAGE });
    expect((await t.fetch('/api/profile', { headers: first.headers })).status).toBe(200);
    const deletions = () => t.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.delete'), eq(auditLog.targetId, first.id)));
    expect(await deletions()).toEqual([]);

    await signedInUser(t, { name: 'Second Admin', role: 'admin' });
    expect((await deleteMe(first.headers)).status).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, first.id))).toEqual([]);
    // Audited, with the person as the actor (their name; the account's id is gone with it).
    expect(await deletions()).toEqual([expect.objectContaining({ actorId: null, actorName: 'Only Admin', targetTitle: 'Only Admin', details: { by: 'self' } })]);
  });
});
