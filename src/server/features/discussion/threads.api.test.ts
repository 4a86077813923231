/**
 * Replies, editing and deleting one's own message, and mentions (issue 17 points 3, 4, 5, 7): who
 * may do what, reply depth, the list's threads, notifications (and their emails), and the live
 * stream's events.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type DiscussionMessage, discussionMessageSchema, messageListSchema } from '../../../shared/schemas/discussion.ts';
import type { NotificationList } from '../../../shared/schemas/notifications.ts';
import { type SignedInUser, signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { ideaDiscussions, ideas, mailOutbox, users } from '../../db/schema.ts';
import { personWithItems } from './testing/people.ts';
import { openSse } from './testing/sse-client.ts';

const NOT_FOUND = "This message doesn't exist or has already been removed.";
const REPLY_MISSING = 'The message you are replying to is not in this discussion.';

describe.each(databaseKinds())('discussion threads on %s', (kind) => {
  // Many messages from one person; mention look-ups limited low enough to be reached here.
  const t = useTestServer(kind, { env: { WRITE_LIMITS: 'messages:1000/60,lookups:40/60' } });

  /** An item of Chioma's (owner) where Kofi and Ama (premium) talk; Nkem may not read it. */
  async function setup() {
    const owner = await personWithItems(t, 0, { name: 'Chioma Eze' });
    const kofi = await personWithItems(t, 21, { name: 'Kofi Mensah' });
    const ama = await personWithItems(t, 21, { name: 'Ama Owusu' });
    const nkem = await personWithItems(t, 1, { name: 'Nkem Obi' });
    const idea = await createIdea(t.db, { userId: owner.id });
    return { owner, kofi, ama, nkem, idea };
  }

  const send = (who: SignedInUser, ideaId: string, body: Record<string, unknown>) =>
    t.fetch(`/api/ideas/${ideaId}/messages`, { method: 'POST', headers: who.headers, body: JSON.stringify(body) });
  async function sendOk(who: SignedInUser, ideaId: string, body: Record<string, unknown>): Promise<DiscussionMessage> {
    const res = await send(who, ideaId, body);
    expect(res.status, await res.clone().text()).toBe(201);
    return discussionMessageSchema.parse(await res.json());
  }
  const edit = (who: SignedInUser | null, id: number | string, body: Record<string, unknown>) =>
    t.fetch(`/api/messages/${id}`, { method: 'PATCH', headers: who?.headers ?? { origin: new URL(t.url).origin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const remove = (who: SignedInUser, id: number) => t.fetch(`/api/messages/${id}`, { method: 'DELETE', headers: who.headers });
  const list = async (who: SignedInUser, ideaId: string, q = '') =>
    messageListSchema.parse(await (await t.fetch(`/api/ideas/${ideaId}/messages${q}`, { headers: who.headers })).json());
  const notificationsOf = async (who: SignedInUser) => {
    const res = await t.fetch('/api/notifications', { headers: who.headers });
    expect(res.status).toBe(200);
    return ((await res.json()) as NotificationList).items;
  };
  const messageCount = async (id: string) => (await t.db.select({ n: ideas.messageCount }).from(ideas).where(eq(ideas.id, id)))[0]!.n;
  const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

  describe('replies', () => {
    it('attach to the message they answer, one level deep, and are listed with it', async () => {
      const { owner, kofi, ama, idea } = await setup();
      const top = await sendOk(owner, idea.id, { content: 'What would you pay for this?' });
      const reply = await sendOk(kofi, idea.id, { content: 'About ten dollars.', parentId: top.id });
      expect(reply).toMatchObject({ parentId: top.id, content: 'About ten dollars.', author: { id: kofi.id, name: 'Kofi Mensah', avatarUrl: null } });
      // A reply to a reply answers the top-level message.
      const deeper = await sendOk(ama, idea.id, { content: 'Same here.', parentId: reply.id });
      expect(deeper.parentId).toBe(top.id);
      const later = [];
      for (let i = 1; i <= 3; i++) later.push(await sendOk(owner, idea.id, { content: `later ${i}` }));
      // A late reply to the first message still comes with it; `limit` counts top-level messages.
      const late = await sendOk(ama, idea.id, { content: 'A late reply.', parentId: top.id });
      const latest = await list(owner, idea.id, '?limit=2');
      expect(latest.items.map((m) => m.content)).toEqual(['later 2', 'later 3']);
      expect(latest.hasMore).toBe(true);
      const earlier = await list(owner, idea.id, `?limit=2&before=${latest.items[0]!.id}`);
      expect(earlier.items.map((m) => [m.content, m.parentId])).toEqual([
        ['What would you pay for this?', null],
        ['About ten dollars.', top.id],
        ['Same here.', top.id],
        ['later 1', null],
        ['A late reply.', top.id],
      ]);
      expect(earlier.hasMore).toBe(false);
      expect(late.id).toBeGreaterThan(later[2]!.id);
      expect(await messageCount(idea.id)).toBe(7);
    });

    it('refuse a message of another discussion, a missing one and a deleted one; nothing is written', async () => {
      const { owner, kofi, idea } = await setup();
      // Not even the discussion of an item nobody has written about yet.
      const quiet = await createIdea(t.db, { userId: owner.id });
      expect((await send(kofi, quiet.id, { content: 'A reply to nothing', parentId: 2 ** 40 })).status).toBe(422);
      expect(await t.db.select().from(ideaDiscussions).where(eq(ideaDiscussions.ideaId, quiet.id))).toEqual([]);
      const elsewhere = await createIdea(t.db, { userId: owner.id });
      const foreign = await sendOk(owner, elsewhere.id, { content: 'In another discussion.' });
      const top = await sendOk(owner, idea.id, { content: 'Here.' });
      await sendOk(kofi, idea.id, { content: 'A reply keeps it as a placeholder.', parentId: top.id });
      expect((await remove(owner, top.id)).status).toBe(204);
      for (const parentId of [foreign.id, 2 ** 40, top.id]) {
        const res = await send(kofi, idea.id, { content: 'Refused reply', parentId });
        expect(res.status, String(parentId)).toBe(422);
        expect(await res.json()).toEqual({ error: { code: 'validation_failed', message: REPLY_MISSING, fields: { parentId: [REPLY_MISSING] } } });
      }
      for (const parentId of [0, -1, 1.5, 'abc']) expect((await send(kofi, idea.id, { content: 'Bad', parentId })).status, String(parentId)).toBe(400);
      expect((await list(owner, idea.id)).items.map((m) => m.content)).toEqual(['', 'A reply keeps it as a placeholder.']);
      expect(await messageCount(idea.id)).toBe(1);
      // Answering a reply under the placeholder is fine: the thread goes on.
      const kept = (await list(owner, idea.id)).items[1]!;
      expect((await sendOk(owner, idea.id, { content: 'Still talking.', parentId: kept.id })).parentId).toBe(top.id);
    });

    it('tell the author of the message answered (kind reply, and by email), the owner once, and nobody about their own', async () => {
      const { owner, kofi, ama, idea } = await setup();
      const kofis = await sendOk(kofi, idea.id, { content: 'Kofi asks a question.' });
      const before = (await notificationsOf(owner)).length;
      const reply = await sendOk(ama, idea.id, { content: 'Ama answers.', parentId: kofis.id });
      const toKofi = await notificationsOf(kofi);
      expect(toKofi).toHaveLength(1);
      expect(toKofi[0]).toMatchObject({ kind: 'reply', actor: { id: ama.id, name: 'Ama Owusu', avatarUrl: null }, item: { id: idea.id }, excerpt: 'Ama answers.' });
      // The owner is told of the new message as before ('discussion'), once.
      const toOwner = await notificationsOf(owner);
      expect(toOwner.length - before).toBe(1);
      expect(toOwner[0]).toMatchObject({ kind: 'discussion', actor: { id: ama.id } });
      // The reply's email waits in the outbox, under the per-type preferences (replies by email by default).
      const mails = await t.db.select({ data: mailOutbox.data }).from(mailOutbox).where(eq(mailOutbox.userId, kofi.id));
      expect(mails.flatMap((m) => (m.data as { events: { kind: string; messageId: number }[] }).events)).toEqual([
        expect.objectContaining({ kind: 'reply', messageId: reply.id }),
      ]);
      // Replying to one's own message, the owner replying to theirs: nobody is told about their own action.
      await sendOk(kofi, idea.id, { content: 'Kofi adds to his own.', parentId: kofis.id });
      expect(await notificationsOf(kofi)).toHaveLength(1);
      const owners = await sendOk(owner, idea.id, { content: 'Owner says hi.' });
      const ownerCount = (await notificationsOf(owner)).length;
      await sendOk(owner, idea.id, { content: 'Owner again.', parentId: owners.id });
      expect(await notificationsOf(owner)).toHaveLength(ownerCount);
      // The owner replied to: one notification, of the more specific kind.
      await sendOk(kofi, idea.id, { content: 'Kofi answers the owner.', parentId: owners.id });
      const latest = await notificationsOf(owner);
      expect(latest).toHaveLength(ownerCount + 1);
      expect(latest[0]).toMatchObject({ kind: 'reply', actor: { id: kofi.id } });
    });

    it('are for people who may read the discussion only', async () => {
      const { owner, nkem, idea } = await setup();
      const top = await sendOk(owner, idea.id, { content: 'Members only.' });
      const res = await send(nkem, idea.id, { content: 'Let me in', parentId: top.id });
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe('premium_required');
      const visitor = await t.fetch(`/api/ideas/${idea.id}/messages`, {
        method: 'POST',
        headers: { origin: new URL(t.url).origin, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'hi', parentId: top.id }),
      });
      expect(visitor.status).toBe(401);
    });
  });

  describe('editing and deleting', () => {
    it('only the author edits, with the posting rules; the message is marked edited', async () => {
      const { owner, kofi, idea } = await setup();
      const moderator = await signedInUser(t, { role: 'moderator' });
      const admin = await signedInUser(t, { role: 'admin' });
      const mine = await sendOk(kofi, idea.id, { content: 'Frist draft' });
      expect(mine.editedAt).toBeNull();
      for (const who of [owner, moderator, admin]) {
        const res = await edit(who, mine.id, { content: 'Hijacked' });
        expect(res.status).toBe(403);
        expect(await errorOf(res)).toEqual({ code: 'forbidden', message: 'Only its author can edit a message.' });
      }
      expect((await edit(null, mine.id, { content: 'Anonymous' })).status).toBe(401);
      for (const [content, message] of [
        ['   ', 'Message cannot be empty.'],
        ['x'.repeat(2001), 'Message must be at most 2000 characters.'],
      ] as const) {
        const res = await edit(kofi, mine.id, { content });
        expect(res.status).toBe(422);
        expect(await errorOf(res)).toMatchObject({ code: 'validation_failed', message });
      }
      expect((await edit(kofi, mine.id, {})).status).toBe(400);
      for (const bad of ['abc', '0', '99999999999999999999', String(2 ** 40)]) {
        const res = await edit(kofi, bad, { content: 'x' });
        expect(res.status, bad).toBe(404);
        expect((await errorOf(res)).message).toBe(NOT_FOUND);
      }
      const res = await edit(kofi, mine.id, { content: '  First draft, corrected  ' });
      expect(res.status).toBe(200);
      const edited = discussionMessageSchema.parse(await res.json());
      expect(edited).toMatchObject({ id: mine.id, content: 'First draft, corrected', createdAt: mine.createdAt });
      expect(edited.editedAt).not.toBeNull();
      expect((await list(owner, idea.id)).items).toEqual([edited]);
      expect(await messageCount(idea.id)).toBe(1);
    });

    it('an author who may no longer read the discussion cannot edit there', async () => {
      const { owner, kofi, idea } = await setup();
      const mine = await sendOk(kofi, idea.id, { content: 'Written while premium.' });
      await t.db.execute(sql`delete from ideas where user_id = ${kofi.id}`);
      const res = await edit(kofi, mine.id, { content: 'Edited after losing premium.' });
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe('premium_required');
      expect((await list(owner, idea.id)).items[0]!.content).toBe('Written while premium.');
      // Deleting one's own message stays possible.
      expect((await remove(kofi, mine.id)).status).toBe(204);
    });

    it('the author deletes their own: gone, or "Message deleted" while it has replies, gone with its last reply', async () => {
      const { owner, kofi, ama, idea } = await setup();
      const alone = await sendOk(kofi, idea.id, { content: 'Nobody answers this.' });
      const asked = await sendOk(kofi, idea.id, { content: 'Who answers this?' });
      const r1 = await sendOk(ama, idea.id, { content: 'I do.', parentId: asked.id });
      const r2 = await sendOk(owner, idea.id, { content: 'Me too.', parentId: asked.id });
      expect(await messageCount(idea.id)).toBe(4);
      expect((await remove(ama, alone.id)).status).toBe(403);
      expect((await remove(kofi, alone.id)).status).toBe(204);
      expect((await remove(kofi, asked.id)).status).toBe(204);
      const items = (await list(owner, idea.id)).items;
      expect(items.map((m) => m.id)).toEqual([asked.id, r1.id, r2.id]);
      expect(items[0]).toEqual({ id: asked.id, content: '', createdAt: asked.createdAt, author: { id: null, name: null, avatarUrl: null }, parentId: null, editedAt: null, deleted: true, mentions: [] });
      expect(await messageCount(idea.id)).toBe(2);
      // The placeholder is not the author's any more: no edit, no second delete, nothing left in their export.
      expect((await edit(kofi, asked.id, { content: 'Back' })).status).toBe(404);
      expect((await remove(kofi, asked.id)).status).toBe(404);
      const exported = await t.fetch('/api/me/export', { headers: kofi.headers });
      if (exported.status === 200) expect(await exported.text()).not.toContain('Who answers this?');
      // Its replies go one by one; with the last, the placeholder goes too.
      expect((await remove(ama, r1.id)).status).toBe(204);
      expect((await list(owner, idea.id)).items.map((m) => m.id)).toEqual([asked.id, r2.id]);
      expect((await remove(owner, r2.id)).status).toBe(204);
      expect((await list(owner, idea.id)).items).toEqual([]);
      expect(await messageCount(idea.id)).toBe(0);
      const rows = (await t.db.execute(sql`select count(*)::int as n from idea_discussion_messages where id = ${asked.id}`)) as unknown as { rows: { n: number }[] };
      expect(rows.rows[0]!.n).toBe(0);
    });

    it('a moderator removing a message that has replies leaves the placeholder and tells its author', async () => {
      const { owner, kofi, ama, idea } = await setup();
      const moderator = await signedInUser(t, { role: 'moderator' });
      const asked = await sendOk(kofi, idea.id, { content: 'Something rude.' });
      await sendOk(ama, idea.id, { content: 'Please be kind.', parentId: asked.id });
      const res = await t.fetch(`/api/messages/${asked.id}`, { method: 'DELETE', headers: moderator.headers, body: JSON.stringify({ reason: 'Be kind.' }) });
      expect(res.status).toBe(204);
      expect((await list(owner, idea.id)).items[0]).toMatchObject({ id: asked.id, deleted: true, content: '' });
      expect((await notificationsOf(kofi))[0]).toMatchObject({ kind: 'removal', removed: { target: 'message', reason: 'Be kind.' } });
      // The owner's notification of that message quotes nothing of it any more.
      const told = (await notificationsOf(owner)).find((n) => n.kind === 'discussion' && n.actor?.id === kofi.id);
      expect(told).toMatchObject({ excerpt: null });
      // The placeholder cannot be reported: there is nothing left in it.
      const report = await t.fetch('/api/reports', {
        method: 'POST',
        headers: ama.headers,
        body: JSON.stringify({ targetType: 'message', targetId: String(asked.id), reason: 'spam' }),
      });
      expect(report.status).toBe(404);
    });

    it('the stream tells edits and deletions live: message-updated, the placeholder, message-deleted', async () => {
      const { owner, kofi, ama, idea } = await setup();
      const s = await openSse(`${t.url}/api/ideas/${idea.id}/messages/stream`, { cookie: owner.cookie });
      await s.waitUntil((c) => c.comments.includes('ready'), 10_000, 'ready');
      const asked = await sendOk(kofi, idea.id, { content: 'Original text' });
      const reply = await sendOk(ama, idea.id, { content: 'A reply', parentId: asked.id });
      await s.waitUntil((c) => c.messages().length === 2, 10_000, 'both messages');
      expect(s.messages<DiscussionMessage>()[1]).toMatchObject({ id: reply.id, parentId: asked.id });
      const edited = discussionMessageSchema.parse(await (await edit(kofi, asked.id, { content: 'Edited text' })).json());
      await s.waitUntil((c) => c.events.some((e) => e.event === 'message-updated'), 10_000, 'message-updated');
      const updates = () => s.events.filter((e) => e.event === 'message-updated').map((e) => JSON.parse(e.data) as DiscussionMessage);
      expect(updates()[0]).toEqual(edited);
      // No id line: the resume point stays at the newest message.
      expect(s.lastEventId).toBe(String(reply.id));
      expect((await remove(kofi, asked.id)).status).toBe(204);
      await s.waitUntil(() => updates().length === 2, 10_000, 'the placeholder');
      expect(updates()[1]).toMatchObject({ id: asked.id, deleted: true, content: '', author: { id: null, name: null, avatarUrl: null } });
      expect((await remove(ama, reply.id)).status).toBe(204);
      await s.waitUntil((c) => c.events.filter((e) => e.event === 'message-deleted').length === 2, 10_000, 'both deleted');
      expect(s.events.filter((e) => e.event === 'message-deleted').map((e) => JSON.parse(e.data))).toEqual([{ id: reply.id }, { id: asked.id }]);
      // Nothing of the deleted text went out after it was deleted.
      const afterDelete = s.events.slice(s.events.findIndex((e) => e.event === 'message-updated' && e.data.includes('"deleted":true')));
      expect(afterDelete.map((e) => e.data).join('')).not.toContain('Edited text');
      s.close();
    });
  });

  describe('mentions', () => {
    it('are stored as references to people named in the text, shown with the message, and re-resolved on edit', async () => {
      const { owner, kofi, ama, nkem, idea } = await setup();
      const m = await sendOk(kofi, idea.id, {
        content: 'Thanks @Chioma Eze and @Ama Owusu!',
        // Nkem is not named in the text; an unknown id is nobody.
        mentions: [owner.id, ama.id, nkem.id, 'no-such-person', owner.id],
      });
      expect(m.mentions).toEqual([
        { id: owner.id, name: 'Chioma Eze' },
        { id: ama.id, name: 'Ama Owusu' },
      ]);
      expect((await list(owner, idea.id)).items[0]!.mentions).toEqual(m.mentions);
      const res = await edit(kofi, m.id, { content: 'Thanks @Ama Owusu!', mentions: [owner.id, ama.id] });
      expect(res.status).toBe(200);
      expect(((await res.json()) as DiscussionMessage).mentions).toEqual([{ id: ama.id, name: 'Ama Owusu' }]);
      expect((await list(owner, idea.id)).items[0]!.mentions).toEqual([{ id: ama.id, name: 'Ama Owusu' }]);
      const many = Array.from({ length: 11 }, (_, i) => i);
      const people = await Promise.all(many.map((i) => signedInUser(t, { name: `Person Number ${String.fromCharCode(65 + i)}` })));
      const tooMany = await send(kofi, idea.id, { content: people.map((p) => `@${p.name}`).join(' '), mentions: people.map((p) => p.id) });
      expect(tooMany.status).toBe(422);
      expect((await errorOf(tooMany)).message).toBe('A message can mention at most 10 people.');
    });

    it('tell the people mentioned who may read the discussion, never oneself nor anyone who may not; edits tell only the newly mentioned', async () => {
      const { owner, kofi, ama, nkem, idea } = await setup();
      const m = await sendOk(kofi, idea.id, { content: '@Ama Owusu @Nkem Obi @Kofi Mensah look', mentions: [ama.id, nkem.id, kofi.id] });
      const toAma = await notificationsOf(ama);
      expect(toAma).toHaveLength(1);
      expect(toAma[0]).toMatchObject({ kind: 'mention', actor: { id: kofi.id }, item: { id: idea.id } });
      // Nkem may not read the discussion: no notification, no mail, nothing of it.
      expect(await notificationsOf(nkem)).toEqual([]);
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, nkem.id))).toEqual([]);
      expect(await notificationsOf(kofi)).toEqual([]);
      // The owner is told of the message once (mentioned or not).
      expect((await notificationsOf(owner)).filter((n) => n.kind === 'discussion' || n.kind === 'mention')).toHaveLength(1);
      // Editing keeps Ama (told already) and adds the owner: only the owner is told again, as a mention.
      const before = (await notificationsOf(owner)).length;
      expect((await edit(kofi, m.id, { content: '@Ama Owusu @Chioma Eze look again', mentions: [ama.id, owner.id] })).status).toBe(200);
      expect(await notificationsOf(ama)).toHaveLength(1);
      const toOwner = await notificationsOf(owner);
      expect(toOwner).toHaveLength(before + 1);
      expect(toOwner[0]).toMatchObject({ kind: 'mention', actor: { id: kofi.id } });
      // A banned person who would otherwise read it is not told either.
      const banned = await personWithItems(t, 21, { name: 'Bola Banned' });
      await t.db.update(users).set({ banned: true }).where(eq(users.id, banned.id));
      await sendOk(kofi, idea.id, { content: 'Hello @Bola Banned', mentions: [banned.id] });
      const bannedNotifications = (await t.db.execute(sql`select count(*)::int as n from notifications where user_id = ${banned.id}`)) as unknown as { rows: { n: number }[] };
      expect(bannedNotifications.rows[0]!.n).toBe(0);
    });

    it('suggestions: only for readers of the discussion, names and ids only, creator and participants first, bounded', async () => {
      const { owner, kofi, ama, nkem, idea } = await setup();
      await sendOk(ama, idea.id, { content: 'Ama was here.' });
      // Names no other test uses, so 'ye' finds these two only.
      const yemi = await personWithItems(t, 21, { name: 'Yemi Yusuf' });
      await sendOk(yemi, idea.id, { content: 'Yemi was here.' });
      const outsider = await signedInUser(t, { name: 'Yetunde Stranger' });
      const suggest = (who: SignedInUser | null, q: string, ideaId = idea.id) =>
        t.fetch(`/api/ideas/${ideaId}/mention-suggestions?q=${encodeURIComponent(q)}`, { headers: who?.headers ?? {} });
      expect((await suggest(null, 'a')).status).toBe(401);
      const locked = await suggest(nkem, 'a');
      expect(locked.status).toBe(403);
      expect((await errorOf(locked)).code).toBe('premium_required');
      expect((await suggest(kofi, 'a', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await suggest(kofi, 'x'.repeat(51))).status).toBe(400);

      const res = await suggest(kofi, '');
      expect(res.status).toBe(200);
      // Empty: the creator, then the participants (latest first); never the viewer.
      expect(((await res.json()) as { items: unknown[] }).items).toEqual([
        { id: owner.id, name: 'Chioma Eze' },
        { id: yemi.id, name: 'Yemi Yusuf' },
        { id: ama.id, name: 'Ama Owusu' },
      ]);
      const ye = (await (await suggest(kofi, 'ye')).json()) as { items: { id: string; name: string }[] };
      // Yemi (a participant) first, Yetunde (someone else) after; only names and ids.
      expect(ye.items).toEqual([
        { id: yemi.id, name: 'Yemi Yusuf' },
        { id: outsider.id, name: 'Yetunde Stranger' },
      ]);
      expect(JSON.stringify(ye)).not.toContain('@');
      // Any word of the name, from its start.
      expect(((await (await suggest(kofi, 'yus')).json()) as { items: { id: string }[] }).items.map((p) => p.id)).toEqual([yemi.id]);
      expect(((await (await suggest(kofi, 'emi')).json()) as { items: { id: string }[] }).items).toEqual([]);
      // '%' is a letter, not a pattern.
      expect(((await (await suggest(kofi, '%')).json()) as { items: unknown[] }).items).toEqual([]);
      // Bounded: at most 8, and a person's look-ups are limited.
      await Promise.all(Array.from({ length: 9 }, (_, i) => signedInUser(t, { name: `Zed Person ${String.fromCharCode(65 + i)}` })));
      expect(((await (await suggest(kofi, 'zed')).json()) as { items: unknown[] }).items).toHaveLength(8);
      let last = 200;
      for (let i = 0; i < 45 && last !== 429; i++) last = (await suggest(ama, 'a')).status;
      expect(last).toBe(429);
    });
  });
});
