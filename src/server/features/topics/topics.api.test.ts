/**
 * Topics over HTTP on a real database (issue 27 point 3): the admin list (add, rename, merge,
 * remove; audited; admins only), items carrying up to three, lists narrowed to a topic in every
 * sort, the topic's page data, its feed and the sitemap.
 */
import { randomUUID } from 'node:crypto';
import { parseFeed } from '@rowanmanning/feed-parser';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_ACCESS_DENIED } from '../../../shared/schemas/admin.ts';
import { ideaListResponseSchema } from '../../../shared/schemas/ideas.ts';
import { type Topic, TOPIC_MESSAGES, topicListSchema, topicMergedSchema, topicSchema } from '../../../shared/schemas/topics.ts';
import { auditLog } from '../../db/schema.ts';
import { type SignedInUser, signedInUser, siteHeaders } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { type TestServer, useTestServer } from '../../../../tests/support/test-server.ts';
import { errorOf, share, sharer } from '../ideas/api-test-helpers.ts';

const HOUR = 3_600_000;

function call(t: TestServer, who: SignedInUser | null, method: string, path: string, body?: unknown) {
  return t.fetch(path, { method, headers: who ? who.headers : siteHeaders(t), body: body === undefined ? undefined : JSON.stringify(body) });
}

/** A name no other topic has. */
const unique = (word: string) => `${word} ${randomUUID().slice(0, 6)}`;

