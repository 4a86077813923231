import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { ideaDetailSchema, ideaListResponseSchema } from '../../../shared/schemas/ideas.ts';
import { likes, savedItems } from '../../db/schema.ts';
import { errorOf, send, sharer } from '../ideas/api-test-helpers.ts';

describe.each(databaseKinds())('bookmarks on %s', (kind) => {
  const t = useTestServer(kind);

  it('saves, lists newest saved first, unsaves; both idempotent', async () => {
    const ada = await sharer(t);
    const owner = await createUser(t.db);
    const older = await createIdea(t.db, { userId: owner.id, createdAt: new Date(Date.now() - 60_000) });
    const newer = await createIdea(t.db, { userId: owner.id });
    expect((await send(t, ada, 'PUT', `/api/ideas/${newer.id}/save`)).status).toBe(204);
    // Saved a minute earlier, rather than waiting on the real clock between the two saves.
    await t.db
      .update(savedItems)
      .set({ createdAt: sql`${savedItems.createdAt} - interval '1 minute'` })
      .where(and(eq(savedItems.userId, ada.id), eq(savedItems.ideaId, newer.id)));
    expect((await send(t, ada, 'PUT', `/api/ideas/${older.id}/save`)).status).toBe(204);
    // Saving again changes nothing, not even the order.
    expect((await send(t, ada, 'PUT', `/api/ideas/${newer.id}/save`)).status).toBe(204);
    let list = ideaListResponseSchema.parse(await (await send(t, ada, 'GET', '/api/me/saved')).json());
    expect(list.items.map((i) => i.id)).toEqual([older.id, newer.id]);
    expect(list.items.every((i) => i.viewer?.saved === true)).toBe(true);
    expect(await t.db.select().from(savedItems).where(eq(savedItems.userId, ada.id))).toHaveLength(2);

    expect((await send(t, ada, 'DELETE', `/api/ideas/${older.id}/save`)).status).toBe(204);
    expect((await send(t, ada, 'DELETE', `/api/ideas/${older.id}/save`)).status).toBe(204);
    list = ideaListResponseSchema.parse(await (await send(t, ada, 'GET', '/api/me/saved')).json());
    expect(list.items.map((i) => i.id)).toEqual([newer.id]);
  });

  it('pages the Saved tab with a cursor', async () => {
    const ada = await sharer(t);
    const owner = await createUser(t.db);
    const base = Date.now() - 60_000;
    const made = [];
    for (let i = 0; i < 5; i++) {
      const idea = await createIdea(t.db, { userId: owner.id });
      // Two bookmarks share each time, so the idea id breaks ties.
      await t.db.insert(savedItems).values({ userId: ada.id, ideaId: idea.id, createdAt: new Date(base + Math.floor(i / 2) * 1000) });
      made.push(idea.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await send(t, ada, 'GET', `/api/me/saved?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      const page = ideaListResponseSchema.parse(await res.json());
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set(made));
  });

  it('shows the viewer’s saved and liked state on cards and details, and nothing of it to visitors', async () => {
    const ada = await sharer(t);
    const owner = await createUser(t.db);
    const word = `Bookmarkable${Date.now()}`;
    const saved = await createIdea(t.db, { userId: owner.id, title: `Saved ${word} item` });
    const liked = await createIdea(t.db, { userId: owner.id, title: `Liked ${word} item` });
    const plain = await createIdea(t.db, { userId: owner.id, title: `Plain ${word} item` });
    await send(t, ada, 'PUT', `/api/ideas/${saved.id}/save`);
    await t.db.insert(likes).values({ ideaId: liked.id, userId: ada.id });
    // Someone else's bookmark and like do not show as the viewer's.
    await t.db.insert(savedItems).values({ ideaId: plain.id, userId: owner.id });
    await t.db.insert(likes).values({ ideaId: plain.id, userId: owner.id });

    const page = ideaListResponseSchema.parse(await (await send(t, ada, 'GET', `/api/ideas?q=${word}`)).json());
    const state = Object.fromEntries(page.items.map((i) => [i.id, i.viewer]));
    expect(state).toEqual({
      [saved.id]: { saved: true, liked: false, own: false },
      [liked.id]: { saved: false, liked: true, own: false },
      [plain.id]: { saved: false, liked: false, own: false },
    });
    // The owner's own cards say so (they offer no Contact).
    const maker = await sharer(t);
    const makers = await createIdea(t.db, { userId: maker.id, title: `Maker's ${word} item` });
    const makerPage = ideaListResponseSchema.parse(await (await send(t, maker, 'GET', `/api/ideas?q=${word}`)).json());
    expect(Object.fromEntries(makerPage.items.map((i) => [i.id, i.viewer?.own]))).toEqual({ [makers.id]: true, [saved.id]: false, [liked.id]: false, [plain.id]: false });
    const detail = ideaDetailSchema.parse(await (await send(t, ada, 'GET', `/api/ideas/${saved.id}`)).json());
    expect(detail.viewer).toMatchObject({ saved: true, liked: false });

    const visitor = ideaListResponseSchema.parse(await (await t.fetch(`/api/ideas?q=${word}`)).json());
    expect(visitor.items).toHaveLength(4);
    for (const item of visitor.items) expect(item).not.toHaveProperty('viewer');
    expect(await (await t.fetch(`/api/ideas/${saved.id}`)).json()).not.toHaveProperty('viewer');
  });

  it('answers 404 for missing items and 401 for visitors, writing nothing', async () => {
    const ada = await sharer(t);
    const owner = await createUser(t.db);
    const idea = await createIdea(t.db, { userId: owner.id });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      await errorOf(await send(t, ada, 'PUT', `/api/ideas/${id}/save`), 404);
      await errorOf(await send(t, ada, 'DELETE', `/api/ideas/${id}/save`), 404);
    }
    await errorOf(await send(t, null, 'PUT', `/api/ideas/${idea.id}/save`), 401);
    await errorOf(await send(t, null, 'DELETE', `/api/ideas/${idea.id}/save`), 401);
    expect(await t.db.select().from(savedItems).where(and(eq(savedItems.userId, ada.id)))).toEqual([]);
  });
});
