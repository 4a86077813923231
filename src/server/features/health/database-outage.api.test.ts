/**
 * PostgreSQL going away and coming back, under one server (npm run test:load does it for real,
 * with a restarted cluster under load): the server reaches PostgreSQL through a TCP proxy that the
 * test cuts (open connections dropped, new ones refused) and opens again on the same port.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { createPostgresDatabase } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { useServerEntryBuild } from '../../../../tests/support/web-build.ts';
import { type TestServer, testConfig } from '../../../../tests/support/test-server.ts';
import { type Database, openPostgres } from '../../db/client.ts';
import { createLogger } from '../../logger.ts';
import { type RunningServer, startServer } from '../../server.ts';
import { openSse } from '../discussion/testing/sse-client.ts';

interface Proxy {
  port: number;
  /** Drops every open connection and refuses new ones, as a stopped server does. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  open(): Promise<void>;
  close(): Promise<void>;
}

async function tcpProxy(target: { host: string; port: number }): Promise<Proxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = async () => {
    const s = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      sockets.add(client).add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      for (const sock of [client, upstream]) {
        sock.on('error', drop);
        sock.on('close', drop);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    port = (s.address() as net.AddressInfo).port;
    server = s;
  };
  const cut = async () => {
    const s = server;
    server = null;
    for (const sock of sockets) sock.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await open();
  return {
    get port() {
      return port;
    },
    cut,
    open,
    close: cut,
  };
}

async function within<T>(ms: number, what: string, probe: () => Promise<T | null>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return { value, ms: Date.now() - started };
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('PostgreSQL going away and coming back', () => {
  let proxy: Proxy;
  let database: Database;
  let running: RunningServer;
  let t: TestServer;
  let drop: () => Promise<void>;
  // A web build with the real server entry, so the pages are served as in production.
  const webRoot = useServerEntryBuild();

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    const target = new URL(created.url);
    proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(created.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    database = await openPostgres(viaProxy.toString(), 5);
    await database.migrate();
    const config = testConfig();
    running = await startServer({ config, logger: createLogger('silent'), webRoot, database });
    t = {
      url: running.url,
      db: database.db,
      database,
      config: running.config,
      server: running,
      fetch: (path, init) => fetch(new URL(path, running.url), init),
    };
  });

  afterAll(async () => {
    await running?.close(1000);
    await database?.close().catch(() => {});
    await proxy?.close();
    await drop?.();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('a connection lost inside a transaction fails that transaction, not the process', async () => {
    const client = await database.pool!.connect();
    try {
      await client.query('begin');
      const failed = client.query('select pg_sleep(5)');
      // Cut once the statement is running on the server (seen from another connection).
      await within(10_000, 'the statement running', async () => {
        const r = await database.pool!.query(`select 1 from pg_stat_activity where state = 'active' and query = 'select pg_sleep(5)'`);
        return r.rowCount ? true : null;
      });
      await proxy.cut();
      // Without an error listener on checked-out clients, pg emits 'error' unhandled: the process dies.
      await expect(failed).rejects.toThrow(/Connection terminated|ECONNRESET/);
    } finally {
      client.release(true);
      await proxy.open();
    }
    await within(5000, 'the database answering again', async () => (await database.ping(), true));
  });

  it('answers 503 fast while it is down, and everything works again within 5 s of its return', async () => {
    const owner = await signedInUser(t, { name: 'Owner Of Item' });
    const idea = await createIdea(t.db, { userId: owner.id });
    const stream = await openSse(`${t.url}/api/ideas/${idea.id}/messages/stream`, { cookie: owner.cookie });
    await stream.waitUntil((c) => c.comments.includes('ready'), 10_000, 'ready');

    await proxy.cut();
    for (const path of ['/readyz', '/api/ideas', `/api/ideas/${idea.id}`]) {
      const started = Date.now();
      const res = await t.fetch(path, { headers: owner.headers });
      expect(res.status, path).toBe(503);
      expect(Date.now() - started, path).toBeLessThan(2000);
      if (path !== '/readyz') expect(await res.json(), path).toMatchObject({ error: { code: 'unavailable' } });
    }
    // A signed-in write: the session lookup itself fails (better-auth hides why); 503, not 500.
    const like = await t.fetch(`/api/ideas/${idea.id}/like`, { method: 'PUT', headers: owner.headers });
    expect(like.status).toBe(503);
    expect(await like.json()).toMatchObject({ error: { code: 'unavailable' } });

    await proxy.open();
    const ready = await within(5000, '/readyz 200', async () => ((await t.fetch('/readyz')).status === 200 ? true : null));
    const liked = await within(5000, 'a signed-in write', async () =>
      (await t.fetch(`/api/ideas/${idea.id}/like`, { method: 'PUT', headers: owner.headers })).status === 200 ? true : null,
    );
    // The stream stayed open; the listener reconnects (at most ~1.25 s between attempts) and a new message arrives live.
    const posted = await within(5000, 'posting a message', async () => {
      const res = await t.fetch(`/api/ideas/${idea.id}/messages`, { method: 'POST', headers: owner.headers, body: JSON.stringify({ content: 'after the return' }) });
      return res.status === 201 ? ((await res.json()) as { id: number }) : null;
    });
    await stream.waitUntil((c) => c.messages().some((m) => m.id === posted.value.id), 5000, 'the message, live');
    expect(ready.ms + liked.ms).toBeLessThan(5000);
    stream.close();
  });

  it('answers every route without a 500 while it is down: 503 with Retry-After wherever the database is needed', async () => {
    const owner = await signedInUser(t, { name: 'Owner During Outage' });
    const idea = await createIdea(t.db, { userId: owner.id });
    const doc = (await (await t.fetch('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const ids: Record<string, string> = { id: idea.id, userId: owner.id };
    const fill = (path: string) =>
      path
        .replace(/^\/api\/messages\/\{id\}/, '/api/messages/1')
        .replace(/^\/api\/(me|admin)\/coupons\/\{id\}/, `/api/$1/coupons/${randomUUID()}`)
        .replace(/^\/api\/admin\/users\/\{id\}/, `/api/admin/users/${owner.id}`)
        .replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? randomUUID());
    const api = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path: fill(path) })));
    expect(api.length).toBeGreaterThan(30);
    const auth = [
      { method: 'POST', path: '/api/auth/sign-in/email', body: { email: owner.email, password: owner.password } },
      { method: 'POST', path: '/api/auth/sign-up/email', body: { name: 'New Person', email: `new-${randomUUID()}@example.test`, password: owner.password } },
      { method: 'GET', path: '/api/auth/get-session' },
      { method: 'POST', path: '/api/auth/sign-out', body: {} },
    ];
    const pages = ['/', '/?category=product', `/ideas/${idea.id}`, '/ideas/not-an-id', '/about', '/storage/idea-images/x.png', '/healthz', '/readyz'];

    await proxy.cut();
    try {
      const answers: { who: string; method: string; path: string; status: number; retryAfter: string | null; body: string }[] = [];
      const send = async (who: 'visitor' | 'owner', method: string, path: string, body?: unknown) => {
        const headers = who === 'owner' ? owner.headers : { origin: new URL(t.url).origin, 'content-type': 'application/json' };
        const res = await t.fetch(path, { method, headers, ...(method === 'GET' || method === 'HEAD' ? {} : { body: JSON.stringify(body ?? {}) }) });
        // A live stream (it should not open while the database is down) is not read to its end.
        const text = res.headers.get('content-type')?.includes('text/event-stream') ? (await res.body?.cancel(), '') : await res.text();
        answers.push({ who, method, path, status: res.status, retryAfter: res.headers.get('retry-after'), body: text });
      };
      for (const who of ['visitor', 'owner'] as const) {
        for (const r of [...api, ...auth]) await send(who, r.method, r.path, 'body' in r ? r.body : undefined);
        for (const path of pages) await send(who, 'GET', path);
      }

      expect(answers.filter((a) => a.status >= 500 && a.status !== 503).map((a) => `${a.who} ${a.method} ${a.path} ${a.status}`)).toEqual([]);
      for (const a of answers.filter((x) => x.status === 503)) {
        const what = `${a.who} ${a.method} ${a.path}`;
        expect(Number(a.retryAfter), what).toBeGreaterThan(0);
        expect(Number(a.retryAfter), what).toBeLessThanOrEqual(30);
        if (a.path.startsWith('/api/')) expect(JSON.parse(a.body), what).toMatchObject({ error: { code: 'unavailable' } });
      }
      const status = (who: string, method: string, path: string) => answers.find((a) => a.who === who && a.method === method && a.path === path)?.status;
      // Everything a signed-in person asks of the API needs the session, so the database.
      for (const a of answers.filter((x) => x.who === 'owner' && x.path.startsWith('/api/') && x.path !== '/api/openapi.json')) {
        expect(a.status, `${a.method} ${a.path}`).toBe(503);
      }
      for (const [method, path] of [
        ['GET', '/api/ideas'],
        ['GET', `/api/ideas/${idea.id}`],
        ['GET', `/api/ideas/${idea.id}/messages`],
        ['GET', '/api/config'],
        ['POST', '/api/auth/sign-in/email'],
        ['POST', '/api/auth/sign-up/email'],
        ['GET', '/'],
        ['GET', `/ideas/${idea.id}`],
        ['GET', '/storage/idea-images/x.png'],
        ['GET', '/readyz'],
      ] as const) {
        expect(status('visitor', method, path), `visitor ${method} ${path}`).toBe(503);
      }
      // Pages that do not need the database are the app, as always; the process is up.
      for (const path of ['/about', '/healthz']) expect(status('visitor', 'GET', path), path).toBe(200);
      // A page answered 503 is still the app's page (it shows what happened and retries).
      const home = answers.find((a) => a.who === 'visitor' && a.path === '/');
      expect(home?.body).toContain('<div id="root">');
    } finally {
      await proxy.open();
    }
    await within(5000, '/readyz 200', async () => ((await t.fetch('/readyz')).status === 200 ? true : null));
  });
});
