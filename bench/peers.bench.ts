/**
 * Benchmark (not a test), issue 29: IdeaHub's signed-in API beside its peers, in one run with the
 * rounds interleaved, so a busy machine weighs on all of them alike and the figures that count are
 * ratios. Rows: the first page, the product tab, a search for a common and for a rare word, and an
 * item's details, each as a signed-in person (50 connections, each its own person). Peers:
 *
 * - the bare reference server (bench/peers/reference.ts): node:http and pg running the statements
 *   IdeaHub sent for that very request once warm, with the same session check, compression and
 *   headers: what IdeaHub would cost without its own layers;
 * - pgbench: those statements straight against PostgreSQL, at the same concurrency;
 * - PostGraphile 4 (bench/peers/postgraphile.ts) serving the same rows with its own JWT auth
 *   (not in --small: BENCH_POSTGRAPHILE=0).
 *
 * Each server is a process of its own; load comes from autocannon in another (bench/load.ts). In
 * each round every row is measured for every peer, the peers' order turning from round to round.
 * Also: a like toggle on IdeaHub alone, and IdeaHub's resident memory (VmRSS) under the load.
 *
 *   npx tsx bench/peers.bench.ts                         # 100,000 items, 3 rounds of 10 s
 *   BENCH_ITEMS=1000 BENCH_SECONDS=2 BENCH_ROUNDS=1 BENCH_POSTGRAPHILE=0 npx tsx bench/peers.bench.ts
 *
 * Appends its table to bench/history/runs.md with the load average beside it.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import {  existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import pg from 'pg';
import { openPostgres } from '../src/server/db/client.ts';
import { JSON_BROTLI_QUALITY } from '../src/server/lib/compression.ts';
import { freePort } from '../tests/support/free-port.ts';
// @ts-expect-error: plain ES module script without types
import { SERVER_NODE_ARGS } from '../scripts/server-args.mjs';
import { drive, type LoadRequest, type LoadRun } from './load.ts';
import type { Statement } from './peers/ideahub.ts';
import type { ReferencePlan } from './peers/reference.ts';
import { pgbench, pgbenchScript } from './pgbench.ts';
import { ADMIN_URL, adminQuery, benchSessions, COMMON_WORD, RARE_COUNT, RARE_WORD, seed, withDatabase } from './seed.ts';
import { listeningLine } from './listening.ts';
import { reportRun } from './results.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 3_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const POSTGRAPHILE = process.env.BENCH_POSTGRAPHILE !== '0';
const POOL = 10;
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const JWT_SECRET = 'bench-jwt-secret-bench-jwt-secret-0123456789';
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const children = new Set<ChildProcess>();

type Peer = 'IdeaHub' | 'reference' | 'PostGraphile' | 'pgbench';

interface Row {
  name: string;
  path: string;
  /** PostGraphile's GraphQL for the same rows. */
  graphql: string;
}

const CARD_FIELDS = `id title excerpt price currency category imageUrl rating likeCount messageCount ratingCount ratingTotal createdAt userId
  viewerLiked viewerSaved userByUserId { profileByUserId { fullName contactInfo } }`;
const list = (args: string) => `{ allIdeas(first: 21, orderBy: [CREATED_AT_DESC, ID_DESC]${args}) { nodes { ${CARD_FIELDS} } } }`;
const search = (q: string) => `{ searchIdeas(q: ${JSON.stringify(q)}, first: 21) { nodes { ${CARD_FIELDS} } } }`;

/**
 * What IdeaHub's answers carry that a table does not, for PostGraphile (computed columns must sit in
 * the table's schema; the bench's database is thrown away afterwards).
 */
const GRAPHQL_SCHEMA = `
  create or replace function public.ideas_excerpt(i public.ideas) returns text language sql stable as $$ select left(i.description, 100) $$;
  create or replace function public.ideas_viewer_liked(i public.ideas) returns boolean language sql stable as
    $$ select exists (select 1 from public.likes l where l.idea_id = i.id and l.user_id = current_setting('jwt.claims.user_id', true)) $$;
  create or replace function public.ideas_viewer_saved(i public.ideas) returns boolean language sql stable as
    $$ select exists (select 1 from public.saved_items s where s.idea_id = i.id and s.user_id = current_setting('jwt.claims.user_id', true)) $$;
  create or replace function public.search_ideas(q text) returns setof public.ideas language sql stable as $$
    select * from public.ideas i
    where i.title ilike '%' || q || '%' or left(i.description, 100) ilike '%' || q || '%'
      or ((i.user_id = current_setting('jwt.claims.user_id', true)
           or (select count(*) from public.ideas o where o.user_id = current_setting('jwt.claims.user_id', true)) > 20)
          and i.description ilike '%' || q || '%')
    order by i.created_at desc, i.id desc $$;`;

