/** Maker pages' API (issue 16): a person's public profile, totals and items; nothing private. */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ideaListResponseSchema } from '../../../shared/schemas/ideas.ts';
import { makerSchema } from '../../../shared/schemas/makers.ts';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { profiles } from '../../db/schema.ts';
import { errorOf } from '../ideas/api-test-helpers.ts';
import { PRIVATE_PROFILE } from '../../../../tests/support/private-profile.ts';

describe.each(databaseKinds())('makers on %s', (kind) => {
  const t = useTestServer(kind);

  async function maker() {
    const person = await createUser(t.db, { name: 'Ngozi Maker', contactInfo: 'ngozi@contact.test' });
    await t.db
      .update(profiles)
      .set({ ...PRIVATE_PROFILE, bio: 'I build solar kits for farms.', industry: 'Energy', skills: ['Solar', ' Design ', ''], country: 'Nigeria' })
      .where(eq(profiles.userId, person.id));
    return person;
  }

  it("shows a maker's public fields and totals; contact info only to signed-in readers; never anything private", async () => {
    const person = await maker();
    const base = Date.now() - 10_000;
    const a = await createIdea(t.db, { userId: person.id, createdAt: new Date(base) });
    const b = await createIdea(t.db, { userId: person.id, createdAt: new Date(base + 1000) });
    await t.db.execute(sql`update ideas set like_count = 3 where id = ${a.id}`);
    await t.db.execute(sql`update ideas set like_count = 4 where id = ${b.id}`);
    const other = await createUser(t.db);
    await createIdea(t.db, { userId: other.id });

    const res = await t.fetch(`/api/makers/${person.id}`);
    expect(res.status).toBe(200);
    const json = await res.json();
    const visitorView = makerSchema.strict().parse(json);
    expect(visitorView).toMatchObject({
      id: person.id,
      name: 'Ngozi Maker',
      bio: 'I build solar kits for farms.',
      industry: 'Energy',
      skills: ['Solar', 'Design'],
      country: 'Nigeria',
      contactInfo: null,
      totals: { items: 2, likesReceived: 7, followers: 0 },
    });
    expect(Date.parse(visitorView.joinedAt)).not.toBeNaN();
    const reader = await signedInUser(t);
    const signedInView = makerSchema.parse(await (await t.fetch(`/api/makers/${person.id}`, { headers: reader.headers })).json());
    expect(signedInView.contactInfo).toBe('ngozi@contact.test');
    for (const body of [JSON.stringify(json), JSON.stringify(signedInView)]) {
      for (const secret of [...Object.values(PRIVATE_PROFILE), person.email]) expect(body).not.toContain(secret);
    }
  });

  it("lists a maker's items newest first, keyset paged, and only theirs", async () => {
    const person = await maker();
    const base = Date.now() - 60_000;
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await createIdea(t.db, { userId: person.id, createdAt: new Date(base + Math.floor(i / 2) * 1000) })).id);
    await createIdea(t.db, { userId: (await createUser(t.db)).id });
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.fetch(`/api/makers/${person.id}/ideas?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const page = ideaListResponseSchema.parse(await res.json());
      expect(page.items.every((i) => i.creator.id === person.id)).toBe(true);
      ids.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    const whole = ideaListResponseSchema.parse(await (await t.fetch(`/api/makers/${person.id}/ideas?limit=50`)).json()).items;
    expect(ids).toEqual(whole.map((i) => i.id));
    expect([...ids].sort()).toEqual([...made].sort());
    const times = whole.map((i) => Date.parse(i.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('answers an unknown or malformed maker with the one 404 body, and a bad cursor with 400', async () => {
    for (const id of ['no-such-person', 'x'.repeat(150), '%27%3B--']) {
      expect((await errorOf(await t.fetch(`/api/makers/${id}`), 404)).code).toBe('not_found');
      expect((await errorOf(await t.fetch(`/api/makers/${id}/ideas`), 404)).code).toBe('not_found');
    }
    const person = await maker();
    expect((await errorOf(await t.fetch(`/api/makers/${person.id}/ideas?cursor=bogus`), 400)).code).toBe('bad_request');
  });
});