describe.each(databaseKinds())('topics on %s', (kind) => {
  const t = useTestServer(kind);
  let admin: SignedInUser;

  async function addTopic(name: string, extra: Record<string, unknown> = {}): Promise<Topic> {
    admin ??= await signedInUser(t, { role: 'admin', name: 'Amara Admin' });
    const res = await call(t, admin, 'POST', '/api/admin/topics', { name, ...extra });
    const body: unknown = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    return topicSchema.parse(body);
  }

  async function list(query: string) {
    const res = await t.fetch(`/api/ideas${query}`);
    expect(res.status, query).toBe(200);
    return ideaListResponseSchema.parse(await res.json());
  }

  const link = (ideaId: string, topicId: string, position: number) =>
    t.db.execute(sql`insert into idea_topics (idea_id, topic_id, position) values (${ideaId}::uuid, ${topicId}::uuid, ${position})`);

  it('lets admins add (slug from the name), rename and remove topics, each audited once; others are refused', async () => {
    const name = unique('Clean Energy & Water');
    const topic = await addTopic(name, { description: '  Power and water where the grid is not.  ' });
    expect(topic).toMatchObject({ name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), description: 'Power and water where the grid is not.', itemCount: 0 });

    const everyone = topicListSchema.parse(await (await t.fetch('/api/topics')).json());
    expect(everyone.items.map((x) => x.slug)).toContain(topic.slug);
    expect((await t.fetch(`/api/topics/${topic.slug}`)).status).toBe(200);

    const renamed = await call(t, admin, 'PATCH', `/api/admin/topics/${topic.id}`, { name: `${name} Plus`, slug: `${topic.slug}-plus` });
    expect(renamed.status).toBe(200);
    expect(topicSchema.parse(await renamed.json())).toMatchObject({ name: `${name} Plus`, slug: `${topic.slug}-plus` });
    expect((await t.fetch(`/api/topics/${topic.slug}`)).status).toBe(404);

    expect((await call(t, admin, 'DELETE', `/api/admin/topics/${topic.id}`)).status).toBe(204);
    expect((await call(t, admin, 'DELETE', `/api/admin/topics/${topic.id}`)).status).toBe(404);
    expect((await t.fetch(`/api/topics/${topic.slug}-plus`)).status).toBe(404);

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, topic.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['topic.add', 'topic.remove', 'topic.rename']);
    expect(entries.every((e) => e.actorId === admin.id && e.targetType === 'topic')).toBe(true);
    expect(entries.find((e) => e.action === 'topic.rename')?.details).toMatchObject({ name: { from: name, to: `${name} Plus` } });

    const moderator = await signedInUser(t, { role: 'moderator' });
    const person = await signedInUser(t);
    for (const who of [moderator, person]) {
      const refused = await errorOf(await call(t, who, 'POST', '/api/admin/topics', { name: unique('Nope') }), 403);
      expect(refused.message).toBe(ADMIN_ACCESS_DENIED);
    }
    await errorOf(await call(t, null, 'GET', '/api/admin/topics'), 401);
  });

  it('refuses a blank or long name, a bad slug and a taken name or slug, changing nothing', async () => {
    const taken = await addTopic(unique('Fintech'));
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    expect((await errorOf(await call(t, admin, 'POST', '/api/admin/topics', { name: '   ' }), 400)).fields?.name).toEqual([TOPIC_MESSAGES.nameRequired]);
    expect((await errorOf(await call(t, admin, 'POST', '/api/admin/topics', { name: 'x'.repeat(61) }), 400)).fields?.name).toEqual([TOPIC_MESSAGES.nameTooLong]);
    expect((await errorOf(await call(t, admin, 'POST', '/api/admin/topics', { name: unique('Ok'), slug: 'Not A Slug' }), 400)).fields?.slug).toEqual([TOPIC_MESSAGES.slugInvalid]);
    expect((await errorOf(await call(t, admin, 'POST', '/api/admin/topics', { name: taken.name.toUpperCase() }), 409)).message).toBe(TOPIC_MESSAGES.nameTaken);
    expect((await errorOf(await call(t, admin, 'POST', '/api/admin/topics', { name: unique('Other'), slug: taken.slug }), 409)).message).toBe(TOPIC_MESSAGES.slugTaken);
    const other = await addTopic(unique('Health'));
    expect((await errorOf(await call(t, admin, 'PATCH', `/api/admin/topics/${other.id}`, { slug: taken.slug }), 409)).fields?.slug).toEqual([TOPIC_MESSAGES.slugTaken]);
    expect((await errorOf(await call(t, admin, 'PATCH', `/api/admin/topics/not-an-id`, { name: 'x' }), 404)).message).toBe(TOPIC_MESSAGES.notFound);
    const after = (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    expect(after).toBe(before + 1);
  });

  it('merges a topic into another: its items carry the other in its place, one link where they had both, and it goes', async () => {
    const from = await addTopic(unique('Agritech'));
    const into = await addTopic(unique('Agriculture'));
    const third = await addTopic(unique('Water'));
    const u = await createUser(t.db);
    const onlyFrom = await createIdea(t.db, { userId: u.id });
    const both = await createIdea(t.db, { userId: u.id });
    await link(onlyFrom.id, third.id, 0);
    await link(onlyFrom.id, from.id, 1);
    await link(both.id, into.id, 0);
    await link(both.id, from.id, 1);

    expect((await errorOf(await call(t, admin, 'POST', `/api/admin/topics/${from.id}/merge`, { into: from.id }), 400)).message).toBe(TOPIC_MESSAGES.mergeSelf);
    const res = await call(t, admin, 'POST', `/api/admin/topics/${from.id}/merge`, { into: into.id });
    expect(res.status).toBe(200);
    const merged = topicMergedSchema.parse(await res.json());
    expect(merged).toMatchObject({ moved: 1, topic: { id: into.id, itemCount: 2 } });
    expect((await t.fetch(`/api/topics/${from.slug}`)).status).toBe(404);

    const card = async (id: string) => (await (await t.fetch(`/api/ideas/${id}`)).json()) as { topics: { slug: string }[] };
    expect((await card(onlyFrom.id)).topics.map((x) => x.slug)).toEqual([third.slug, into.slug]);
    expect((await card(both.id)).topics.map((x) => x.slug)).toEqual([into.slug]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'topic.merge'));
    expect(entry).toMatchObject({ targetId: into.id, details: { from: { id: from.id, slug: from.slug }, moved: 1 } });
  });

  it('takes up to three topics when an item is shared and edited, in the chosen order; refuses a fourth or one not on the list', async () => {
    const [a, b, c, d] = [await addTopic(unique('Alpha')), await addTopic(unique('Beta')), await addTopic(unique('Gamma')), await addTopic(unique('Delta'))];
    const author = await sharer(t);
    const tooMany = await errorOf(await call(t, author, 'POST', '/api/ideas', { category: 'idea', title: 'A pump for four topics', description: 'A pump that runs on sunlight so farmers can water crops.', price: 10, currency: 'NGN', topics: [a.slug, b.slug, c.slug, d.slug] }), 422);
    expect(tooMany.fields?.topics).toEqual([TOPIC_MESSAGES.tooMany]);
    const unknown = await errorOf(await call(t, author, 'POST', '/api/ideas', { category: 'idea', title: 'A pump for a made up topic', description: 'A pump that runs on sunlight so farmers can water crops.', price: 10, currency: 'NGN', topics: ['no-such-topic'] }), 422);
    expect(unknown.fields?.topics).toEqual([TOPIC_MESSAGES.unknown]);
    expect((await list(`?topic=${a.slug}`)).items).toHaveLength(0);

    const { idea } = await share(t, author, { topics: [c.slug, a.slug, c.slug.toUpperCase()] });
    expect(idea.topics).toEqual([{ slug: c.slug, name: c.name }, { slug: a.slug, name: a.name }]);

    const edit = (body: unknown) => call(t, author, 'PATCH', `/api/ideas/${idea.id}`, body);
    expect((await errorOf(await edit({ topics: [a.slug, b.slug, c.slug, d.slug] }), 422)).fields?.topics).toEqual([TOPIC_MESSAGES.tooMany]);
    const kept = await edit({ title: 'A renamed solar pump for farms' });
    expect(((await kept.json()) as { topics: unknown[] }).topics).toHaveLength(2);
    const changed = await edit({ topics: [d.slug, b.slug, a.slug] });
    expect(((await changed.json()) as { topics: { slug: string }[] }).topics.map((x) => x.slug)).toEqual([d.slug, b.slug, a.slug]);
    const cleared = await edit({ topics: [] });
    expect(((await cleared.json()) as { topics: unknown[] }).topics).toEqual([]);
    // The database holds the rule too: a fourth link has no place.
    await t.db.execute(sql`insert into idea_topics (idea_id, topic_id, position) values (${idea.id}::uuid, ${a.id}::uuid, 0), (${idea.id}::uuid, ${b.id}::uuid, 1), (${idea.id}::uuid, ${c.id}::uuid, 2)`);
    await expect(link(idea.id, d.id, 3)).rejects.toThrow();
  });

  it("narrows every sort to a topic (?topic=slug), 'Top' of the day included; an unknown topic is 404", async () => {
    const topic = await addTopic(unique('Logistics'));
    const u = await createUser(t.db);
    const now = Date.now();
    const old = await createIdea(t.db, { userId: u.id, createdAt: new Date(now - 30 * HOUR) });
    const fresh = await createIdea(t.db, { userId: u.id, createdAt: new Date(now - 2 * HOUR) });
    const fresher = await createIdea(t.db, { userId: u.id, createdAt: new Date(now - HOUR) });
    const outside = await createIdea(t.db, { userId: u.id, createdAt: new Date(now - HOUR) });
    for (const [i, idea] of [old, fresh, fresher].entries()) await link(idea.id, topic.id, i === 0 ? 0 : 1);
    await t.db.execute(sql`update ideas set like_count = 9 where id = ${old.id}`);
    await t.db.execute(sql`update ideas set like_count = 4 where id in (${fresh.id}, ${outside.id})`);

    expect((await list(`?topic=${topic.slug}`)).items.map((i) => i.id)).toEqual([fresher.id, fresh.id, old.id]);
    expect((await list(`?topic=${topic.slug}&sort=top&window=all`)).items.map((i) => i.id)).toEqual([old.id, fresh.id, fresher.id]);
    expect((await list(`?topic=${topic.slug}&sort=top&window=day`)).items.map((i) => i.id)).toEqual([fresh.id, fresher.id]);
    expect(new Set((await list(`?topic=${topic.slug}&sort=trending`)).items.map((i) => i.id))).toEqual(new Set([old.id, fresh.id, fresher.id]));
    expect((await list(`?topic=${topic.slug}&q=solar`)).items.map((i) => i.id)).toEqual([fresher.id, fresh.id, old.id]);
    const paged = await list(`?topic=${topic.slug}&limit=2`);
    expect(paged.items.map((i) => i.id)).toEqual([fresher.id, fresh.id]);
    expect((await list(`?topic=${topic.slug}&limit=2&cursor=${paged.nextCursor}`)).items.map((i) => i.id)).toEqual([old.id]);
    expect((await list('?sort=top&window=day')).items.map((i) => i.id)).not.toContain(old.id);
    expect((await errorOf(await t.fetch('/api/ideas?topic=no-such-topic'), 404)).message).toBe(TOPIC_MESSAGES.notFound);
  });

  it("serves the topic's feed (its items only) and lists its page in the sitemap; an unknown topic's feed is 404", async () => {
    const topic = await addTopic(unique('Education'), { description: 'Schools and learning.' });
    const u = await createUser(t.db, { name: 'Femi Feed' });
    const inside = await createIdea(t.db, { userId: u.id, title: `Inside ${topic.slug}` });
    const outside = await createIdea(t.db, { userId: u.id, title: `Outside ${topic.slug}` });
    await link(inside.id, topic.id, 0);

    const res = await t.fetch(`/topics/${topic.slug}/feed.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/atom+xml');
    const feed = parseFeed(await res.text());
    expect(feed.title).toBe(`${topic.name} on IdeaHub`);
    expect(feed.items.map((i) => new URL(i.url ?? '').pathname)).toEqual([`/ideas/${inside.id}`]);
    expect(feed.items.map((i) => new URL(i.url ?? '').pathname)).not.toContain(`/ideas/${outside.id}`);
    await errorOf(await t.fetch('/topics/no-such-topic/feed.xml'), 404);

    const sitemap = await (await t.fetch('/sitemap.xml')).text();
    expect(sitemap).toMatch(new RegExp(`<loc>[^<]+/topics/${topic.slug}</loc><lastmod>`));
  });
});
