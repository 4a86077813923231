/** Posting, reading and removing discussion messages (SPEC §2, §5 'Discussion message', §6). */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discussionMessageSchema, messageListSchema } from '../../../shared/schemas/discussion.ts';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { ideaDiscussions, ideas } from '../../db/schema.ts';
import { personWithItems, post, postOk } from './testing/people.ts';

const IDEA_NOT_FOUND = "The idea you're looking for doesn't exist or has been removed.";
const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(databaseKinds())('discussion messages on %s', (kind) => {
  // Tests here post many messages as one person: well above the per-person limit (write-limits.api.test.ts).
  const t = useTestServer(kind, { env: { WRITE_LIMITS: 'messages:1000/60' } });

  async function ownItem() {
    const owner = await personWithItems(t, 0, { name: 'Chioma Eze' });
    const idea = await createIdea(t.db, { userId: owner.id });
    return { owner, idea };
  }
  const messageCount = async (id: string) =>
    (await t.db.select({ n: ideas.messageCount }).from(ideas).where(eq(ideas.id, id)))[0]!.n;

  it('stores a message trimmed, with its author, creates the discussion on first use and counts it', async () => {
    const { owner, idea } = await ownItem();
    expect(await t.db.select().from(ideaDiscussions).where(eq(ideaDiscussions.ideaId, idea.id))).toHaveLength(0);
    const res = await post(t, idea.id, owner.headers, '   \n  Great idea, count me in!  \n ');
    expect(res.status).toBe(201);
    const message = discussionMessageSchema.parse(await res.json());
    expect(message.content).toBe('Great idea, count me in!');
    expect(message.author).toEqual({ id: owner.id, name: 'Chioma Eze', avatarUrl: null });
    expect(await t.db.select().from(ideaDiscussions).where(eq(ideaDiscussions.ideaId, idea.id))).toHaveLength(1);
    expect(await messageCount(idea.id)).toBe(1);
    const detail = (await (await t.fetch(`/api/ideas/${idea.id}`, { headers: owner.headers })).json()) as { commentCount: number };
    expect(detail.commentCount).toBe(1);
  });

  it('refuses empty, blank and over-long messages with clear messages, and accepts exactly 2,000 characters', async () => {
    const { owner, idea } = await ownItem();
    for (const [content, message] of [
      ['', 'Message cannot be empty.'],
      ['   \n\t  ', 'Message cannot be empty.'],
      ['x'.repeat(2001), 'Message must be at most 2000 characters.'],
      [`  ${'é'.repeat(2001)}  `, 'Message must be at most 2000 characters.'],
    ] as const) {
      const res = await post(t, idea.id, owner.headers, content);
      expect(res.status, JSON.stringify(content.slice(0, 10))).toBe(422);
      expect(await res.json()).toEqual({ error: { code: 'validation_failed', message, fields: { content: [message] } } });
    }
    // 2,000 characters after trimming is fine, and emoji count as one character each.
    expect((await postOk(t, idea.id, owner.headers, `  ${'y'.repeat(2000)}  `)).content).toHaveLength(2000);
    expect([...(await postOk(t, idea.id, owner.headers, '😀'.repeat(2000))).content]).toHaveLength(2000);
    const missing = await t.fetch(`/api/ideas/${idea.id}/messages`, { method: 'POST', headers: owner.headers, body: '{}' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe('Message is required.');
    expect(await messageCount(idea.id)).toBe(2);
  });

  it('lists oldest first: the latest page by default, earlier pages with before, later ones with after', async () => {
    const { owner, idea } = await ownItem();
    const made = [];
    for (let i = 1; i <= 7; i++) made.push(await postOk(t, idea.id, owner.headers, `message ${i}`));
    const page = async (q: string) =>
      messageListSchema.parse(await (await t.fetch(`/api/ideas/${idea.id}/messages${q}`, { headers: owner.headers })).json());
    const latest = await page('?limit=3');
    expect(latest.items.map((m) => m.content)).toEqual(['message 5', 'message 6', 'message 7']);
    expect(latest.hasMore).toBe(true);
    const earlier = await page(`?limit=3&before=${latest.items[0]!.id}`);
    expect(earlier.items.map((m) => m.content)).toEqual(['message 2', 'message 3', 'message 4']);
    const earliest = await page(`?limit=3&before=${earlier.items[0]!.id}`);
    expect(earliest.items.map((m) => m.content)).toEqual(['message 1']);
    expect(earliest.hasMore).toBe(false);
    const after = await page(`?limit=4&after=${made[1]!.id}`);
    expect(after.items.map((m) => m.content)).toEqual(['message 3', 'message 4', 'message 5', 'message 6']);
    expect(after.hasMore).toBe(true);
    expect((await page('')).items).toHaveLength(7);
    expect((await t.fetch(`/api/ideas/${idea.id}/messages?limit=500`, { headers: owner.headers })).status).toBe(400);
  });

  it('lets moderators and admins remove any message and authors delete their own, and refuses everyone else', async () => {
    const { owner, idea } = await ownItem();
    const ordinary = await signedInUser(t);
    const moderator = await signedInUser(t, { role: 'moderator' });
    const admin = await signedInUser(t, { role: 'admin' });
    const m1 = await postOk(t, idea.id, owner.headers, 'first');
    const m2 = await postOk(t, idea.id, owner.headers, 'second');
    const m3 = await postOk(t, idea.id, owner.headers, 'third');
    const remove = (id: number | string, headers: Record<string, string>) => t.fetch(`/api/messages/${id}`, { method: 'DELETE', headers });

    const byOther = await remove(m1.id, ordinary.headers);
    expect(byOther.status).toBe(403);
    expect(await byOther.json()).toEqual({ error: { code: 'forbidden', message: 'Only its author, moderators and admins can delete a message.' } });
    expect((await remove(m1.id, { origin: new URL(t.url).origin })).status).toBe(401);

    expect((await remove(m1.id, moderator.headers)).status).toBe(204);
    expect((await remove(m2.id, admin.headers)).status).toBe(204);
    expect((await remove(m3.id, owner.headers)).status).toBe(204);
    const again = await remove(m1.id, moderator.headers);
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe("This message doesn't exist or has already been removed.");
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      expect((await remove(bad, admin.headers)).status, bad).toBe(404);
      expect((await remove(bad, ordinary.headers)).status, bad).toBe(404);
    }

    const list = messageListSchema.parse(await (await t.fetch(`/api/ideas/${idea.id}/messages`, { headers: owner.headers })).json());
    expect(list.items).toEqual([]);
    expect(await messageCount(idea.id)).toBe(0);
  });

  it('answers 404 with the not-found message for missing and malformed items on every discussion endpoint', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    for (const id of [MISSING, 'not-a-uuid', '1', "x' or 1=1 --"]) {
      const path = `/api/ideas/${encodeURIComponent(id)}`;
      for (const res of [
        await t.fetch(path, { headers: admin.headers }),
        await t.fetch(`${path}/messages`, { headers: admin.headers }),
        await post(t, encodeURIComponent(id), admin.headers, 'hello'),
      ]) {
        expect(res.status, `${res.url}`).toBe(404);
        expect(await res.json()).toEqual({ error: { code: 'not_found', message: IDEA_NOT_FOUND } });
      }
    }
  });

  it('keeps the message counter exact under concurrent posts and removals', async () => {
    const { owner, idea } = await ownItem();
    const admin = await signedInUser(t, { role: 'admin' });
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => postOk(t, idea.id, owner.headers, `parallel ${i}`)));
    await Promise.all(made.slice(0, 5).map((m) => t.fetch(`/api/messages/${m.id}`, { method: 'DELETE', headers: admin.headers })));
    expect(await messageCount(idea.id)).toBe(7);
    const result = (await t.db.execute(sql`select count(*)::int as n from idea_discussion_messages m
        join idea_discussions d on d.id = m.discussion_id where d.idea_id = ${idea.id}`)) as unknown as { rows: { n: number }[] };
    const n = result.rows[0]!.n;
    expect(n).toBe(7);
  });
});
