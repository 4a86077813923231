/**
 * Private conversations (issue 17 point 6): Contact, one conversation per (item, person), messages,
 * the Messages tab with unread counts, and the rule that only the conversation's two people can
 * read it through any route (a third person, a moderator and an admin get 404), except a message
 * one of them reports. Also what item and account deletion leave, the data export, notifications.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONVERSATION_TEXTS, type Conversation, type ConversationList, type PrivateMessage, type PrivateMessageList } from '../../../shared/schemas/conversations.ts';
import type { DataExport } from '../../../shared/schemas/leaving.ts';
import type { NotificationList } from '../../../shared/schemas/notifications.ts';
import { type AdminReportsPage, REPORT_TEXTS } from '../../../shared/schemas/reports.ts';
import { type SignedInUser, signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { type TestServer, useTestServer } from '../../../../tests/support/test-server.ts';
import { contactRequests, conversationMembers, conversations, mailOutbox, privateMessages } from '../../db/schema.ts';
import { openSse } from '../discussion/testing/sse-client.ts';

const IDEA_NOT_FOUND = "The idea you're looking for doesn't exist or has been removed.";
const NOT_YOURS = { error: { code: 'not_found', message: CONVERSATION_TEXTS.notFound } };
const MISSING = '00000000-0000-4000-8000-000000000000';

type Who = SignedInUser | null;
const headersOf = (t: TestServer, who: Who) => who?.headers ?? { origin: new URL(t.url).origin, 'content-type': 'application/json' };
const call = (t: TestServer, who: Who, method: string, path: string, body?: unknown) =>
  t.fetch(path, { method, headers: headersOf(t, who), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

describe.each(databaseKinds())('private conversations on %s', (kind) => {
  const t = useTestServer(kind, { env: { WRITE_LIMITS: 'off' } });

  const contact = (who: Who, ideaId: string) => call(t, who, 'POST', '/api/conversations', { ideaId });
  const send = (who: Who, id: string, content: string) => call(t, who, 'POST', `/api/conversations/${id}/messages`, { content });
  const sendOk = async (who: SignedInUser, id: string, content: string) => json<PrivateMessage>(await send(who, id, content), 201);
  const messagesOf = async (who: SignedInUser, id: string, q = '') => json<PrivateMessageList>(await call(t, who, 'GET', `/api/conversations/${id}/messages${q}`), 200);
  const tabOf = async (who: SignedInUser, q = '') => json<ConversationList>(await call(t, who, 'GET', `/api/conversations${q}`), 200);

  /** A creator with an item, a person who contacts them about it, and a conversation between them. */
  async function started() {
    const creator = await signedInUser(t, { name: 'Chioma Eze' });
    const buyer = await signedInUser(t, { name: 'Kofi Mensah' });
    const idea = await createIdea(t.db, { userId: creator.id, title: 'A solar powered water pump' });
    const conversation = await json<Conversation>(await contact(buyer, idea.id), 201);
    return { creator, buyer, idea, conversation };
  }

  it('Contact opens a conversation with the creator about the item; pressing again opens the same one, and every press is a contact request', async () => {
    const { creator, buyer, idea, conversation } = await started();
    expect(conversation).toMatchObject({
      item: { id: idea.id, title: 'A solar powered water pump' },
      with: { id: creator.id, name: 'Chioma Eze', avatarUrl: null },
      iAmCreator: false,
      canSend: true,
      lastReadId: 0,
    });
    const again = await json<Conversation>(await contact(buyer, idea.id), 200);
    expect(again.id).toBe(conversation.id);
    expect(await t.db.select().from(conversations).where(eq(conversations.ideaId, idea.id))).toHaveLength(1);
    // The spec's Contact record keeps counting presses (the older endpoint too).
    expect((await call(t, buyer, 'POST', `/api/ideas/${idea.id}/contact`)).status).toBe(204);
    expect(await t.db.select().from(contactRequests).where(eq(contactRequests.ideaId, idea.id))).toHaveLength(3);
    // The creator sees it from their side.
    const theirs = await json<Conversation>(await call(t, creator, 'GET', `/api/conversations/${conversation.id}`), 200);
    expect(theirs).toMatchObject({ id: conversation.id, with: { id: buyer.id, name: 'Kofi Mensah', avatarUrl: null }, iAmCreator: true, canSend: true });
  });

  it('two presses at once make one conversation', async () => {
    const creator = await signedInUser(t);
    const buyer = await signedInUser(t);
    const idea = await createIdea(t.db, { userId: creator.id });
    const answers = await Promise.all(Array.from({ length: 6 }, () => contact(buyer, idea.id)));
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: (await r.json()) as Conversation })));
    expect(bodies.filter((b) => b.status === 201)).toHaveLength(1);
    expect(bodies.every((b) => b.status === 200 || b.status === 201)).toBe(true);
    expect(new Set(bodies.map((b) => b.body.id)).size).toBe(1);
    expect(await t.db.select().from(conversationMembers).where(eq(conversationMembers.conversationId, bodies[0]!.body.id))).toHaveLength(2);
  });

  it('the creator cannot contact themselves; visitors get 401; unknown items 404; nothing is written', async () => {
    const creator = await signedInUser(t);
    const idea = await createIdea(t.db, { userId: creator.id });
    const own = await contact(creator, idea.id);
    expect(await json(own, 403)).toEqual({ error: { code: 'forbidden', message: 'You cannot contact yourself about your own item.' } });
    expect((await contact(null, idea.id)).status).toBe(401);
    for (const id of [MISSING, 'not-a-uuid', "x' or 1=1 --"]) {
      expect(await json(await contact(creator, id), 404)).toEqual({ error: { code: 'not_found', message: IDEA_NOT_FOUND } });
    }
    expect((await call(t, creator, 'POST', '/api/conversations', {})).status).toBe(400);
    expect(await t.db.select().from(conversations).where(eq(conversations.ideaId, idea.id))).toHaveLength(0);
    expect(await t.db.select().from(contactRequests).where(eq(contactRequests.ideaId, idea.id))).toHaveLength(0);
  });

  it('both people send and read messages, trimmed, checked like discussion messages, oldest first with keyset pages', async () => {
    const { creator, buyer, conversation } = await started();
    const first = await sendOk(buyer, conversation.id, '  Is the pump still available?  \n');
    expect(first).toMatchObject({ content: 'Is the pump still available?', author: { id: buyer.id, name: 'Kofi Mensah', avatarUrl: null } });
    await sendOk(creator, conversation.id, 'Yes, it is.');
    for (const [content, message] of [
      ['   ', 'Message cannot be empty.'],
      ['x'.repeat(2001), 'Message must be at most 2000 characters.'],
    ] as const) {
      expect(await json(await send(buyer, conversation.id, content), 422)).toEqual({
        error: { code: 'validation_failed', message, fields: { content: [message] } },
      });
    }
    expect((await sendOk(buyer, conversation.id, '😀'.repeat(2000))).content).toHaveLength(4000);
    for (let i = 1; i <= 4; i++) await sendOk(i % 2 ? creator : buyer, conversation.id, `message ${i}`);
    const latest = await messagesOf(creator, conversation.id, '?limit=3');
    expect(latest.items.map((m) => m.content)).toEqual(['message 2', 'message 3', 'message 4']);
    expect(latest.hasMore).toBe(true);
    const earlier = await messagesOf(creator, conversation.id, `?limit=3&before=${latest.items[0]!.id}`);
    expect(earlier.items.map((m) => m.content)).toEqual(['Yes, it is.', '😀'.repeat(2000), 'message 1']);
    const after = await messagesOf(buyer, conversation.id, `?after=${first.id}&limit=2`);
    expect(after.items.map((m) => m.content)).toEqual(['Yes, it is.', '😀'.repeat(2000)]);
    expect((await call(t, buyer, 'GET', `/api/conversations/${conversation.id}/messages?limit=500`)).status).toBe(400);
  });

  it('a third person, a moderator and an admin get 404 on the conversation, its messages, sending, marking read, its stream and reporting its messages', async () => {
    const { buyer, conversation } = await started();
    const message = await sendOk(buyer, conversation.id, 'A private offer: 40,000 naira');
    const outsiders = [await signedInUser(t), await signedInUser(t, { role: 'moderator' }), await signedInUser(t, { role: 'admin' })];
    for (const who of outsiders) {
      const base = `/api/conversations/${conversation.id}`;
      for (const res of [
        await call(t, who, 'GET', base),
        await call(t, who, 'GET', `${base}/messages`),
        await call(t, who, 'GET', `${base}/messages?after=0`),
        await send(who, conversation.id, 'let me in'),
        await call(t, who, 'POST', `${base}/read`, { upTo: message.id }),
      ]) {
        expect(await json(res, 404), `${who.role} ${res.url}`).toEqual(NOT_YOURS);
      }
      const stream = await openSse(`${t.url}${base}/stream`, { cookie: who.cookie });
      expect(stream.status, `${who.role} stream`).toBe(404);
      stream.close();
      // The same answer as for a conversation that does not exist.
      expect(await json(await call(t, who, 'GET', `/api/conversations/${MISSING}`), 404)).toEqual(NOT_YOURS);
      expect(await json(await call(t, who, 'POST', '/api/reports', { targetType: 'private_message', targetId: String(message.id), reason: 'spam' }), 404)).toEqual({
        error: { code: 'not_found', message: REPORT_TEXTS.messageNotFound },
      });
      // Their own Messages tab does not list it.
      expect((await tabOf(who)).items.map((c) => c.id)).not.toContain(conversation.id);
    }
    // Nothing was written by them.
    expect(await t.db.select().from(privateMessages).where(eq(privateMessages.conversationId, conversation.id))).toHaveLength(1);
    for (const path of [`/api/conversations/${conversation.id}`, `/api/conversations/${conversation.id}/messages`, '/api/conversations']) {
      expect((await call(t, null, 'GET', path)).status).toBe(401);
    }
    for (const bad of ['not-a-uuid', '1', "x' or 1=1 --"]) {
      expect(await json(await call(t, buyer, 'GET', `/api/conversations/${encodeURIComponent(bad)}`), 404)).toEqual(NOT_YOURS);
    }
  });

  it('search, notifications and others’ exports reveal nothing of a conversation', async () => {
    const { creator, buyer, idea, conversation } = await started();
    const sent = await sendOk(buyer, conversation.id, 'zebracorn secret offer');
    const outsider = await signedInUser(t);
    const admin = await signedInUser(t, { role: 'admin' });
    for (const who of [null, outsider, admin]) {
      const found = await json<{ items: unknown[] }>(await call(t, who, 'GET', '/api/ideas?q=zebracorn'), 200);
      expect(found.items).toEqual([]);
    }
    const adminSearch = await call(t, admin, 'GET', '/api/admin/content?q=zebracorn');
    expect(JSON.stringify(await adminSearch.json())).not.toContain('zebracorn');
    // The recipient's notification names the conversation but carries no text; nobody else has one.
    const theirs = await json<NotificationList>(await call(t, creator, 'GET', '/api/notifications'), 200);
    expect(theirs.items).toEqual([
      expect.objectContaining({
        kind: 'private_message',
        actor: { id: buyer.id, name: 'Kofi Mensah', avatarUrl: null },
        item: { id: idea.id, title: idea.title },
        link: `/messages/${conversation.id}#message-${sent.id}`,
        text: `Kofi Mensah messaged you about ${idea.title}`,
        excerpt: null,
      }),
    ]);
    expect(JSON.stringify(theirs)).not.toContain('zebracorn');
    for (const who of [buyer, outsider, admin]) {
      const list = await json<NotificationList>(await call(t, who, 'GET', '/api/notifications'), 200);
      expect(list.items.filter((n) => n.kind === 'private_message')).toEqual([]);
    }
    for (const who of [outsider, admin]) {
      const text = await (await t.fetch('/api/me/export', { headers: { cookie: who.cookie } })).text();
      expect(text).not.toContain('zebracorn');
      expect(text).not.toContain(conversation.id);
    }
  });

  it('notifies the recipient in the app and by email per their preferences, never the sender', async () => {
    const { creator, buyer, conversation } = await started();
    await sendOk(buyer, conversation.id, 'Hello');
    const digest = `conversation:${conversation.id}`;
    const mails = async (userId: string) =>
      t.db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.digestKey, digest)));
    expect(await mails(creator.id)).toHaveLength(1);
    expect(await mails(buyer.id)).toHaveLength(0);
    // The buyer turns private-message emails off: told in the app only.
    expect((await call(t, buyer, 'PUT', '/api/notifications/preferences', { private_message: { email: false } })).status).toBe(200);
    await sendOk(creator, conversation.id, 'Hi Kofi');
    expect(await mails(buyer.id)).toHaveLength(0);
    const list = await json<NotificationList>(await call(t, buyer, 'GET', '/api/notifications'), 200);
    expect(list.items.map((n) => n.kind)).toEqual(['private_message']);
  });

  it('the Messages tab lists one’s conversations with the other person, the item, the last message and unread counts; reading clears them', async () => {
    const { creator, buyer, idea, conversation } = await started();
    const nobody = await signedInUser(t);
    expect(await tabOf(nobody)).toEqual({ items: [], nextCursor: null, unreadTotal: 0 });
    // Started, no message yet: listed for both, nothing unread.
    expect((await tabOf(creator)).items).toEqual([
      expect.objectContaining({ id: conversation.id, with: { id: buyer.id, name: 'Kofi Mensah', avatarUrl: null }, item: { id: idea.id, title: idea.title }, lastMessage: null, unread: 0 }),
    ]);
    await sendOk(buyer, conversation.id, 'First question');
    const last = await sendOk(buyer, conversation.id, 'Second question');
    const creatorTab = await tabOf(creator);
    expect(creatorTab.unreadTotal).toBe(2);
    expect(creatorTab.items[0]).toMatchObject({ unread: 2, lastMessage: { id: last.id, content: 'Second question', fromMe: false } });
    const buyerTab = await tabOf(buyer);
    expect(buyerTab.items[0]).toMatchObject({ unread: 0, with: { id: creator.id, name: 'Chioma Eze', avatarUrl: null }, lastMessage: { fromMe: true } });
    expect((await json<{ unread: number }>(await call(t, creator, 'GET', '/api/notifications/unread-count'), 200)).unread).toBe(2);
    // Read up to the first message, then all: never backwards, never past the newest.
    const read = (upTo: number) => call(t, creator, 'POST', `/api/conversations/${conversation.id}/read`, { upTo });
    expect(await json(await read(last.id - 1), 200)).toEqual({ lastReadId: last.id - 1, unread: 1 });
    // Partly read: its notifications stay unread.
    expect((await json<{ unread: number }>(await call(t, creator, 'GET', '/api/notifications/unread-count'), 200)).unread).toBe(2);
    expect(await json(await read(Number.MAX_SAFE_INTEGER), 200)).toEqual({ lastReadId: last.id, unread: 0 });
    expect(await json(await read(0), 200)).toEqual({ lastReadId: last.id, unread: 0 });
    expect((await call(t, creator, 'POST', `/api/conversations/${conversation.id}/read`, { upTo: 'x' })).status).toBe(400);
    expect((await tabOf(creator)).unreadTotal).toBe(0);
    // Having read it all, its notifications are read too: the bell's count follows.
    const bell = await json<{ unread: number }>(await call(t, creator, 'GET', '/api/notifications/unread-count'), 200);
    expect(bell.unread).toBe(0);
    const listed = await json<NotificationList>(await call(t, creator, 'GET', '/api/notifications'), 200);
    expect(listed.items.map((n) => [n.kind, n.read])).toEqual([
      ['private_message', true],
      ['private_message', true],
    ]);
    // A reply moves the conversation to the top of the other person's tab.
    const other = await createIdea(t.db, { userId: creator.id, title: 'Another item entirely' });
    const second = await json<Conversation>(await contact(buyer, other.id), 201);
    expect((await tabOf(buyer)).items.map((c) => c.id)).toEqual([second.id, conversation.id]);
    await sendOk(creator, conversation.id, 'Reply');
    expect((await tabOf(buyer)).items.map((c) => c.id)).toEqual([conversation.id, second.id]);
    // Keyset pages.
    const page1 = await tabOf(buyer, '?limit=1');
    expect(page1.items.map((c) => c.id)).toEqual([conversation.id]);
    const page2 = await tabOf(buyer, `?limit=1&cursor=${page1.nextCursor}`);
    expect(page2.items.map((c) => c.id)).toEqual([second.id]);
    expect(page2.nextCursor).toBeNull();
    expect((await call(t, buyer, 'GET', '/api/conversations?cursor=bogus')).status).toBe(400);
  });

  it('a participant reports one message: moderators see that message alone; Remove deletes it and tells its sender', async () => {
    const { creator, buyer, conversation } = await started();
    await sendOk(buyer, conversation.id, 'A harmless first message');
    const bad = await sendOk(buyer, conversation.id, 'Send me your bank password');
    const moderator = await signedInUser(t, { role: 'moderator' });
    // One's own message cannot be reported.
    expect(await json(await call(t, buyer, 'POST', '/api/reports', { targetType: 'private_message', targetId: String(bad.id), reason: 'spam' }), 403)).toEqual({
      error: { code: 'forbidden', message: REPORT_TEXTS.ownMessage },
    });
    expect((await call(t, creator, 'POST', '/api/reports', { targetType: 'private_message', targetId: String(bad.id), reason: 'offensive' })).status).toBe(201);
    expect((await call(t, creator, 'POST', '/api/reports', { targetType: 'private_message', targetId: String(bad.id), reason: 'spam' })).status).toBe(409);
    const queue = await json<AdminReportsPage>(await call(t, moderator, 'GET', '/api/admin/reports?limit=50'), 200);
    const group = queue.items.find((g) => g.targetType === 'private_message' && g.targetId === String(bad.id));
    expect(group).toMatchObject({
      item: { title: 'A solar powered water pump' },
      message: { id: bad.id, content: 'Send me your bank password' },
      author: { id: buyer.id, name: 'Kofi Mensah' },
      count: 1,
    });
    // Nothing else of the conversation reaches the queue.
    const text = JSON.stringify(queue);
    expect(text).not.toContain('A harmless first message');
    expect(text).not.toContain(conversation.id);
    // The moderator still cannot open the conversation.
    expect((await call(t, moderator, 'GET', `/api/conversations/${conversation.id}/messages`)).status).toBe(404);
    const removed = await call(t, moderator, 'POST', `/api/admin/reports/private_message/${bad.id}/remove`);
    expect(await json(removed, 200)).toEqual({ targetType: 'private_message', targetId: String(bad.id), decision: 'remove', reports: 1 });
    expect((await messagesOf(creator, conversation.id)).items.map((m) => m.content)).toEqual(['A harmless first message']);
    const told = await json<NotificationList>(await call(t, buyer, 'GET', '/api/notifications'), 200);
    expect(told.items.filter((n) => n.kind === 'removal')).toEqual([expect.objectContaining({ removed: { target: 'message', reason: null } })]);
    // The creator's unread count no longer counts it, and the tab's last message is the one before.
    expect((await tabOf(creator)).items[0]).toMatchObject({ unread: 1, lastMessage: { content: 'A harmless first message' } });
    // Dismiss leaves a reported message where it is.
    const other = await sendOk(creator, conversation.id, 'Rude words');
    expect((await call(t, buyer, 'POST', '/api/reports', { targetType: 'private_message', targetId: String(other.id), reason: 'offensive' })).status).toBe(201);
    expect((await call(t, moderator, 'POST', `/api/admin/reports/private_message/${other.id}/dismiss`)).status).toBe(200);
    expect((await messagesOf(buyer, conversation.id)).items.map((m) => m.id)).toContain(other.id);
  });

  it('private messages are not premium-gated: people with no items of their own write to a creator', async () => {
    const { creator, buyer, conversation } = await started();
    expect((await sendOk(buyer, conversation.id, 'No items of my own')).content).toBe('No items of my own');
    expect((await messagesOf(creator, conversation.id)).items).toHaveLength(1);
  });

  it('when the item is deleted the conversation stays, with its title and no link', async () => {
    const { creator, buyer, idea, conversation } = await started();
    await sendOk(buyer, conversation.id, 'Still for sale?');
    expect((await call(t, creator, 'DELETE', `/api/ideas/${idea.id}`)).status).toBe(204);
    const after = await json<Conversation>(await call(t, buyer, 'GET', `/api/conversations/${conversation.id}`), 200);
    expect(after.item).toEqual({ id: null, title: 'A solar powered water pump' });
    expect((await messagesOf(buyer, conversation.id)).items.map((m) => m.content)).toEqual(['Still for sale?']);
    expect((await sendOk(creator, conversation.id, 'Sold, sorry')).content).toBe('Sold, sorry');
    expect((await tabOf(buyer)).items[0]).toMatchObject({ id: conversation.id, item: { id: null, title: 'A solar powered water pump' } });
  });

  it('exports one’s conversations and their messages; deleting one’s account leaves the other side readable and read-only', async () => {
    const { creator, buyer, idea, conversation } = await started();
    await sendOk(buyer, conversation.id, 'From the buyer');
    await sendOk(creator, conversation.id, 'From the creator');
    const exported = (await (await t.fetch('/api/me/export', { headers: { cookie: buyer.cookie } })).json()) as DataExport;
    expect(exported.conversations).toEqual([
      expect.objectContaining({ id: conversation.id, itemId: idea.id, itemTitle: idea.title, withName: 'Chioma Eze', startedByMe: true }),
    ]);
    expect(exported.privateMessages.map((m) => [m.conversationId, m.fromMe, m.content])).toEqual([
      [conversation.id, true, 'From the buyer'],
      [conversation.id, false, 'From the creator'],
    ]);

    const deleteMe = (who: SignedInUser) => call(t, who, 'DELETE', '/api/me', { confirm: 'DELETE' });
    expect((await deleteMe(buyer)).status).toBe(200);
    const left = await json<Conversation>(await call(t, creator, 'GET', `/api/conversations/${conversation.id}`), 200);
    expect(left).toMatchObject({ with: { id: null, name: 'Deleted user', avatarUrl: null }, canSend: false });
    expect((await messagesOf(creator, conversation.id)).items.map((m) => [m.author.name, m.content])).toEqual([
      ['Deleted user', 'From the buyer'],
      ['Chioma Eze', 'From the creator'],
    ]);
    expect(await json(await send(creator, conversation.id, 'Are you there?'), 403)).toEqual({
      error: { code: 'conversation_closed', message: CONVERSATION_TEXTS.otherLeft },
    });
    expect((await tabOf(creator)).items[0]).toMatchObject({ id: conversation.id, with: { id: null, name: 'Deleted user', avatarUrl: null } });
    // Once both have left, nobody can read it and it goes.
    expect((await deleteMe(creator)).status).toBe(200);
    expect(await t.db.select().from(conversations).where(eq(conversations.id, conversation.id))).toHaveLength(0);
    const [left2] = await t.db.select({ n: sql<number>`count(*)::int` }).from(privateMessages).where(eq(privateMessages.conversationId, conversation.id));
    expect(left2!.n).toBe(0);
  });
});

