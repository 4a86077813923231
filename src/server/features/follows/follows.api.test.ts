/** Following makers and home's Following feed (issue 28): the rules, the counts, the order and the paging. */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { followedMakersResponseSchema, followedTopicsResponseSchema, followStateSchema } from '../../../shared/schemas/follows.ts';
import { ideaListResponseSchema } from '../../../shared/schemas/ideas.ts';
import { makerSchema } from '../../../shared/schemas/makers.ts';
import { signedInUser, type SignedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { errorOf } from '../ideas/api-test-helpers.ts';

describe.each(databaseKinds())('follows on %s', (kind) => {
  const t = useTestServer(kind, { env: { WRITE_LIMITS: 'off' } });

  const follow = (makerId: string, p: SignedInUser, method: 'PUT' | 'DELETE' = 'PUT') =>
    t.fetch(`/api/makers/${makerId}/follow`, { method, headers: p.headers });
  const state = async (makerId: string, p?: SignedInUser) =>
    followStateSchema.parse(await (await t.fetch(`/api/makers/${makerId}/follow`, { headers: p?.headers ?? {} })).json());

  it('follows and unfollows idempotently; the maker page counts followers; the state is the viewer’s own', async () => {
    const maker = await createUser(t.db, { name: 'Ngozi Maker' });
    const [ada, bo] = [await signedInUser(t), await signedInUser(t)];
    expect(await state(maker.id)).toEqual({ following: false, followerCount: 0 });
    expect(followStateSchema.parse(await (await follow(maker.id, ada)).json())).toEqual({ following: true, followerCount: 1 });
    expect(await (await follow(maker.id, ada)).json()).toEqual({ following: true, followerCount: 1 });
    expect(await (await follow(maker.id, bo)).json()).toEqual({ following: true, followerCount: 2 });
    expect(await state(maker.id, ada)).toEqual({ following: true, followerCount: 2 });
    expect(await state(maker.id)).toEqual({ following: false, followerCount: 2 });
    expect(makerSchema.parse(await (await t.fetch(`/api/makers/${maker.id}`)).json()).totals.followers).toBe(2);
    expect(await (await follow(maker.id, ada, 'DELETE')).json()).toEqual({ following: false, followerCount: 1 });
    expect(await (await follow(maker.id, ada, 'DELETE')).json()).toEqual({ following: false, followerCount: 1 });
    expect(await state(maker.id, bo)).toEqual({ following: true, followerCount: 1 });
  });

  it('keeps one follow when ten follows race', async () => {
    const maker = await createUser(t.db);
    const ada = await signedInUser(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => follow(maker.id, ada)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await state(maker.id, ada)).toEqual({ following: true, followerCount: 1 });
  });

  it('refuses following oneself, visitors, and unknown makers, changing nothing', async () => {
    const ada = await signedInUser(t);
    const self = await errorOf(await follow(ada.id, ada), 400);
    expect(self).toMatchObject({ code: 'bad_request', message: 'You cannot follow yourself.' });
    expect(await state(ada.id)).toEqual({ following: false, followerCount: 0 });
    const maker = await createUser(t.db);
    const visitor = await t.fetch(`/api/makers/${maker.id}/follow`, { method: 'PUT', headers: { origin: new URL(t.url).origin } });
    expect(await errorOf(visitor, 401)).toMatchObject({ message: 'Must be logged in to follow makers' });
    for (const id of ['no-such-person', 'x'.repeat(150), '%27%3B--']) {
      expect((await errorOf(await follow(id, ada), 404)).code).toBe('not_found');
      expect((await errorOf(await t.fetch(`/api/makers/${id}/follow`), 404)).code).toBe('not_found');
    }
    expect(await state(maker.id)).toEqual({ following: false, followerCount: 0 });
  });

  it('lists the followed makers on the profile, latest first, keyset paged; unfollowing removes them', async () => {
    const ada = await signedInUser(t);
    const makers = [];
    for (const name of ['Amara Obi', 'Bola Ade', 'Chidi Eze']) {
      const maker = await createUser(t.db, { name });
      makers.push(maker);
      await follow(maker.id, ada);
    }
    const names: (string | null)[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.fetch(`/api/me/following?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { headers: ada.headers });
      expect(res.status).toBe(200);
      const page = followedMakersResponseSchema.parse(await res.json());
      names.push(...page.items.map((m) => m.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(names).toEqual(['Chidi Eze', 'Bola Ade', 'Amara Obi']);
    await follow(makers[1]!.id, ada, 'DELETE');
    const after = followedMakersResponseSchema.parse(await (await t.fetch('/api/me/following', { headers: ada.headers })).json());
    expect(after.items.map((m) => m.id)).toEqual([makers[2]!.id, makers[0]!.id]);
    expect((await t.fetch('/api/me/following')).status).toBe(401);
    expect((await errorOf(await t.fetch('/api/me/following?cursor=bogus', { headers: ada.headers }), 400)).code).toBe('bad_request');
  });

  it('home’s Following feed: only followed makers’ items, newest first, keyset paged without repeats or gaps', async () => {
    const ada = await signedInUser(t);
    const [m1, m2, stranger] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    await follow(m1.id, ada);
    await follow(m2.id, ada);
    const base = Date.now() - 120_000;
    const made: { id: string; at: number }[] = [];
    for (let i = 0; i < 9; i++) {
      // Some share a time: the id breaks the tie.
      const at = base + Math.floor(i / 2) * 1000;
      const idea = await createIdea(t.db, { userId: i % 3 === 0 ? m2.id : m1.id, createdAt: new Date(at) });
      made.push({ id: idea.id, at });
      await createIdea(t.db, { userId: stranger.id, createdAt: new Date(at) });
    }
    await createIdea(t.db, { userId: ada.id });
    const expected = [...made].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map((m) => m.id);
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.fetch(`/api/ideas?feed=following&limit=2${cursor ? `&cursor=${cursor}` : ''}`, { headers: ada.headers });
      expect(res.status).toBe(200);
      const page = ideaListResponseSchema.parse(await res.json());
      ids.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(ids).toEqual(expected);
    const products = ideaListResponseSchema.parse(
      await (await t.fetch('/api/ideas?feed=following&category=product', { headers: ada.headers })).json(),
    );
    expect(products.items).toEqual([]);
    // Nobody followed: an empty feed (the screen suggests makers).
    const bo = await signedInUser(t);
    expect(ideaListResponseSchema.parse(await (await t.fetch('/api/ideas?feed=following', { headers: bo.headers })).json())).toEqual({ items: [], nextCursor: null });
  });

  it('the Following feed asks visitors to sign in, and refuses an unknown feed', async () => {
    expect(await errorOf(await t.fetch('/api/ideas?feed=following'), 401)).toMatchObject({ message: 'Sign in to see items from the makers you follow.' });
    const ada = await signedInUser(t);
    expect((await errorOf(await t.fetch('/api/ideas?feed=friends', { headers: ada.headers }), 400)).code).toBe('bad_request');
  });

  const topicNo = { n: 0 };
  async function createTopic(name: string) {
    const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${kind}-${++topicNo.n}-${Date.now()}`;
    const res = (await t.db.execute(sql`insert into topics (name, slug) values (${`${name} ${slug}`}, ${slug}) returning id`)) as unknown as { rows: { id: string }[] };
    return { id: res.rows[0]!.id, slug };
  }
  const tag = (ideaId: string, topicId: string, position = 0) =>
    t.db.execute(sql`insert into idea_topics (idea_id, topic_id, position) values (${ideaId}::uuid, ${topicId}::uuid, ${position})`);
  const followTopic = (topicId: string, p: SignedInUser, method: 'PUT' | 'DELETE' = 'PUT') =>
    t.fetch(`/api/topics/${topicId}/follow`, { method, headers: p.headers });
  const topicState = async (topicId: string, p?: SignedInUser) =>
    followStateSchema.parse(await (await t.fetch(`/api/topics/${topicId}/follow`, { headers: p?.headers ?? {} })).json());

  it('follows and unfollows topics idempotently, counting followers; visitors and unknown topics are refused', async () => {
    const topic = await createTopic('Clean Energy');
    const [ada, bo] = [await signedInUser(t), await signedInUser(t)];
    expect(await topicState(topic.id)).toEqual({ following: false, followerCount: 0 });
    expect(await (await followTopic(topic.id, ada)).json()).toEqual({ following: true, followerCount: 1 });
    expect(await (await followTopic(topic.id, ada)).json()).toEqual({ following: true, followerCount: 1 });
    expect(await (await followTopic(topic.id, bo)).json()).toEqual({ following: true, followerCount: 2 });
    expect(await topicState(topic.id, ada)).toEqual({ following: true, followerCount: 2 });
    expect(await topicState(topic.id)).toEqual({ following: false, followerCount: 2 });
    expect(await (await followTopic(topic.id, ada, 'DELETE')).json()).toEqual({ following: false, followerCount: 1 });
    expect(await (await followTopic(topic.id, ada, 'DELETE')).json()).toEqual({ following: false, followerCount: 1 });
    const visitor = await t.fetch(`/api/topics/${topic.id}/follow`, { method: 'PUT', headers: { origin: new URL(t.url).origin } });
    expect(await errorOf(visitor, 401)).toMatchObject({ message: 'Must be logged in to follow topics' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-topic', topic.slug]) {
      expect(await errorOf(await followTopic(id, ada), 404)).toMatchObject({ code: 'not_found', message: 'Topic not found.' });
      expect((await errorOf(await t.fetch(`/api/topics/${id}/follow`), 404)).code).toBe('not_found');
    }
    expect(await topicState(topic.id)).toEqual({ following: false, followerCount: 1 });
  });

  it('lists the followed topics on the profile, latest first, keyset paged; unfollowing removes them', async () => {
    const ada = await signedInUser(t);
    const followed = [];
    for (const name of ['Farming', 'Health', 'Water']) {
      const topic = await createTopic(name);
      followed.push(topic);
      await followTopic(topic.id, ada);
    }
    const slugs: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.fetch(`/api/me/following/topics?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { headers: ada.headers });
      expect(res.status).toBe(200);
      const page = followedTopicsResponseSchema.parse(await res.json());
      slugs.push(...page.items.map((m) => m.slug));
      cursor = page.nextCursor;
    } while (cursor);
    expect(slugs).toEqual(followed.map((f) => f.slug).reverse());
    await followTopic(followed[1]!.id, ada, 'DELETE');
    const after = followedTopicsResponseSchema.parse(await (await t.fetch('/api/me/following/topics', { headers: ada.headers })).json());
    expect(after.items.map((m) => m.id)).toEqual([followed[2]!.id, followed[0]!.id]);
    // The makers' list is its own: no topics in it.
    expect(followedMakersResponseSchema.parse(await (await t.fetch('/api/me/following', { headers: ada.headers })).json()).items).toEqual([]);
    expect((await t.fetch('/api/me/following/topics')).status).toBe(401);
  });

  it('the Following feed holds followed topics’ items beside followed makers’, newest first, paged, each item once', async () => {
    const ada = await signedInUser(t);
    const [maker, stranger] = [await createUser(t.db), await createUser(t.db)];
    const [followedTopic, otherTopic] = [await createTopic('Solar'), await createTopic('Textiles')];
    await follow(maker.id, ada);
    await followTopic(followedTopic.id, ada);
    const base = Date.now() - 300_000;
    const expected: { id: string; at: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const at = base + Math.floor(i / 2) * 1000;
      const which = i % 4;
      // 0: the maker's, untagged; 1: a stranger's in the followed topic; 2: the maker's in the followed topic (both match); 3: a stranger's elsewhere.
      const idea = await createIdea(t.db, { userId: which === 0 || which === 2 ? maker.id : stranger.id, createdAt: new Date(at) });
      if (which === 1 || which === 2) await tag(idea.id, followedTopic.id);
      if (which === 3) await tag(idea.id, otherTopic.id);
      if (which === 2) await tag(idea.id, otherTopic.id, 1);
      if (which !== 3) expected.push({ id: idea.id, at });
    }
    const order = [...expected].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map((m) => m.id);
    for (const limit of [2, 5]) {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await t.fetch(`/api/ideas?feed=following&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { headers: ada.headers });
        expect(res.status).toBe(200);
        const page = ideaListResponseSchema.parse(await res.json());
        ids.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(ids).toEqual(order);
    }
    // The list's filters apply to both branches.
    const products = ideaListResponseSchema.parse(await (await t.fetch('/api/ideas?feed=following&category=product', { headers: ada.headers })).json());
    expect(products.items).toEqual([]);
    const ideasOnly = ideaListResponseSchema.parse(await (await t.fetch('/api/ideas?feed=following&category=idea&limit=50', { headers: ada.headers })).json());
    expect(ideasOnly.items.map((i) => i.id)).toEqual(order);
    // Unfollowing the topic leaves the maker's items only.
    await followTopic(followedTopic.id, ada, 'DELETE');
    const makersOnly = ideaListResponseSchema.parse(await (await t.fetch('/api/ideas?feed=following&limit=50', { headers: ada.headers })).json());
    expect(makersOnly.items.every((i) => i.creator.id === maker.id)).toBe(true);
    expect(makersOnly.items).toHaveLength(6);
  });

  it('a merged topic’s followers follow the topic it was merged into', async () => {
    const [from, into] = [await createTopic('Agritech'), await createTopic('Farming Tech')];
    const [ada, bo] = [await signedInUser(t), await signedInUser(t)];
    await followTopic(from.id, ada);
    await followTopic(from.id, bo);
    await followTopic(into.id, bo);
    const admin = await signedInUser(t, { role: 'admin' });
    const merged = await t.fetch(`/api/admin/topics/${from.id}/merge`, { method: 'POST', headers: { ...admin.headers, 'content-type': 'application/json' }, body: JSON.stringify({ into: into.id }) });
    expect(merged.status).toBe(200);
    expect(await topicState(into.id, ada)).toEqual({ following: true, followerCount: 2 });
  });
});
