/** The visitors' cache as the app wires it (src/server/lib/public-cache.ts; mechanics in its unit test). */
import { describe, expect, it } from 'vitest';
import { ideaListResponseSchema } from '../../../shared/schemas/ideas.ts';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';

describe.each(databaseKinds())('visitors’ cache on %s', (kind) => {
  const t = useTestServer(kind, { env: { PUBLIC_CACHE_TTL_MS: '1500' } });
  const titles = async (headers: Record<string, string> = {}) => {
    const res = await t.fetch('/api/ideas?limit=50', { headers });
    expect(res.status).toBe(200);
    return ideaListResponseSchema.parse(await res.json()).items.map((i) => i.title);
  };

  it('serves visitors the same list for a moment, signed-in people always fresh, and a write through the API at once', async () => {
    const owner = await createUser(t.db, { name: 'Ngozi Adeyemi' });
    await createIdea(t.db, { userId: owner.id, title: 'First cached item' });
    expect(await titles()).toContain('First cached item');

    // Written around the API: visitors see it once the moment has passed; a signed-in person at once.
    await createIdea(t.db, { userId: owner.id, title: 'Second cached item' });
    expect(await titles()).not.toContain('Second cached item');
    const person = await signedInUser(t);
    expect(await titles({ cookie: person.cookie })).toContain('Second cached item');
    await expect.poll(() => titles(), { timeout: 5000, interval: 200 }).toContain('Second cached item');

    // A like through the API empties the cache: the visitor's next list counts it.
    const third = await createIdea(t.db, { userId: owner.id, title: 'Third cached item' });
    const before = await t.fetch('/api/ideas?limit=50');
    const card = ideaListResponseSchema.parse(await before.json()).items.find((i) => i.id === third.id);
    expect(card).toBeUndefined();
    const like = await t.fetch(`/api/ideas/${third.id}/like`, { method: 'PUT', headers: person.headers });
    expect(like.status).toBeLessThan(300);
    const after = ideaListResponseSchema.parse(await (await t.fetch('/api/ideas?limit=50')).json());
    expect(after.items.find((i) => i.id === third.id)?.likeCount).toBe(1);
  });

  it('still closes for maintenance, and a revalidation gets 304', async () => {
    const first = await t.fetch('/api/ideas?limit=5');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await t.fetch('/api/ideas?limit=5', { headers: { 'if-none-match': etag! } })).status).toBe(304);

    const admin = await signedInUser(t, { role: 'admin' });
    const settings = await (await t.fetch('/api/admin/settings', { headers: admin.headers })).json();
    const on = await t.fetch('/api/admin/settings', { method: 'PUT', headers: admin.headers, body: JSON.stringify({ ...settings.settings, maintenanceMode: true }) });
    expect(on.status).toBe(200);
    try {
      expect((await t.fetch('/api/ideas?limit=5')).status).toBe(503);
    } finally {
      expect((await t.fetch('/api/admin/settings/reset', { method: 'POST', headers: admin.headers })).status).toBe(200);
    }
    expect((await t.fetch('/api/ideas?limit=5')).status).toBe(200);
  });
});
