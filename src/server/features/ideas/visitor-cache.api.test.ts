/** The visitors' cache as the app wires it (src/server/lib/public-cache.ts; mechanics in its unit test). */
import { describe, expect, it, vi } from 'vitest';
import { ideaListResponseSchema } from '../../../shared/schemas/ideas.ts';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { PLATFORM_SETTINGS_DEFAULTS, saveSettings } from '../settings/service.ts';

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

    // A like changes a count: visitors see it within the moment (the cache is kept through it;
    // the unit test, public-cache.test.ts, proves the keeping).
    const third = await createIdea(t.db, { userId: owner.id, title: 'Third cached item' });
    await expect.poll(() => titles(), { timeout: 5000, interval: 200 }).toContain('Third cached item');
    const listed = async () => ideaListResponseSchema.parse(await (await t.fetch('/api/ideas?limit=50')).json()).items.find((i) => i.id === third.id);
    expect((await listed())?.likeCount).toBe(0);
    const like = await t.fetch(`/api/ideas/${third.id}/like`, { method: 'PUT', headers: person.headers });
    expect(like.status).toBeLessThan(300);
    await expect.poll(async () => (await listed())?.likeCount, { timeout: 5000, interval: 200 }).toBe(1);

    // A change to what an item says, through the API, empties it at once.
    const author = await signedInUser(t, { name: 'Adaeze Okoro' });
    const fourth = await createIdea(t.db, { userId: author.id, title: 'Fourth cached item' });
    await expect.poll(() => titles(), { timeout: 5000, interval: 200 }).toContain('Fourth cached item');
    const edit = await t.fetch(`/api/ideas/${fourth.id}`, {
      method: 'PATCH',
      headers: author.headers,
      body: JSON.stringify({ title: 'Fourth item, renamed' }),
    });
    expect(edit.status).toBeLessThan(300);
    expect(await titles()).toContain('Fourth item, renamed');
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

  it('sends a kept answer before the app runs, exactly as the app sent it (headers, 304, request id), and never to signed-in people', async () => {
    const owner = await createUser(t.db, { name: 'Kelechi Obi' });
    for (let i = 0; i < 8; i++) await createIdea(t.db, { userId: owner.id, title: `Fast path item ${i}` });
    const path = '/api/ideas?limit=8&category=idea';
    const gzip = { 'accept-encoding': 'gzip' };
    // Every request the app itself handles goes through app.fetch (server.ts); a kept answer does not.
    const appFetch = vi.spyOn(t.server.app, 'fetch');
    try {
      const first = await t.fetch(path, { headers: gzip });
      expect(first.status).toBe(200);
      expect(appFetch).toHaveBeenCalledTimes(1);
      const firstBody = await first.text();

      const second = await t.fetch(path, { headers: { ...gzip, 'x-request-id': 'support-ticket-42' } });
      expect(appFetch).toHaveBeenCalledTimes(1);
      expect(second.status).toBe(200);
      expect(await second.text()).toBe(firstBody);
      const comparable = (h: Headers) => [...h].filter(([name]) => !['date', 'x-request-id', 'connection', 'keep-alive'].includes(name));
      expect(comparable(second.headers)).toEqual(comparable(first.headers));
      expect(second.headers.get('content-encoding')).toBe('gzip');
      expect(second.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(second.headers.get('x-request-id')).toBe('support-ticket-42');
      // A request id the app would not keep is replaced by a fresh one, as the app does.
      const odd = await t.fetch(path, { headers: { ...gzip, 'x-request-id': 'no spaces <allowed>' } });
      expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

      const revalidated = await t.fetch(path, { headers: { ...gzip, 'if-none-match': first.headers.get('etag')! } });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(revalidated.headers.get('content-type')).toBeNull();
      expect(await revalidated.text()).toBe('');
      expect(appFetch).toHaveBeenCalledTimes(1);

      // A signed-in person's list always comes from the app, with their own likes and bookmarks.
      const person = await signedInUser(t);
      expect((await t.fetch(path, { headers: { ...gzip, cookie: person.cookie } })).status).toBe(200);
      expect(appFetch).toHaveBeenCalledTimes(2);

      // Maintenance switched on elsewhere (here: around the API, as another instance would) closes
      // the kept answers too: the app answers 503 once this instance reads the settings again.
      await saveSettings(t.db, { ...PLATFORM_SETTINGS_DEFAULTS, maintenanceMode: true }, null);
      try {
        const closed = await t.fetch(path, { headers: gzip });
        expect(closed.status).toBe(503);
        expect(appFetch).toHaveBeenCalledTimes(3);
      } finally {
        await saveSettings(t.db, { ...PLATFORM_SETTINGS_DEFAULTS }, null);
      }
    } finally {
      appFetch.mockRestore();
    }
  });
});

