import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { eligibilitySchema, ownIdeaListResponseSchema, ownStatsSchema } from '../../../shared/schemas/ideas.ts';
import { ideas } from '../../db/schema.ts';
import { clearPlatformSettings, errorOf, send, setPlatformSettings, share, sharer } from './api-test-helpers.ts';

const HOUR = 3_600_000;

describe.each(databaseKinds())('the person’s own items on %s', (kind) => {
  const t = useTestServer(kind);

  it('is for signed-in people only', async () => {
    for (const path of ['/api/me/ideas', '/api/me/stats', '/api/me/eligibility', '/api/me/saved', '/api/me/coupons']) {
      const err = await errorOf(await t.fetch(path), 401);
      expect(err.code, path).toBe('unauthorized');
    }
  });

  it('lists only the person’s items, newest first, with full texts, keyset paged and stable while new items arrive', async () => {
    const ada = await sharer(t);
    const bob = await sharer(t);
    await createIdea(t.db, { userId: bob.id, title: 'Not one of ada’s items' });
    const t0 = Date.now() - 10 * HOUR;
    const description = `A long description ${'that keeps going '.repeat(12)}to the end.`;
    const made = [];
    for (let i = 0; i < 7; i++) {
      // Two items share each timestamp, so the id breaks ties.
      made.push(await createIdea(t.db, { userId: ada.id, title: `Ada item number ${i}`, description, createdAt: new Date(t0 + Math.floor(i / 2) * 1000) }));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await send(t, ada, 'GET', `/api/me/ideas?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const page = ownIdeaListResponseSchema.parse(await res.json());
      for (const item of page.items) {
        expect(item.description).toBe(description);
        expect(item.viewer).toEqual({ saved: false, liked: false, own: true });
      }
      seen.push(...page.items.map((i) => i.id));
      if (pages === 0) await createIdea(t.db, { userId: ada.id, title: 'A late arrival here', createdAt: new Date() });
      pages += 1;
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    const expected = [...made].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((m) => m.id);
    expect(seen).toEqual(expected);

    const farPast = Buffer.from('-200000-01-01T00:00:00.000Z|00000000-0000-4000-8000-000000000000').toString('base64url');
    for (const q of ['?limit=0', '?limit=51', '?cursor=garbage', `?cursor=${farPast}`]) {
      const err = await errorOf(await send(t, ada, 'GET', `/api/me/ideas${q}`), 400);
      expect(err.code).toBe('bad_request');
    }
  });

  it('counts the person’s items for the stat cards', async () => {
    const ada = await sharer(t);
    let res = await send(t, ada, 'GET', '/api/me/stats');
    expect(ownStatsSchema.parse(await res.json())).toEqual({ total: 0, ideas: 0, products: 0 });
    await createIdea(t.db, { userId: ada.id, category: 'idea' });
    await createIdea(t.db, { userId: ada.id, category: 'idea' });
    await createIdea(t.db, { userId: ada.id, category: 'product' });
    res = await send(t, ada, 'GET', '/api/me/stats');
    expect(ownStatsSchema.parse(await res.json())).toEqual({ total: 3, ideas: 2, products: 1 });
  });

  it('reports eligibility with the lock end, the remaining time and the server time', async () => {
    const ada = await sharer(t);
    let res = await send(t, ada, 'GET', '/api/me/eligibility');
    let e = eligibilitySchema.parse(await res.json());
    expect(e).toMatchObject({
      idea: { locked: false, until: null, remainingMs: 0 },
      product: { locked: false, until: null, remainingMs: 0 },
      ideaCooldownHours: 72,
      productCooldownHours: 24,
      profileComplete: true,
    });
    expect(Math.abs(Date.parse(e.serverTime) - Date.now())).toBeLessThan(60_000);

    const { idea } = await share(t, ada, { category: 'idea' });
    res = await send(t, ada, 'GET', '/api/me/eligibility');
    e = eligibilitySchema.parse(await res.json());
    expect(e.idea.locked).toBe(true);
    expect(e.product.locked).toBe(false);
    const [row] = await t.db.select({ createdAt: ideas.createdAt }).from(ideas).where(eq(ideas.id, idea.id));
    expect(Date.parse(e.idea.until!)).toBe(row!.createdAt.getTime() + 72 * HOUR);
    expect(e.idea.remainingMs).toBe(Date.parse(e.idea.until!) - Date.parse(e.serverTime));

    await setPlatformSettings(t, { ideaSubmissionLimit: 1 });
    try {
      res = await send(t, ada, 'GET', '/api/me/eligibility');
      e = eligibilitySchema.parse(await res.json());
      expect(e.ideaCooldownHours).toBe(1);
      expect(Date.parse(e.idea.until!)).toBe(row!.createdAt.getTime() + HOUR);
    } finally {
      await clearPlatformSettings(t);
    }

    const noContact = await sharer(t, { contactInfo: null });
    res = await send(t, noContact, 'GET', '/api/me/eligibility');
    expect(eligibilitySchema.parse(await res.json()).profileComplete).toBe(false);
  });

  it('still reports ideas locked after the idea is changed into a product, and after it is deleted (issue 14)', async () => {
    const ada = await sharer(t);
    const { idea } = await share(t, ada, { category: 'idea' });
    const [row] = await t.db.select({ createdAt: ideas.createdAt }).from(ideas).where(eq(ideas.id, idea.id));
    const lockedUntil = row!.createdAt.getTime() + 72 * HOUR;
    const eligibility = async () => eligibilitySchema.parse(await (await send(t, ada, 'GET', '/api/me/eligibility')).json());

    expect((await send(t, ada, 'PATCH', `/api/ideas/${idea.id}`, { category: 'product' })).status).toBe(200);
    let e = await eligibility();
    expect(e.idea.locked).toBe(true);
    expect(Date.parse(e.idea.until!)).toBe(lockedUntil);
    expect(e.product).toEqual({ locked: false, until: null, remainingMs: 0 });

    expect((await send(t, ada, 'DELETE', `/api/ideas/${idea.id}`)).status).toBe(204);
    e = await eligibility();
    expect(e.idea.locked).toBe(true);
    expect(Date.parse(e.idea.until!)).toBe(lockedUntil);
    expect(e.product.locked).toBe(false);
  });
});