describe.each(databaseKinds())('private message write limits on %s', (kind) => {
  const t = useTestServer(kind, { env: { WRITE_LIMITS: 'private-messages:2/60,contacts:2/3600' } });

  it('limits messages and new conversations per person, with the one error body and Retry-After', async () => {
    const creator = await signedInUser(t);
    const buyer = await signedInUser(t);
    const ideas = await Promise.all([1, 2, 3].map(() => createIdea(t.db, { userId: creator.id })));
    const first = (await (await call(t, buyer, 'POST', '/api/conversations', { ideaId: ideas[0]!.id })).json()) as Conversation;
    expect((await call(t, buyer, 'POST', '/api/conversations', { ideaId: ideas[1]!.id })).status).toBe(201);
    const third = await call(t, buyer, 'POST', '/api/conversations', { ideaId: ideas[2]!.id });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await third.json()) as { error: { code: string } }).error.code).toBe('too_many_requests');
    for (const n of [1, 2]) expect((await call(t, buyer, 'POST', `/api/conversations/${first.id}/messages`, { content: `m${n}` })).status).toBe(201);
    const over = await call(t, buyer, 'POST', `/api/conversations/${first.id}/messages`, { content: 'm3' });
    expect(over.status).toBe(429);
    expect(((await over.json()) as { error: { message: string } }).error.message).toMatch(/^You are sending messages too quickly/);
    // The other person's allowance is their own.
    expect((await call(t, creator, 'POST', `/api/conversations/${first.id}/messages`, { content: 'reply' })).status).toBe(201);
  });
});
