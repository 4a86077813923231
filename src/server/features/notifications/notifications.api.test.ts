/**
 * Notifications, issue 17 point 1: who is told what (posts in the discussion of one's item, likes
 * grouped per item while unread, the kinds the conversations half emits through notify), never
 * about one's own actions, only one's own list, the premium rule on what a notification carries,
 * preferences, marking read, pages, and the rule that a rolled-back action tells nobody.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationList, NotificationPreferences } from '../../../shared/schemas/notifications.ts';
import { type SignedInUser, signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { type TestServer, useTestServer } from '../../../../tests/support/test-server.ts';
import { ideaDiscussionMessages, ideas, notifications } from '../../db/schema.ts';
import { giveItems, postOk } from '../discussion/testing/people.ts';
import { openSse } from '../discussion/testing/sse-client.ts';
import { notify, type NotifiedEvent } from './notify.ts';
import { MARK_READ_BATCH } from './queries.ts';

async function listOf(t: TestServer, who: SignedInUser, query = ''): Promise<NotificationList> {
  const res = await t.fetch(`/api/notifications${query}`, { headers: who.headers });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as NotificationList;
}

async function unreadOf(t: TestServer, who: SignedInUser): Promise<number> {
  const res = await t.fetch('/api/notifications/unread-count', { headers: who.headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as { unread: number }).unread;
}

const like = (t: TestServer, who: SignedInUser, ideaId: string) => t.fetch(`/api/ideas/${ideaId}/like`, { method: 'PUT', headers: who.headers });
const unlike = (t: TestServer, who: SignedInUser, ideaId: string) => t.fetch(`/api/ideas/${ideaId}/like`, { method: 'DELETE', headers: who.headers });
const readAll = (t: TestServer, who: SignedInUser) => t.fetch('/api/notifications/read', { method: 'POST', headers: who.headers });

async function setPreferences(t: TestServer, who: SignedInUser, body: unknown) {
  const res = await t.fetch('/api/notifications/preferences', { method: 'PUT', headers: who.headers, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as NotificationPreferences };
}

/** Emits events as the conversations half will, in a transaction of its own. */
async function emit(t: TestServer, events: NotifiedEvent | NotifiedEvent[]) {
  await t.db.transaction((tx) => notify(tx, events));
}

/** A message in the item's discussion, written directly (no notification of its own). */
async function messageIn(t: TestServer, ideaId: string, userId: string, content: string): Promise<number> {
  const discussion = await t.db.execute(sql`
    insert into idea_discussions (idea_id) values (${ideaId}) on conflict (idea_id) do update set idea_id = excluded.idea_id returning id`);
  const discussionId = (discussion as unknown as { rows: { id: string }[] }).rows[0]!.id;
  const [row] = await t.db.insert(ideaDiscussionMessages).values({ discussionId, userId, content }).returning({ id: ideaDiscussionMessages.id });
  return row!.id;
}

