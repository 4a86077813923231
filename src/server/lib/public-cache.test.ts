import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compression } from './compression.ts';
import { createPublicCache } from './public-cache.ts';

/** A tiny app: the cache in front of a list route that counts how often it really runs; its clock moves when told. */
function appWithCache(ttlMs = 1000) {
  let time = Date.now();
  const cache = createPublicCache({
    ttlMs,
    now: () => time,
    cacheable: (path) => path.startsWith('/list'),
    isVisitor: (c) => !c.req.header('cookie'),
    keptThrough: (_method, path) => path === '/bookmark',
  });
  let runs = 0;
  let status = 200;
  const app = new Hono();
  app.use('*', cache.middleware);
  app.use('*', compression());
  app.get('/list', async (c) => {
    runs++;
    // The route takes a turn of the event loop, so other requests arrive while it runs.
    await new Promise((r) => setImmediate(r));
    if (status !== 200) return c.json({ error: { code: 'unavailable', message: 'Down.' } }, status as 503);
    return c.json({ run: runs, q: c.req.query('q') ?? null, padding: 'x'.repeat(3000) });
  });
  app.post('/like', (c) => c.json({ ok: true }, 201));
  app.post('/bookmark', (c) => c.json({ ok: true }, 201));
  app.post('/refused', (c) => c.json({ error: { code: 'bad_request', message: 'No.' } }, 400));
  return {
    app,
    cache,
    runs: () => runs,
    advance: (ms: number) => (time += ms),
    fail: (s: number) => (status = s),
    get: (path: string, headers: Record<string, string> = {}) => app.request(path, { headers }),
  };
}

describe('visitors’ cache', () => {
  it('answers fifty simultaneous visitors with one computation, all the same bytes', async () => {
    const t = appWithCache();
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.get('/list')));
    expect(t.runs()).toBe(1);
    const bodies = await Promise.all(answers.map((r) => r.json() as Promise<{ run: number }>));
    expect(new Set(bodies.map((b) => b.run))).toEqual(new Set([1]));
    expect(answers.every((r) => r.status === 200 && r.headers.get('etag') === answers[0]!.headers.get('etag'))).toBe(true);
  });

  it('keeps each address and query apart, and each encoding', async () => {
    const t = appWithCache();
    const a = (await (await t.get('/list?q=a')).json()) as { q: string };
    const b = (await (await t.get('/list?q=b')).json()) as { q: string };
    expect([a.q, b.q]).toEqual(['a', 'b']);
    const gz = await t.get('/list?q=a', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await t.get('/list?q=a');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(t.runs()).toBe(3);
  });

  it('turns a revalidation with the ETag into 304 without a body', async () => {
    const t = appWithCache();
    const first = await t.get('/list');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('vary')).toContain('Cookie');
    const again = await t.get('/list', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await t.get('/list', { 'if-none-match': 'W/"other"' })).status).toBe(200);
  });

  it('recomputes once the time is up', async () => {
    const t = appWithCache(50);
    await t.get('/list');
    await t.get('/list');
    expect(t.runs()).toBe(1);
    t.advance(80);
    const later = (await (await t.get('/list')).json()) as { run: number };
    expect(later.run).toBe(2);
  });

  it('answers with the expired answer while one request refreshes it, but never after a write', async () => {
    const t = appWithCache(50);
    await t.get('/list');
    t.advance(70);
    // The first request after expiry refreshes (the route takes a turn of the event loop); those meanwhile do not wait.
    const refreshing = t.get('/list');
    const meanwhile = await Promise.all([t.get('/list'), t.get('/list')]);
    for (const res of meanwhile) expect(((await res.json()) as { run: number }).run).toBe(1);
    expect(((await (await refreshing).json()) as { run: number }).run).toBe(2);
    expect(((await (await t.get('/list')).json()) as { run: number }).run).toBe(2);
    expect(t.runs()).toBe(2);

    // After a write nothing kept is served, expired or not: everyone waits for the new answer.
    t.advance(70);
    await t.app.request('/like', { method: 'POST' });
    const after = await Promise.all([t.get('/list'), t.get('/list')]);
    for (const res of after) expect(((await res.json()) as { run: number }).run).toBe(3);
  });

  it('is emptied by a successful write, not by a refused one nor one it is told to keep through', async () => {
    const t = appWithCache();
    await t.get('/list');
    await t.app.request('/refused', { method: 'POST' });
    expect(((await (await t.get('/list')).json()) as { run: number }).run).toBe(1);
    // A write the app lets through keeps the answers: its effect shows when they expire.
    await t.app.request('/bookmark', { method: 'POST' });
    expect(((await (await t.get('/list')).json()) as { run: number }).run).toBe(1);
    await t.app.request('/like', { method: 'POST' });
    expect(t.cache.size).toBe(0);
    expect(((await (await t.get('/list')).json()) as { run: number }).run).toBe(2);
  });

  it('never serves or keeps answers for people with a session', async () => {
    const t = appWithCache();
    await t.get('/list');
    const signedIn = (await (await t.get('/list', { cookie: 'ideahub.session_token=abc' })).json()) as { run: number };
    expect(signedIn.run).toBe(2);
    expect(((await (await t.get('/list')).json()) as { run: number }).run).toBe(1);
  });

  it('keeps no error: the next visitor asks again', async () => {
    const t = appWithCache();
    t.fail(503);
    expect((await t.get('/list')).status).toBe(503);
    t.fail(200);
    const res = await t.get('/list');
    expect(res.status).toBe(200);
    expect(t.runs()).toBe(2);
  });

  it('is off with a time of 0', async () => {
    const t = appWithCache(0);
    await t.get('/list');
    await t.get('/list');
    expect(t.runs()).toBe(2);
    expect(t.cache.size).toBe(0);
  });
});
