import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ideaListResponseSchema } from '../../../shared/schemas/ideas.ts';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { listQuery } from './queries.ts';

async function list(t: ReturnType<typeof useTestServer>, query: string) {
  const res = await t.fetch(`/api/ideas${query}`);
  expect(res.status).toBe(200);
  return ideaListResponseSchema.parse(await res.json());
}

describe.each(databaseKinds())('GET /api/ideas on %s', (kind) => {
  const t = useTestServer(kind);

  it('lists newest first with the creator name, and hides contact details from visitors', async () => {
    const ada = await createUser(t.db, { name: 'Ada Okafor', contactInfo: 'call 0803 000 0000' });
    const base = Date.now() - 60_000;
    const older = await createIdea(t.db, { userId: ada.id, title: 'Older idea here', createdAt: new Date(base) });
    const newer = await createIdea(t.db, { userId: ada.id, title: 'Newer idea here', createdAt: new Date(base + 1000) });
    const page = await list(t, '?limit=50');
    const ids = page.items.map((i) => i.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const card = page.items.find((i) => i.id === newer.id)!;
    expect(card.creator).toEqual({ id: ada.id, name: 'Ada Okafor', avatarUrl: null, contactInfo: null });
    expect(card).not.toHaveProperty('email');
    expect(JSON.stringify(page)).not.toContain(ada.email);
  });

  it('gives a creator without a name as null (shown as Anonymous)', async () => {
    const nameless = await createUser(t.db, { name: null });
    const idea = await createIdea(t.db, { userId: nameless.id });
    const page = await list(t, '?limit=50');
    expect(page.items.find((i) => i.id === idea.id)?.creator.name).toBeNull();
  });

  it('cuts the description to a 100-character excerpt', async () => {
    const u = await createUser(t.db);
    const description = `Long description ${'word '.repeat(60)}`;
    const idea = await createIdea(t.db, { userId: u.id, description });
    const page = await list(t, '?limit=50');
    const card = page.items.find((i) => i.id === idea.id)!;
    expect(card.excerpt).toBe(description.slice(0, 100));
  });

  it('pages with a keyset cursor that stays stable while new items arrive', async () => {
    const u = await createUser(t.db);
    const cat = `Paging${Date.now()}`;
    const t0 = Date.now() - 3_600_000;
    const made = [];
    for (let i = 0; i < 7; i++) {
      // Two items share each timestamp, so the id breaks ties.
      made.push(await createIdea(t.db, { userId: u.id, title: `${cat} item ${i}`, createdAt: new Date(t0 + Math.floor(i / 2) * 1000) }));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let first = true;
    do {
      const page = await list(t, `?q=${cat}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((i) => i.id));
      if (first) {
        // A new item arriving between pages must not shift or repeat what follows.
        await createIdea(t.db, { userId: u.id, title: `${cat} late arrival` });
        first = false;
      }
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(made.map((m) => m.id)));
  });

  it('filters by category and searches title and description case-insensitively', async () => {
    const u = await createUser(t.db);
    const word = `Zebracorn${Date.now()}`;
    const inTitle = await createIdea(t.db, { userId: u.id, title: `The ${word.toUpperCase()} kit`, category: 'product' });
    const inDescription = await createIdea(t.db, {
      userId: u.id,
      description: `Something about ${word.toLowerCase()} for everyone to enjoy`,
      category: 'idea',
    });
    const all = await list(t, `?q=${word}`);
    expect(all.items.map((i) => i.id).sort()).toEqual([inTitle.id, inDescription.id].sort());
    const products = await list(t, `?q=${word}&category=product`);
    expect(products.items.map((i) => i.id)).toEqual([inTitle.id]);
    const ideasOnly = await list(t, `?q=${word}&category=idea`);
    expect(ideasOnly.items.map((i) => i.id)).toEqual([inDescription.id]);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    const u = await createUser(t.db);
    const idea = await createIdea(t.db, { userId: u.id, title: `Save 50% on solar ${Date.now()}` });
    const res = await list(t, `?q=${encodeURIComponent('50%')}&limit=50`);
    expect(res.items.map((i) => i.id)).toContain(idea.id);
    const none = await list(t, `?q=${encodeURIComponent('%_%_%_nothing')}`);
    expect(none.items).toEqual([]);
  });

  it('refuses bad queries with the one error body', async () => {
    for (const q of ['?limit=0', '?limit=500', '?limit=abc', '?category=service', '?cursor=not-a-cursor', `?q=${'x'.repeat(201)}`]) {
      const res = await t.fetch(`/api/ideas${q}`);
      expect(res.status, q).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('bad_request');
      expect(body.error.message.length).toBeGreaterThan(0);
    }
  });

  it('pages the whole list by any page size, for visitors and signed-in people alike', async () => {
    // The newest 27 items of the list, dated ahead of every other test's.
    const u = await createUser(t.db);
    const ahead = Date.now() + 86_400_000;
    const made = [];
    for (let i = 0; i < 27; i++) made.push(await createIdea(t.db, { userId: u.id, title: `Page size item ${i}`, createdAt: new Date(ahead + i * 1000) }));
    const newestFirst = made.map((m) => m.id).reverse();
    const person = await signedInUser(t);
    for (const [limit, headers] of [[25, {}], [3, {}], [25, { cookie: person.cookie }], [3, { cookie: person.cookie }]] as const) {
      const first = ideaListResponseSchema.parse(await (await t.fetch(`/api/ideas?limit=${limit}`, { headers })).json());
      expect(first.items.map((i) => i.id)).toEqual(newestFirst.slice(0, limit));
      expect(first.nextCursor).not.toBeNull();
      const second = ideaListResponseSchema.parse(await (await t.fetch(`/api/ideas?limit=${limit}&cursor=${first.nextCursor}`, { headers })).json());
      expect(second.items.map((i) => i.id).slice(0, Math.min(limit, 27 - limit))).toEqual(newestFirst.slice(limit, limit + Math.min(limit, 27 - limit)));
    }
  });

  it('writes the row limit into the list statement, so a prepared generic plan knows how few rows it reads', () => {
    for (const rows of [21, 51]) {
      const shape = { category: true, userId: false, after: true, viewer: true, currency: true, minPrice: true, maxPrice: false, following: false, topic: false, rows };
      const query = listQuery(t.db, { ...shape, sort: 'newest', window: null }, sql.placeholder).toSQL();
      expect(query.sql).toMatch(new RegExp(`limit ${rows}$`));
      expect(query.params).not.toContain(rows);
    }
  });
});
