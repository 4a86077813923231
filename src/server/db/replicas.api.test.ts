/**
 * Reads on a real streaming replica (issue 26): the test starts its own primary and hot standby
 * (initdb, pg_basebackup -R) on 127.0.0.1, with pg_stat_statements on both so the standby's own
 * counters say which reads it served. Runs where PostgreSQL's server binaries are installed (CI).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, createCluster, hasPostgresBinaries } from '../../../tests/support/pg-cluster.ts';
import type { TestServer } from '../../../tests/support/test-server.ts';
import { testConfig } from '../../../tests/support/test-server.ts';
import { type SignedInUser } from '../../../tests/support/auth.ts';
import { createIdea } from '../../../tests/support/factories.ts';
import { send, share, sharer } from '../features/ideas/api-test-helpers.ts';
import { createLogger } from '../logger.ts';
import { type RunningServer, startServer } from '../server.ts';
import { type Database, openPostgres } from './client.ts';
import type { ReplicaState } from './replicas.ts';

const STATEMENTS = ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all'];

/** Polls `probe` until it returns a value (not undefined), for at most `ms`: replication and checks run on their own. */
async function eventually<T>(probe: () => Promise<T | undefined>, what: string, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Calls of statements reading the items table that `cluster` has run for the app (not this test's own). */
async function itemReads(cluster: Cluster): Promise<number> {
  const [row] = await query<{ calls: number }>(
    cluster.url,
    `select coalesce(sum(s.calls), 0)::int as calls from pg_stat_statements s join pg_database d on d.oid = s.dbid
      where d.datname = 'ideahub' and s.query like '%"ideas"%' and s.query not like '%pg_stat_statements%'`,
  );
  return row!.calls;
}

describe.each(hasPostgresBinaries() ? ['a streaming standby'] : [])('visitors read from %s (issue 26)', () => {
  let primary: Cluster | undefined;
  let standby: Cluster | undefined;
  let database: Database | undefined;
  let server: RunningServer | undefined;
  let t: TestServer;
  let author: SignedInUser;
  let itemId: string;

  beforeAll(async () => {
    primary = await createCluster({ settings: STATEMENTS });
    await query(primary.url, 'create extension pg_stat_statements');
    standby = await createCluster({ standbyOf: primary, settings: [...STATEMENTS, 'hot_standby_feedback=on'] });
    database = await openPostgres(primary.url, 5, { replicaUrls: [standby.url], checkEveryMs: 100 });
    const config = testConfig();
    server = await startServer({ config, logger: createLogger('silent'), webRoot: null, database });
    const url = server.url;
    t = { url, db: database.db, database, config: server.config, server, fetch: (path, init) => fetch(new URL(path, url), init) };
    author = await sharer(t, { name: 'Ngozi Replica' });
    itemId = (await share(t, author, { title: 'A solar powered water pump for replicas' })).idea.id;
    await createIdea(database.db, { userId: author.id, title: 'A rain water tank for replicas' });
    // The standby has replayed the items before visitors ask for them.
    await eventually(async () => {
      const [row] = await query<{ n: number }>(standby!.url, `select count(*)::int as n from ideas`);
      return row!.n === 2 ? true : undefined;
    }, 'the standby to replay the items');
  });

  afterAll(async () => {
    await server?.close(1000);
    await database?.close();
    standby?.destroy();
    primary?.destroy();
  });

  const replicaState = async (): Promise<ReplicaState> => {
    const res = await t.fetch('/readyz');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; replicas: ReplicaState[] };
    expect(body.status).toBe('ready');
    expect(body.replicas).toHaveLength(1);
    return body.replicas[0]!;
  };

  const visitorPaths = () => [
    '/api/ideas',
    '/api/ideas?q=solar',
    `/api/ideas/${itemId}`,
    `/api/makers/${author.id}/ideas`,
    '/feed.xml',
    '/sitemap.xml',
  ];

  it("serves visitors' lists, search, details, maker pages and feeds from the standby, and /readyz says it is up", async () => {
    const standbyBefore = await itemReads(standby!);
    for (const path of visitorPaths()) {
      const res = await t.fetch(path);
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
    // Each of these reads the items table at least once, on the standby.
    expect((await itemReads(standby!)) - standbyBefore).toBeGreaterThanOrEqual(visitorPaths().length);
    const state = await replicaState();
    expect(state).toMatchObject({ state: 'up' });
    expect(state.name).toBe('replica 1');
    expect(state.lagSeconds).toBeGreaterThanOrEqual(0);
    expect(state.lagBytes).toBeGreaterThanOrEqual(0);
  });

  it("a signed-in person's read after their write comes from the primary and shows it, even while the standby lags", async () => {
    // The standby stops replaying: whatever is written now exists on the primary only.
    await query(standby!.url, 'select pg_wal_replay_pause()');
    try {
      const res = await send(t, author, 'PATCH', `/api/ideas/${itemId}`, { title: 'A solar pump renamed by its maker' });
      expect(res.status, await res.clone().text()).toBe(200);
      const primaryBefore = await itemReads(primary!);
      const standbyBefore = await itemReads(standby!);
      const own = await send(t, author, 'GET', `/api/ideas/${itemId}`);
      expect(own.status).toBe(200);
      expect(((await own.json()) as { title: string }).title).toBe('A solar pump renamed by its maker');
      expect(await itemReads(standby!)).toBe(standbyBefore);
      expect(await itemReads(primary!)).toBeGreaterThan(primaryBefore);
      // A visitor reads the standby, which has not replayed the change yet; /readyz shows the lag.
      const visitor = await t.fetch(`/api/ideas/${itemId}`);
      expect(((await visitor.json()) as { title: string }).title).toBe('A solar powered water pump for replicas');
      const lagging = await eventually(async () => {
        const state = await replicaState();
        return (state.lagBytes ?? 0) > 0 ? state : undefined;
      }, '/readyz to report the lag');
      expect(lagging.state).toBe('up');
      expect(lagging.lagSeconds).toBeGreaterThan(0);
    } finally {
      await query(standby!.url, 'select pg_wal_replay_resume()');
    }
    await eventually(async () => {
      const visitor = await t.fetch(`/api/ideas/${itemId}`);
      const { title } = (await visitor.json()) as { title: string };
      return title === 'A solar pump renamed by its maker' ? true : undefined;
    }, 'the standby to catch up');
  });

  it('a standby stopped mid-traffic costs visitors no error; /readyz shows it down, and back once it answers again', async () => {
    const failures: string[] = [];
    let answered = 0;
    let stop = false;
    const visitor = async (offset: number) => {
      const paths = visitorPaths();
      for (let i = offset; !stop; i++) {
        const path = paths[i % paths.length]!;
        const res = await t.fetch(path);
        const body = await res.text();
        answered++;
        if (res.status !== 200) failures.push(`${path}: ${res.status} ${body.slice(0, 200)}`);
      }
    };
    const traffic = [0, 1, 2, 3].map(visitor);
    try {
      await eventually(async () => (answered >= 20 ? true : undefined), 'traffic to flow');
      await standby!.stopImmediate();
      const at = answered;
      const down = await eventually(async () => {
        const state = await replicaState();
        return state.state === 'down' ? state : undefined;
      }, '/readyz to show the standby down');
      expect(down).toMatchObject({ state: 'down', lagSeconds: null, lagBytes: null });
      // Reads keep being answered (by the primary) while the standby is down.
      await eventually(async () => (answered >= at + 40 ? true : undefined), 'traffic to go on without the standby');
    } finally {
      stop = true;
      await Promise.all(traffic);
    }
    expect(failures).toEqual([]);

    await standby!.start();
    await eventually(async () => ((await replicaState()).state === 'up' ? true : undefined), '/readyz to show the standby up again');
    const before = await itemReads(standby!);
    for (const path of visitorPaths()) expect((await t.fetch(path)).status, path).toBe(200);
    expect((await itemReads(standby!)) - before).toBeGreaterThanOrEqual(visitorPaths().length);
  });
});