describe.each(databaseKinds())('notifications on %s', (kind) => {
  const t = useTestServer(kind, { env: { WRITE_LIMITS: 'off' } });
  let maker: SignedInUser;
  let kofi: SignedInUser;
  let ama: SignedInUser;
  let yaw: SignedInUser;

  beforeAll(async () => {
    [maker, kofi, ama, yaw] = await Promise.all([
      signedInUser(t, { name: 'Mara Maker' }),
      signedInUser(t, { name: 'Kofi Mensah' }),
      signedInUser(t, { name: 'Ama Owusu' }),
      signedInUser(t, { name: 'Yaw Boateng' }),
    ]);
    // Premium, so they may post in others' discussions.
    await Promise.all([giveItems(t.db, kofi.id, 21), giveItems(t.db, ama.id, 21)]);
  });

  it('tells the owner when someone posts in the discussion of their item, with who, which item and the message', async () => {
    const idea = await createIdea(t.db, { userId: maker.id, title: 'A solar powered water pump' });
    const before = await unreadOf(t, maker);
    const posted = await postOk(t, idea.id, kofi.headers, 'Where can I see a prototype of the pump?');
    expect(await unreadOf(t, maker)).toBe(before + 1);
    const [first] = (await listOf(t, maker)).items;
    expect(first).toMatchObject({
      kind: 'discussion',
      read: false,
      actor: { id: kofi.id, name: 'Kofi Mensah', avatarUrl: null },
      others: 0,
      item: { id: idea.id, title: 'A solar powered water pump' },
      link: `/ideas/${idea.id}#message-${posted.id}`,
      text: 'Kofi Mensah posted in the discussion of A solar powered water pump',
      excerpt: 'Where can I see a prototype of the pump?',
      removed: null,
    } satisfies Partial<Notification>);
    expect(posted.author.id).toBe(kofi.id);
    // Kofi is told nothing about his own message.
    expect((await listOf(t, kofi)).items.filter((n) => n.item?.id === idea.id)).toEqual([]);
  });

  it('never tells people about their own actions: a post or a like on their own item', async () => {
    const idea = await createIdea(t.db, { userId: kofi.id });
    const before = await unreadOf(t, kofi);
    await postOk(t, idea.id, kofi.headers, 'Some news about my own pump.');
    expect((await like(t, kofi, idea.id)).status).toBe(200);
    expect(await unreadOf(t, kofi)).toBe(before);
    expect((await listOf(t, kofi)).items.filter((n) => n.item?.id === idea.id)).toEqual([]);
    // The same through notify itself, for every kind.
    await emit(t, { kind: 'mention', recipientId: kofi.id, actorId: kofi.id, ideaId: idea.id, messageId: 1 });
    expect(await unreadOf(t, kofi)).toBe(before);
  });

  it('groups likes of one item while unread: "Kofi Mensah and 2 others", one unread, a new group once read', async () => {
    const idea = await createIdea(t.db, { userId: maker.id, title: 'A rain water collector' });
    await readAll(t, maker);
    for (const who of [ama, yaw, kofi]) expect((await like(t, who, idea.id)).status).toBe(200);
    // Liking again, or taking a like back and giving it again, counts once.
    await like(t, kofi, idea.id);
    await unlike(t, kofi, idea.id);
    await like(t, kofi, idea.id);
    expect(await unreadOf(t, maker)).toBe(1);
    const likes = (await listOf(t, maker)).items.filter((n) => n.kind === 'like' && n.item?.id === idea.id);
    expect(likes).toHaveLength(1);
    expect(likes[0]).toMatchObject({
      actor: { id: kofi.id, name: 'Kofi Mensah', avatarUrl: null },
      others: 2,
      read: false,
      link: `/ideas/${idea.id}`,
      text: 'Kofi Mensah and 2 others liked A rain water collector',
      excerpt: null,
    });

    expect((await readAll(t, maker)).status).toBe(200);
    await like(t, maker, idea.id); // one's own: nothing
    await unlike(t, ama, idea.id);
    await like(t, ama, idea.id);
    expect(await unreadOf(t, maker)).toBe(1);
    const after = (await listOf(t, maker)).items.filter((n) => n.kind === 'like' && n.item?.id === idea.id);
    expect(after.map((n) => [n.read, n.actor?.name, n.others])).toEqual([
      [false, 'Ama Owusu', 0],
      [true, 'Kofi Mensah', 2],
    ]);
  });

  it('keeps two racing likes in one group', async () => {
    const idea = await createIdea(t.db, { userId: maker.id });
    await readAll(t, maker);
    const results = await Promise.all([like(t, ama, idea.id), like(t, yaw, idea.id), like(t, kofi, idea.id)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const likes = (await listOf(t, maker)).items.filter((n) => n.kind === 'like' && n.item?.id === idea.id);
    expect(likes).toHaveLength(1);
    expect(likes[0]!.others).toBe(2);
    expect(await unreadOf(t, maker)).toBe(1);
  });

  it('marks all read: the count is 0 and every entry says read', async () => {
    const idea = await createIdea(t.db, { userId: yaw.id });
    await postOk(t, idea.id, kofi.headers, 'First question.');
    await postOk(t, idea.id, ama.headers, 'Second question.');
    expect(await unreadOf(t, yaw)).toBeGreaterThanOrEqual(2);
    const res = await readAll(t, yaw);
    expect(await res.json()).toEqual({ unread: 0 });
    expect(await unreadOf(t, yaw)).toBe(0);
    expect((await listOf(t, yaw)).items.every((n) => n.read)).toBe(true);
  });

  it('marks many read in batches, the count exact after each: 2.5 batches down to 0, another person’s untouched', async () => {
    const many = await signedInUser(t, { name: 'Many Unread' });
    const idea = await createIdea(t.db, { userId: many.id });
    const n = Math.floor(MARK_READ_BATCH * 2.5);
    for (const who of [many, yaw]) {
      await t.db.execute(sql`
        insert into notifications (user_id, kind, actor_id, idea_id, item_title)
        select ${who.id}, 'discussion', ${ama.id}, ${idea.id}::uuid, 'Bulk' from generate_series(1, ${n}) g`);
      await t.db.execute(sql`
        insert into notification_inboxes (user_id, unread) values (${who.id}, ${n})
        on conflict (user_id) do update set unread = notification_inboxes.unread + ${n}`);
    }
    const yawBefore = await unreadOf(t, yaw);
    expect(await unreadOf(t, many)).toBe(n);
    expect((await readAll(t, many)).status).toBe(200);
    expect(await unreadOf(t, many)).toBe(0);
    const [left] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(sql`${notifications.userId} = ${many.id} and ${notifications.readAt} is null`)) as [{ n: number }];
    expect(left.n).toBe(0);
    expect(await unreadOf(t, yaw)).toBe(yawBefore);
    await readAll(t, yaw);
  });

  it('lists only one’s own notifications; visitors get 401 everywhere', async () => {
    const idea = await createIdea(t.db, { userId: maker.id, title: 'A private matter of the maker' });
    await postOk(t, idea.id, kofi.headers, 'Only the maker should be told about this.');
    const stranger = await signedInUser(t, { name: 'Third Person' });
    expect((await listOf(t, stranger)).items).toEqual([]);
    expect(await unreadOf(t, stranger)).toBe(0);
    // No address takes another person's id: a query naming one is ignored or refused, never obeyed.
    const sneaky = await t.fetch(`/api/notifications?userId=${maker.id}`, { headers: stranger.headers });
    expect(((await sneaky.json()) as NotificationList).items).toEqual([]);
    for (const [method, path] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/read'],
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences'],
      ['GET', '/api/notifications/stream'],
    ] as const) {
      const res = await t.fetch(path, { method, headers: { origin: new URL(t.url).origin, 'content-type': 'application/json' }, body: method === 'PUT' ? '{}' : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    }
  });

  it('gives a message’s beginning only to people who may read that discussion (premium rule)', async () => {
    const idea = await createIdea(t.db, { userId: maker.id, title: 'A premium discussion' });
    const secret = `Secret plan ${'x'.repeat(300)}`;
    const messageId = await messageIn(t, idea.id, kofi.id, secret);
    const nonPremium = await signedInUser(t, { name: 'Nina Nonpremium' });
    await giveItems(t.db, nonPremium.id, 3);
    const admin = await signedInUser(t, { name: 'Ade Admin', role: 'admin' });
    const premium = await signedInUser(t, { name: 'Pat Premium' });
    await giveItems(t.db, premium.id, 21);
    await emit(t, [
      { kind: 'mention', recipientId: nonPremium.id, actorId: kofi.id, ideaId: idea.id, messageId },
      { kind: 'mention', recipientId: premium.id, actorId: kofi.id, ideaId: idea.id, messageId },
      { kind: 'reply', recipientId: admin.id, actorId: kofi.id, ideaId: idea.id, messageId },
    ]);
    const [toNonPremium] = (await listOf(t, nonPremium)).items;
    expect(toNonPremium).toMatchObject({ kind: 'mention', actor: { name: 'Kofi Mensah', avatarUrl: null }, item: { title: 'A premium discussion' }, excerpt: null, text: 'Kofi Mensah mentioned you' });
    expect(JSON.stringify(await listOf(t, nonPremium))).not.toContain('Secret plan');
    const [toPremium] = (await listOf(t, premium)).items;
    expect(toPremium!.excerpt).toBe(secret.slice(0, 200));
    const [toAdmin] = (await listOf(t, admin)).items;
    expect(toAdmin).toMatchObject({ kind: 'reply', excerpt: secret.slice(0, 200) });
    // Premium lost (items deleted): the beginning is no longer given.
    await t.db.delete(ideas).where(eq(ideas.userId, premium.id));
    const [later] = (await listOf(t, premium)).items;
    expect(later!.excerpt).toBeNull();
  });

  it('tells one person once about one message: a reply that also mentions them is a reply', async () => {
    const idea = await createIdea(t.db, { userId: maker.id });
    const messageId = await messageIn(t, idea.id, ama.id, 'Replying to you, @Yaw.');
    await readAll(t, yaw);
    await emit(t, [
      { kind: 'mention', recipientId: yaw.id, actorId: ama.id, ideaId: idea.id, messageId },
      { kind: 'reply', recipientId: yaw.id, actorId: ama.id, ideaId: idea.id, messageId },
      { kind: 'discussion', recipientId: yaw.id, actorId: ama.id, ideaId: idea.id, messageId },
    ]);
    expect(await unreadOf(t, yaw)).toBe(1);
    expect((await listOf(t, yaw)).items[0]).toMatchObject({ kind: 'reply', actor: { name: 'Ama Owusu', avatarUrl: null }, text: 'Ama Owusu replied to you', link: `/ideas/${idea.id}#message-${messageId}` });
  });

  it('names private messages and removals (with the reason, without the moderator) and links them', async () => {
    const idea = await createIdea(t.db, { userId: maker.id, title: 'A bicycle repair kit' });
    const moderator = await signedInUser(t, { name: 'Mo Moderator', role: 'moderator' });
    await emit(t, { kind: 'private_message', recipientId: maker.id, actorId: ama.id, conversationId: 'c0nv-1', privateMessageId: 77, ideaId: idea.id });
    await emit(t, { kind: 'removal', recipientId: maker.id, actorId: moderator.id, target: 'message', ideaId: idea.id, reason: 'Spam links' });
    await emit(t, { kind: 'removal', recipientId: maker.id, actorId: moderator.id, target: 'idea', ideaId: idea.id, reason: null });
    const items = (await listOf(t, maker)).items.slice(0, 3);
    expect(items).toMatchObject([
      { kind: 'removal', actor: null, item: { title: 'A bicycle repair kit' }, removed: { target: 'idea', reason: null } },
      { kind: 'removal', actor: null, removed: { target: 'message', reason: 'Spam links' }, link: `/ideas/${idea.id}` },
      {
        kind: 'private_message',
        actor: { name: 'Ama Owusu', avatarUrl: null },
        item: { title: 'A bicycle repair kit' },
        link: '/messages/c0nv-1#message-77',
        text: 'Ama Owusu messaged you about A bicycle repair kit',
      },
    ]);
    expect(JSON.stringify(items)).not.toContain('Mo Moderator');
  });

  it('degrades when the item or the message is gone: the title stays, the link and the message go', async () => {
    const idea = await createIdea(t.db, { userId: maker.id, title: 'A kiosk that will be deleted' });
    const posted = await postOk(t, idea.id, ama.headers, 'A message that will be deleted.');
    await t.db.delete(ideaDiscussionMessages).where(eq(ideaDiscussionMessages.id, posted.id));
    let [entry] = (await listOf(t, maker)).items.filter((n) => n.item?.title === 'A kiosk that will be deleted');
    expect(entry).toMatchObject({ kind: 'discussion', excerpt: null, link: `/ideas/${idea.id}#discussion` });
    await t.db.delete(ideas).where(eq(ideas.id, idea.id));
    [entry] = (await listOf(t, maker)).items.filter((n) => n.item?.title === 'A kiosk that will be deleted');
    expect(entry).toMatchObject({ kind: 'discussion', item: { id: null, title: 'A kiosk that will be deleted' }, link: null, excerpt: null });
  });

  it('tells nobody when the action rolls back', async () => {
    const idea = await createIdea(t.db, { userId: maker.id });
    const before = await unreadOf(t, maker);
    const [{ count: rowsBefore }] = (await t.db.select({ count: sql<number>`count(*)::int` }).from(notifications).where(eq(notifications.userId, maker.id))) as [{ count: number }];
    await expect(
      t.db.transaction(async (tx) => {
        await notify(tx, { kind: 'private_message', recipientId: maker.id, actorId: ama.id, conversationId: 'c0nv-rollback', privateMessageId: 1, ideaId: idea.id });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await unreadOf(t, maker)).toBe(before);
    const [{ count: rowsAfter }] = (await t.db.select({ count: sql<number>`count(*)::int` }).from(notifications).where(eq(notifications.userId, maker.id))) as [{ count: number }];
    expect(rowsAfter).toBe(rowsBefore);
  });

  it('pages newest first with a keyset cursor, each entry once; a bad cursor is a 400', async () => {
    const person = await signedInUser(t, { name: 'Paged Person' });
    const idea = await createIdea(t.db, { userId: person.id, title: 'A much discussed item' });
    for (let i = 0; i < 25; i++) {
      const messageId = await messageIn(t, idea.id, ama.id, `Message number ${i}`);
      await emit(t, { kind: 'discussion', recipientId: person.id, actorId: ama.id, ideaId: idea.id, messageId });
    }
    const first = await listOf(t, person);
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await listOf(t, person, `?cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const texts = [...first.items, ...second.items].map((n) => n.excerpt);
    expect(texts).toEqual(Array.from({ length: 25 }, (_, i) => `Message number ${24 - i}`));
    for (const bad of ['nonsense', Buffer.from('2026-01-01T00:00:00.000Z|x').toString('base64url')]) {
      const res = await t.fetch(`/api/notifications?cursor=${bad}`, { headers: person.headers });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    }
    expect((await t.fetch('/api/notifications?limit=500', { headers: person.headers })).status).toBe(400);
  });

  it('keeps preferences per kind: email on by default except likes; off in the app means no notification', async () => {
    const person = await signedInUser(t, { name: 'Choosy Person' });
    const res = await t.fetch('/api/notifications/preferences', { headers: person.headers });
    const defaults = (await res.json()) as NotificationPreferences;
    expect(defaults.like).toEqual({ inApp: true, email: false });
    for (const kind of ['discussion', 'reply', 'mention', 'private_message', 'removal'] as const) expect(defaults[kind]).toEqual({ inApp: true, email: true });

    const changed = await setPreferences(t, person, { discussion: { inApp: false }, like: { email: true } });
    expect(changed.status).toBe(200);
    expect(changed.body.discussion).toEqual({ inApp: false, email: true });
    expect(changed.body.like).toEqual({ inApp: true, email: true });
    // The other switches stay as they were.
    const again = await setPreferences(t, person, { like: { inApp: false } });
    expect(again.body.like).toEqual({ inApp: false, email: true });
    expect(again.body.discussion).toEqual({ inApp: false, email: true });

    const idea = await createIdea(t.db, { userId: person.id });
    await postOk(t, idea.id, ama.headers, 'Nobody is told in the app about this one.');
    await like(t, ama, idea.id);
    expect(await unreadOf(t, person)).toBe(0);
    expect((await listOf(t, person)).items).toEqual([]);

    for (const bad of [{ nonsense: { inApp: true } }, { like: { inApp: 'yes' } }, { like: { sms: true } }, []]) {
      const r = await t.fetch('/api/notifications/preferences', { method: 'PUT', headers: person.headers, body: JSON.stringify(bad) });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await setPreferences(t, person, {})).body.like).toEqual({ inApp: false, email: true });
  });

  it('streams the unread count live: the count now, then every change, then 0 once read', async () => {
    const idea = await createIdea(t.db, { userId: yaw.id });
    await readAll(t, yaw);
    const stream = await openSse(new URL('/api/notifications/stream', t.url).toString(), { cookie: yaw.cookie });
    try {
      expect(stream.status).toBe(200);
      const counts = () => stream.events.filter((e) => e.event === 'unread').map((e) => (JSON.parse(e.data) as { unread: number }).unread);
      await stream.waitUntil(() => counts().length >= 1, 10_000, 'the first count');
      expect(counts()).toEqual([0]);
      await postOk(t, idea.id, kofi.headers, 'A live question.');
      await stream.waitUntil(() => counts().at(-1) === 1, 10_000, 'the count 1');
      await like(t, ama, idea.id);
      await stream.waitUntil(() => counts().at(-1) === 2, 10_000, 'the count 2');
      await like(t, kofi, idea.id); // joins the unread like group: same count, told again
      await stream.waitUntil(() => counts().length >= 4, 10_000, 'a grouped like');
      expect(counts().at(-1)).toBe(2);
      await readAll(t, yaw);
      await stream.waitUntil(() => counts().at(-1) === 0, 10_000, 'the count 0');
      // Nothing of the message travels on the stream.
      expect(JSON.stringify(stream.events)).not.toContain('A live question');
    } finally {
      stream.close();
    }
  });
});