function load(): string {
  return os.loadavg().map((l) => l.toFixed(1)).join(' / ');
}

/** A child process printing one JSON line once listening; resolves with that line. */
function startChild(args: string[], env: Record<string, string>, ipc = false): Promise<{ child: ChildProcess; info: { url: string; version?: string } }> {
  return new Promise((resolve, reject) => {
    const options = { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit', ...(ipc ? ['ipc'] : [])] as never };
    const child = ipc ? fork(args.at(-1)!, [], { ...options, execArgv: args.slice(0, -1) }) : spawn(process.execPath, args, options);
    children.add(child);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const info = listeningLine(out);
      if (info) resolve({ child, info });
    });
    child.once('exit', (code) => reject(new Error(`${args.at(-1)} exited with ${code}`)));
  });
}

/** The production server (dist/server/main.js) on a free port, once /readyz answers; null when it does not start. */
async function startProduction(env: Record<string, string>): Promise<{ child: ChildProcess; url: string } | null> {
  const port = await freePort();
  const child = spawn(process.execPath, [...(SERVER_NODE_ARGS as string[]), 'dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop(child);
  return null;
}

async function stop(child: ChildProcess) {
  if (child.exitCode === null) child.kill('SIGTERM');
  await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  children.delete(child);
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/**
 * Waits (up to a minute) until no other session runs a statement in the bench's database: a peer's
 * slow statements (PostGraphile's generic plans run for seconds) outlive its own run and would
 * weigh on the next peer's.
 */
async function untilDatabaseIdle(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()",
      );
      if (rows[0]!.n === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await client.end();
  }
}

/** What IdeaHub's pool sent for `send`, recorded by its process (bench/peers/ideahub.ts). */
async function captured(child: ChildProcess, send: () => Promise<unknown>): Promise<Statement[]> {
  child.send({ capture: true });
  await send();
  return new Promise((resolve) => {
    child.once('message', (m: { statements: Statement[] }) => resolve(m.statements));
    child.send({ capture: false });
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2 : NaN;
};

async function main() {
  const name = `ideahub_peers_${Date.now().toString(36)}`;
  await adminQuery(`create database "${name}"`);
  const url = withDatabase(ADMIN_URL, name);
  const startedLoad = load();
  try {
    const database = await openPostgres(url, 4);
    await database.migrate();
    await seed(database.pool!, { items: ITEMS, people: PEOPLE });
    const tokens = await benchSessions(database.pool!, CONNECTIONS);
    const [{ id: detailId }] = (await database.pool!.query<{ id: string }>('select id from ideas order by md5(id::text) limit 1')).rows as [{ id: string }];
    const likeItems = (await database.pool!.query<{ id: string }>('select id from ideas order by md5(id::text) offset 1 limit $1', [CONNECTIONS * 4])).rows.map((r) => r.id);
    const pgVersion = (await database.pool!.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    if (POSTGRAPHILE) await database.pool!.query(GRAPHQL_SCHEMA);
    await database.close();

    const rows: Row[] = [
      { name: 'first page', path: '/api/ideas?limit=20', graphql: list('') },
      { name: 'category tab (product)', path: '/api/ideas?category=product&limit=20', graphql: list(', condition: { category: "product" }') },
      { name: `search, common word ('${COMMON_WORD}')`, path: `/api/ideas?q=${COMMON_WORD}&limit=20`, graphql: search(COMMON_WORD) },
      { name: `search, rare word ('${RARE_WORD}', ${RARE_COUNT} items)`, path: `/api/ideas?q=${RARE_WORD}&limit=20`, graphql: search(RARE_WORD) },
      {
        name: 'details',
        path: `/api/ideas/${detailId}`,
        graphql: `{ ideaById(id: "${detailId}") { ${CARD_FIELDS} description projectDetails } }`,
      },
    ];

    // IdeaHub, as production runs it (the server's Node flags), from source.
    const ideahub = await startChild([...(SERVER_NODE_ARGS as string[]), '--import', 'tsx', path.join(here, 'peers/ideahub.ts')], {
      DATABASE_URL: url,
      AUTH_SECRET,
      DB_POOL_SIZE: String(POOL),
      PUBLIC_URL: 'http://127.0.0.1',
      WRITE_LIMITS: 'likes:100000000/60',
    }, true);
    const base = ideahub.info.url;
    const cookieOf = (token: string) => `ideahub.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', AUTH_SECRET).update(token).digest('base64')}`)}`;
    const headersOf = (i: number) => ({ cookie: cookieOf(tokens[i]!), origin: 'http://127.0.0.1' });
    const ask = (p: string, i: number) => fetch(base + p, { headers: { ...headersOf(i), 'accept-encoding': 'br' } });

    // What IdeaHub sends for each row and person once warm: the reference server runs the same.
    const plan: ReferencePlan = { databaseUrl: url, poolSize: POOL, secret: AUTH_SECRET, cookieName: 'ideahub.session_token', brotliQuality: Number(process.env.BENCH_BROTLI_QUALITY ?? JSON_BROTLI_QUALITY), headers: [], routes: {}, pageSize: 20 };
    const statementsOf: Record<string, Statement[]> = {};
    for (const row of rows) {
      plan.routes[row.path] = {};
      for (let i = 0; i < tokens.length; i++) {
        await (await ask(row.path, i)).arrayBuffer();
        const statements = await captured(ideahub.child, async () => (await ask(row.path, i)).arrayBuffer());
        plan.routes[row.path]![tokens[i]!] = statements;
        if (i === 0) statementsOf[row.name] = statements;
      }
    }
    const sample = await ask(rows[0]!.path, 0);
    plan.headers = [...sample.headers].filter(([n]) => !/^(date|content-length|content-encoding|x-request-id|connection|keep-alive|transfer-encoding)$/i.test(n));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ideahub-peers-'));
    const planFile = path.join(dir, 'plan.json');
    writeFileSync(planFile, JSON.stringify(plan));
    const reference = await startChild([...(SERVER_NODE_ARGS as string[]), '--import', 'tsx', path.join(here, 'peers/reference.ts')], { BENCH_PLAN: planFile });
    const postgraphile = POSTGRAPHILE ? await startChild(['--import', 'tsx', path.join(here, 'peers/postgraphile.ts')], { DATABASE_URL: url, JWT_SECRET }) : null;
    const key = new TextEncoder().encode(JWT_SECRET);
    const jwts = await Promise.all(
      tokens.map((_, i) => new SignJWT({ user_id: `bench-user-${i}` }).setProtectedHeader({ alg: 'HS256' }).setAudience('postgraphile').setExpirationTime('4h').sign(key)),
    );

    const requestsFor = (peer: Peer, row: Row): LoadRequest[][] =>
      peer === 'PostGraphile'
        ? jwts.map((jwt) => [{ method: 'POST', path: '/graphql', headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' }, body: JSON.stringify({ query: row.graphql }) }])
        : tokens.map((_, i) => [{ method: 'GET', path: row.path, headers: headersOf(i) }]);
    const baseOf = (peer: Peer) => (peer === 'IdeaHub' ? base : peer === 'reference' ? reference.info.url : postgraphile!.info.url);

    // Every peer answers every row with the same items before anything is measured.
    for (const row of rows) {
      const mine = (await (await ask(row.path, 0)).json()) as { items?: { id: string }[]; id?: string };
      const ids = mine.items ? mine.items.map((i) => i.id) : [mine.id];
      const ref = (await (await fetch(reference.info.url + row.path, { headers: headersOf(0) })).json()) as { items?: { id: string }[]; id?: string };
      const refIds = ref.items ? ref.items.map((i) => i.id) : [ref.id];
      if (JSON.stringify(ids) !== JSON.stringify(refIds)) throw new Error(`reference answers other items for ${row.name}`);
      if (postgraphile) {
        const [r] = requestsFor('PostGraphile', row)[0]!;
        const answer = (await (await fetch(postgraphile.info.url + r!.path, { method: 'POST', headers: r!.headers, body: r!.body })).json()) as {
          data?: Record<string, { nodes?: { id: string }[]; id?: string }>;
          errors?: unknown;
        };
        if (answer.errors || !answer.data) throw new Error(`PostGraphile: ${JSON.stringify(answer.errors)}`);
        const value = Object.values(answer.data)[0]!;
        const pgIds = value.nodes ? value.nodes.slice(0, 20).map((n) => n.id) : [value.id];
        if (JSON.stringify(ids) !== JSON.stringify(pgIds)) throw new Error(`PostGraphile answers other items for ${row.name}`);
      }
    }

    const peers: Peer[] = ['IdeaHub', 'reference', ...(postgraphile ? (['PostGraphile'] as const) : []), 'pgbench'];
    const runs = new Map<string, LoadRun[]>();
    const rss: number[] = [];
    const loads: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      loads.push(load());
      for (const row of rows) {
        const order = peers.map((_, i) => peers[(i + round) % peers.length]!);
        for (const peer of order) {
          await untilDatabaseIdle(url);
          let run: LoadRun;
          if (peer === 'pgbench') {
            const r = pgbench(url, pgbenchScript(statementsOf[row.name]!), CONNECTIONS, SECONDS);
            if (typeof r === 'string') throw new Error(r);
            run = { requests: r.tps * SECONDS, rps: r.tps, p50: NaN, p99: NaN, max: NaN, errors: 0, short: 0, meanBytes: 0 };
          } else {
            if (round === 0) await drive(baseOf(peer), requestsFor(peer, row), 1, CONNECTIONS);
            const sampler = peer === 'IdeaHub' ? setInterval(() => rss.push(rssMb(ideahub.child.pid!)), 200) : null;
            run = await drive(baseOf(peer), requestsFor(peer, row), SECONDS, CONNECTIONS);
            if (sampler) clearInterval(sampler);
          }
          const k = `${row.name}|${peer}`;
          runs.set(k, [...(runs.get(k) ?? []), run]);
          console.log(`round ${round + 1} ${row.name} ${peer}: ${run.rps.toFixed(0)} req/s, p99 ${run.p99.toFixed(1)} ms, errors ${run.errors} — load ${load()}`);
        }
      }
    }
    // A like toggle (like, then take it back), IdeaHub alone: each connection its own person and four items.
    const likeRun = await drive(
      base,
      tokens.map((_, i) =>
        likeItems.slice(i * 4, i * 4 + 4).flatMap((id) => [
          { method: 'PUT', path: `/api/ideas/${id}/like`, headers: headersOf(i) },
          { method: 'DELETE', path: `/api/ideas/${id}/like`, headers: headersOf(i) },
        ]),
      ),
      SECONDS,
      CONNECTIONS,
    );
    // Resident memory of the production build (dist/server/main.js, when built) under the same signed-in load.
    let production: { rssPeak: number; rssMedian: number; rps: number; p99: number } | null = null;
    if (existsSync(path.join(root, 'dist/server/main.js'))) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ideahub-peers-data-'));
      const prod = await startProduction({ DATABASE_URL: url, AUTH_SECRET, DB_POOL_SIZE: String(POOL), PUBLIC_URL: 'http://127.0.0.1', DATA_DIR: dataDir });
      const prodUrl = prod?.url;
      if (prod && prodUrl) {
        const samples: number[] = [];
        const sampler = setInterval(() => samples.push(rssMb(prod.child.pid!)), 200);
        const mixed = tokens.map((_, i) => rows.map((row) => ({ method: 'GET', path: row.path, headers: headersOf(i) })));
        const r = await drive(prodUrl, mixed, SECONDS, CONNECTIONS);
        clearInterval(sampler);
        production = { rssPeak: Math.max(...samples), rssMedian: median(samples), rps: r.rps, p99: r.p99 };
      }
      if (prod) await stop(prod.child);
      rmSync(dataDir, { recursive: true, force: true });
    }
    const likeStatements = await captured(ideahub.child, async () => {
      await fetch(`${base}/api/ideas/${likeItems[0]}/like`, { method: 'PUT', headers: headersOf(0) });
      await fetch(`${base}/api/ideas/${likeItems[0]}/like`, { method: 'DELETE', headers: headersOf(0) });
    });

    const ratio = (row: Row, peer: Peer) => {
      const mine = runs.get(`${row.name}|IdeaHub`)!;
      const theirs = runs.get(`${row.name}|${peer}`)!;
      return median(mine.map((r, i) => r.rps / theirs[i]!.rps));
    };
    const cell = (row: Row, peer: Peer) => {
      const rs = runs.get(`${row.name}|${peer}`);
      if (!rs) return '–';
      const p99 = median(rs.map((r) => r.p99));
      return `${median(rs.map((r) => r.rps)).toFixed(0)}${Number.isNaN(p99) ? '' : ` (p99 ${p99.toFixed(1)})`}${rs.some((r) => r.errors) ? ` errors ${rs.reduce((n, r) => n + r.errors, 0)}` : ''}`;
    };
    const cpu = os.cpus();
    const text = [
      `## Peers (issue 29) — ${new Date().toISOString()}${process.env.BENCH_LABEL ? ` — ${process.env.BENCH_LABEL}` : ''}`,
      '',
      `- Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}; Node ${process.version}; PostgreSQL ${pgVersion}. Load average (1 / 5 / 15 min) at the start ${startedLoad}; per round ${loads.join('; ')}; at the end ${load()}.`,
      `- ${ITEMS.toLocaleString('en')} items from ${PEOPLE.toLocaleString('en')} people; ${CONNECTIONS} connections, each its own signed-in person; ${ROUNDS} round(s) of ${SECONDS} s per row and peer, the peers' order turning each round; medians of the rounds, ratios taken within each round. Each server its own process, pool ${POOL}.`,
      `- Peers: the reference server (node:http + pg running the statements IdeaHub sent for that request once warm, same session check, brotli ${plan.brotliQuality}, IdeaHub's headers); pgbench (those statements, prepared, ${CONNECTIONS} clients)${postgraphile ? `; PostGraphile ${postgraphile.info.version} (${JSON.stringify(Object.fromEntries(Object.entries({ schemas: ['public'], jwt: 'HS256, claim user_id', dynamicJson: true, setofFunctionsContainNulls: false, ignoreRBAC: true, disableDefaultMutations: true })))}, no compression)` : ''}.`,
      '',
      `| row | IdeaHub req/s (p99 ms) | reference | ${postgraphile ? 'PostGraphile | ' : ''}pgbench tps | IdeaHub / reference | ${postgraphile ? 'IdeaHub / PostGraphile | ' : ''}IdeaHub / pgbench | statements per request |`,
      `| --- | ---: | ---: | ${postgraphile ? '---: | ' : ''}---: | ---: | ${postgraphile ? '---: | ' : ''}---: | ---: |`,
      ...rows.map(
        (row) =>
          `| ${row.name} | ${cell(row, 'IdeaHub')} | ${cell(row, 'reference')} | ${postgraphile ? `${cell(row, 'PostGraphile')} | ` : ''}${cell(row, 'pgbench')} | ${ratio(row, 'reference').toFixed(2)} | ${postgraphile ? `${ratio(row, 'PostGraphile').toFixed(2)} | ` : ''}${ratio(row, 'pgbench').toFixed(2)} | ${statementsOf[row.name]!.length} |`,
      ),
      '',
      `- Like toggle (like, then take it back), IdeaHub alone, ${SECONDS} s: ${likeRun.rps.toFixed(0)} req/s, p99 ${likeRun.p99.toFixed(1)} ms, errors ${likeRun.errors}; statements for a like and an unlike: ${likeStatements.length}.`,
      `- IdeaHub's resident memory under the load (from source through tsx): peak ${Math.max(...rss).toFixed(0)} MB, median ${median(rss).toFixed(0)} MB.`,
      production
        ? `- The production build (dist/server/main.js) under all five rows at once, ${CONNECTIONS} connections, ${SECONDS} s: ${production.rps.toFixed(0)} req/s, p99 ${production.p99.toFixed(1)} ms; resident memory peak ${production.rssPeak.toFixed(0)} MB, median ${production.rssMedian.toFixed(0)} MB (target under 200 MB).`
        : '- The production build was not there (npm run build): its memory was not measured.',
      '',
      '<details><summary>the statements of each row (what IdeaHub sent, what the reference server and pgbench ran)</summary>',
      '',
      ...rows.flatMap((row) => [`${row.name}:`, '', '```sql', pgbenchScript(statementsOf[row.name]!), '```', '']),
      '</details>',
      '',
    ].join('\n');
    reportRun(text, rows.map((row) => ({ name: row.name, reference: ratio(row, 'reference'), pgbench: ratio(row, 'pgbench'), postgraphile: postgraphile ? ratio(row, 'PostGraphile') : null, p99: median(runs.get(`${row.name}|IdeaHub`)!.map((r) => r.p99)) })));
    for (const c of [...children]) await stop(c);
    rmSync(dir, { recursive: true, force: true });
  } finally {
    for (const c of [...children]) await stop(c).catch(() => {});
    await adminQuery(`drop database if exists "${name}" with (force)`).catch((e: unknown) => console.error('could not drop', name, e));
  }
}

process.on('SIGINT', () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(130);
});
main().catch((error: unknown) => {
  console.error(error);
  for (const c of children) c.kill('SIGTERM');
  process.exitCode = 1;
});
