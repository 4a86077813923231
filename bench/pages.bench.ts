/**
 * Benchmark (not a test): the pages React renders on the server (issue 18 point 5), home and an
 * item's details, for a visitor and for a signed-in person, each signed-in page beside the API
 * request it is drawn from at the same concurrency.
 *
 *   npx tsx bench/pages.bench.ts                                      # 100,000 items, 10 s per scenario
 *   BENCH_ITEMS=1000 BENCH_PEOPLE=100 BENCH_SECONDS=2 npx tsx bench/pages.bench.ts   # small: proves it works
 *   (BENCH_DATABASE=<name>: a database bench/seed.ts already filled, e.g. the one the list benchmark
 *   keeps for `npm run bench`; used as it is and left in place)
 *
 * The server is the app in this process with the production configuration (NODE_ENV=production
 * in its environment too: the server entry chooses React's production or development build by
 * process.env.NODE_ENV when it loads) and the built web app
 * as its web root (dist/web after scripts/build-if-stale.mjs, with the server entry
 * `.server/entry.server.mjs`; copied to a temporary folder first, so a build started meanwhile by
 * someone else cannot change it under the run). Load comes from autocannon in a child process
 * (bench/load.ts), keep-alive connections on 127.0.0.1:
 *
 * - visitors (no cookie) at 50 connections: GET / and GET /ideas/{id}, beside the visitors' API
 *   answers they are drawn from;
 * - one signed-in person (a session cookie; their name, items of their own, some items liked and
 *   saved, the details item among them) at 10 and at 50 connections: GET /api/ideas?category=all&limit=20,
 *   GET /, and GET / with a query parameter of its own on every request (`?bench=<n>`: the page
 *   is drawn the same, but the server's 10-second cache of rendered pages, keyed by address,
 *   reader and answers, never has it, so React renders every one); then the same three for
 *   GET /api/ideas/{id} and GET /ideas/{id}.
 *
 * Every scenario is checked once before it is measured: 200, HTML (or JSON for the API), the
 * item titles it must show, the person's header (their account menu, their session, their saved items
 * pressed) or a visitor's (Sign In). Under load, 2xx answers under half the checked page's size
 * are counted as errors (the plain app served when a page cannot be rendered). Prints a table
 * with the targets and appends it to bench/history/runs.md.
 */
import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import {  cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadConfig } from '../src/server/config.ts';
import { openPostgres } from '../src/server/db/client.ts';
import { createLogger } from '../src/server/logger.ts';
import { startServer } from '../src/server/server.ts';
// @ts-expect-error: plain ES module script without types
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { BROWSER_ACCEPT_ENCODING, drive, type LoadRequest, type LoadRun, WARMUP_SECONDS, warmUp } from './load.ts';
import { ADMIN_URL, adminQuery, seed, withDatabase } from './seed.ts';
import { reportRun, runMain } from './results.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 3_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const EXISTING_DATABASE = process.env.BENCH_DATABASE;
const VISITOR_CONNECTIONS = 50;
const SIGNED_IN_CONNECTIONS = [10, 50];
const SIGNED_IN_P99_MS = 50;
const VISITOR_P99_MS = 25;
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const PERSON = 'bench-user-1';
const root = fileURLToPath(new URL('..', import.meta.url));
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const load1 = () => os.loadavg()[0]!;
// The production server runs with NODE_ENV=production (bench/run.ts step 4, a deployment): the
// server entry picks React's production or development build from it when it is loaded, after this.
const NODE_ENV_BEFORE = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';

interface Scenario {
  name: string;
  group: string;
  kind: 'page' | 'api';
  connections: number;
  request: LoadRequest;
  /** What the answer must show; returns what is wrong, or null. */
  check: (body: string) => string | null;
  /** p99 target in ms, for the pages the issue names. */
  target?: number;
}

interface Row extends LoadRun {
  scenario: Scenario;
  /** This page's rate over the rate of the API request it is drawn from, measured just before. */
  ratio: number | null;
  load: number;
}

/** The web app as the production server serves it, in a folder of its own for this run. */
function webBuild(): string {
  (buildIfStale as () => void)();
  const dist = path.join(root, 'dist', 'web');
  // build-if-stale looks at index.html only: a browser-only build (vite build) leaves no renderer.
  if (!existsSync(path.join(dist, '.server', 'entry.server.mjs'))) {
    console.log('Building the web app (its server entry is missing)…');
    const r = spawnSync('npm', ['run', '--silent', 'build:web'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (r.status !== 0) throw new Error('npm run build:web failed');
  }
  const copy = mkdtempSync(path.join(os.tmpdir(), 'ideahub-bench-pages-web-'));
  cpSync(dist, copy, { recursive: true });
  for (const file of ['index.html', '.vite/manifest.json', '.server/entry.server.mjs']) {
    if (!existsSync(path.join(copy, file))) throw new Error(`the web build has no ${file}: run npm run build`);
  }
  return copy;
}

/** Bytes of an answer as sent (compressed as the load generator asks), headers left out. */
function sentBytes(base: string, r: LoadRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    http
      .get({ hostname, port, path: r.path, headers: { ...r.headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING } }, (res) => {
        let n = 0;
        res.on('data', (d: Buffer) => (n += d.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

const count = (text: string, part: string) => text.split(part).length - 1;

async function main() {
  const webRoot = webBuild();
  const name = EXISTING_DATABASE ?? `ideahub_bench_pages_${Date.now().toString(36)}`;
  if (!EXISTING_DATABASE) await adminQuery(`create database "${name}"`);
  const url = withDatabase(ADMIN_URL, name);
  let stop: (() => Promise<void>) | undefined;
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      AUTH_SECRET,
      DATA_DIR: 'memory://',
    });
    const database = await openPostgres(url, config.DB_POOL_SIZE);
    await database.migrate();
    const pool = database.pool!;
    if (!EXISTING_DATABASE) await seed(pool, { items: ITEMS, people: PEOPLE });
    const items = Number((await pool.query<{ n: string }>('select count(*) as n from ideas')).rows[0]!.n);
    const people = Number((await pool.query<{ n: string }>('select count(*) as n from users')).rows[0]!.n);

    // The person: named as their profile, some of the first page liked and saved (the details
    // item both), a session as sign-in makes it.
    const person = (
      await pool.query<{ name: string; email: string }>(
        'update users set name = p.full_name from profiles p where p.user_id = users.id and users.id = $1 returning users.name, users.email',
        [PERSON],
      )
    ).rows[0]!;
    const personName = person.name;
    const firstPage = (
      await pool.query<{ id: string; title: string; message_count: number; rating_count: number }>(
        'select id, title, message_count, rating_count from ideas order by created_at desc, id desc limit 20',
      )
    ).rows;
    const detailsItem = firstPage[6]!;
    const saved = [1, 4, 6, 10, 15].map((i) => firstPage[i]!.id);
    const liked = [2, 6, 11].map((i) => firstPage[i]!.id);
    await pool.query('insert into saved_items (user_id, idea_id) select $1, unnest($2::uuid[]) on conflict do nothing', [PERSON, saved]);
    await pool.query(
      `with added as (insert into likes (idea_id, user_id) select unnest($2::uuid[]), $1 on conflict do nothing returning idea_id)
       update ideas set like_count = like_count + 1 where id in (select idea_id from added)`,
      [PERSON, liked],
    );
    const ownItems = Number((await pool.query<{ n: string }>('select count(*) as n from ideas where user_id = $1', [PERSON])).rows[0]!.n);
    const token = randomBytes(24).toString('base64url');
    await pool.query(
      `insert into sessions (id, token, user_id, expires_at, created_at, updated_at)
       values ('bench-pages-session', $1, $2, now() + interval '30 days', now(), now())
       on conflict (id) do update set token = excluded.token, expires_at = excluded.expires_at`,
      [token, PERSON],
    );
    // The session cookie as a browser sends it: the token signed as better-auth signs it.
    const cookie = `ideahub.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', AUTH_SECRET).update(token).digest('base64')}`)}`;

    const server = await startServer({ config, logger: createLogger('silent'), webRoot, database });
    stop = async () => {
      // Answers still queued when a row's load ends are finished before the database closes.
      await server.close(15_000);
      await database.close();
    };
    const base = server.url;
    const firstTitle = firstPage[0]!.title;
    const page = (p: string, signedIn: boolean, vary = false): LoadRequest => ({
      method: 'GET',
      path: p,
      headers: signedIn ? { accept: BROWSER_ACCEPT, cookie } : { accept: BROWSER_ACCEPT },
      vary,
    });
    const api = (p: string, signedIn: boolean): LoadRequest => ({ method: 'GET', path: p, headers: signedIn ? { cookie } : {} });
    const html = (body: string) => (/^<!DOCTYPE html>/i.test(body) && body.includes('id="root"') ? null : 'not a rendered document');
    const visitorHeader = (body: string) =>
      body.includes('>Sign In<') && !body.includes('>Account menu<') && !body.includes(person.email) && !body.includes('aria-pressed="true"')
        ? null
        : "not a visitor's page";
    // Signed in: the header's account menu (the one header, issue 15 point 9), their session in the
    // page's state (their address is nowhere else) and their saved items pressed.
    const personHeader = (body: string, pressed: number) =>
      body.includes('>Account menu<') && !body.includes('>Sign In<') && body.includes(`"email":"${person.email}"`) && count(body, 'aria-pressed="true"') >= pressed
        ? null
        : `not drawn for ${personName}`;
    const shows = (body: string, text: string) => (body.includes(text) ? null : `does not show '${text}'`);
    const first = (...checks: (string | null)[]) => checks.find((c) => c !== null) ?? null;
    const listJson = (signedIn: boolean) => (body: string) => {
      const answer = JSON.parse(body) as { items?: { id: string; title: string; viewer?: { saved: boolean; liked: boolean } }[] };
      if (answer.items?.[0]?.title !== firstTitle) return 'not the first page';
      const savedHere = answer.items.filter((i) => i.viewer?.saved).length;
      if (signedIn ? savedHere !== saved.length : answer.items.some((i) => i.viewer)) return `viewer state wrong (${savedHere} saved)`;
      return null;
    };
    const detailsJson = (signedIn: boolean) => (body: string) => {
      const answer = JSON.parse(body) as { title?: string; viewer?: { saved: boolean; liked: boolean } };
      if (answer.title !== detailsItem.title) return 'not the item';
      if (signedIn ? !(answer.viewer?.saved && answer.viewer.liked) : answer.viewer) return 'viewer state wrong';
      return null;
    };

    const detailsPath = `/ideas/${detailsItem.id}`;
    const scenarios: Scenario[] = [
      { name: 'GET /api/ideas?category=all&limit=20', group: 'home, visitor', kind: 'api', connections: VISITOR_CONNECTIONS, request: api('/api/ideas?category=all&limit=20', false), check: listJson(false) },
      { name: 'GET / (home page)', group: 'home, visitor', kind: 'page', connections: VISITOR_CONNECTIONS, request: page('/', false), check: (b) => first(html(b), visitorHeader(b), shows(b, firstTitle)), target: VISITOR_P99_MS },
      { name: `GET /api/ideas/{id}`, group: 'details, visitor', kind: 'api', connections: VISITOR_CONNECTIONS, request: api(`/api/ideas/${detailsItem.id}`, false), check: detailsJson(false) },
      { name: 'GET /ideas/{id} (details page)', group: 'details, visitor', kind: 'page', connections: VISITOR_CONNECTIONS, request: page(detailsPath, false), check: (b) => first(html(b), visitorHeader(b), shows(b, detailsItem.title)), target: VISITOR_P99_MS },
    ];
    for (const c of SIGNED_IN_CONNECTIONS) {
      const target = c === 10 ? SIGNED_IN_P99_MS : undefined;
      const home = (b: string) => first(html(b), personHeader(b, saved.length), shows(b, firstTitle));
      const details = (b: string) => first(html(b), personHeader(b, 1), shows(b, detailsItem.title));
      scenarios.push(
        { name: 'GET /api/ideas?category=all&limit=20', group: 'home, signed in', kind: 'api', connections: c, request: api('/api/ideas?category=all&limit=20', true), check: listJson(true) },
        { name: 'GET / (home page)', group: 'home, signed in', kind: 'page', connections: c, request: page('/', true), check: home, target },
        { name: 'GET /?bench=n (rendered every time)', group: 'home, signed in', kind: 'page', connections: c, request: page('/', true, true), check: home, target },
        { name: 'GET /api/ideas/{id}', group: 'details, signed in', kind: 'api', connections: c, request: api(`/api/ideas/${detailsItem.id}`, true), check: detailsJson(true) },
        { name: 'GET /ideas/{id} (details page)', group: 'details, signed in', kind: 'page', connections: c, request: page(detailsPath, true), check: details, target },
        { name: 'GET /ideas/{id}?bench=n (rendered every time)', group: 'details, signed in', kind: 'page', connections: c, request: page(detailsPath, true, true), check: details, target },
      );
    }

    // Each scenario's answer, once, before any load: a bench of 404s, 503s or visitors' pages proves nothing.
    const minBytes = new Map<Scenario, number>();
    for (const s of scenarios) {
      const probe = s.request.vary ? `${s.request.path}${s.request.path.includes('?') ? '&' : '?'}bench=0` : s.request.path;
      const res = await fetch(base + probe, { headers: s.request.headers });
      const body = await res.text();
      const type = res.headers.get('content-type') ?? '';
      const wrong =
        res.status !== 200
          ? `status ${res.status}`
          : !type.startsWith(s.kind === 'page' ? 'text/html' : 'application/json')
            ? `content-type ${type}`
            : s.kind === 'page' && s.group.includes('signed in') && res.headers.get('cache-control') !== 'private, no-cache'
              ? `cache-control ${res.headers.get('cache-control')}`
              : s.check(body);
      if (wrong) {
        const file = path.join(os.tmpdir(), `ideahub-bench-pages-answer.${s.kind === 'page' ? 'html' : 'json'}`);
        writeFileSync(file, body);
        throw new Error(`${s.group}, ${s.name}: ${wrong} (the answer is in ${file})`);
      }
      minBytes.set(s, s.kind === 'page' ? Math.floor((await sentBytes(base, { ...s.request, path: probe })) / 2) : 0);
      console.log(`checked ${s.group} ×${s.connections}, ${s.name}: 200 ${type.split(';')[0]}, ${body.length} characters`);
    }

    // The render alone, in this process while nothing else runs here: the person's home and details
    // as lib/web-assets.ts draws them (preparePage asks the API through the app; renderDocument is React).
    const entry = (await import(pathToFileURL(path.join(webRoot, '.server', 'entry.server.mjs')).href)) as {
      preparePage(url: string, sessionJson: string, ask: (p: string) => Promise<{ status: number; body: string }>): Promise<{ rendered: boolean; queries: unknown }>;
      renderDocument(url: string, stateText: string): Promise<string>;
      pageStateText(state: unknown): string;
    };
    const sessionJson = JSON.stringify({ id: PERSON, name: personName, email: person.email, emailVerified: true, role: 'user' });
    const ask = async (p: string) => {
      const res = await server.app.request(p, { headers: { cookie, 'accept-encoding': 'identity' } });
      return { status: res.status, body: await res.text() };
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const renderTimes: string[] = [];
    for (const [label, p] of [['home', '/'], ['details', detailsPath]] as const) {
      const prepareMs: number[] = [];
      const renderMs: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 40; i++) {
        const t0 = performance.now();
        const prepared = await entry.preparePage(p, sessionJson, ask);
        const t1 = performance.now();
        const state = { publicUrl: config.PUBLIC_URL, rendered: prepared.rendered, assets: { styles: [], entry: '/entry.js', modules: [] }, queries: prepared.queries };
        const text = await entry.renderDocument(p, entry.pageStateText(state));
        const t2 = performance.now();
        bytes = text.length;
        if (i >= 10) {
          prepareMs.push(t1 - t0);
          renderMs.push(t2 - t1);
        }
      }
      renderTimes.push(
        `${label}: API answers (preparePage) ${median(prepareMs).toFixed(1)} ms, React (renderDocument) ${median(renderMs).toFixed(1)} ms, ${(bytes / 1024).toFixed(0)} KiB of HTML`,
      );
    }
    console.log(`one at a time, median of 30: ${renderTimes.join('; ')}`);

    const loadBefore = os.loadavg();
    const rows: Row[] = [];
    for (const s of scenarios) {
      await warmUp(base, [[s.request]], s.connections, minBytes.get(s));
      const run = await drive(base, [[s.request]], SECONDS, s.connections, minBytes.get(s));
      const apiRow = s.kind === 'page' ? rows.findLast((r) => r.scenario.kind === 'api' && r.scenario.group === s.group && r.scenario.connections === s.connections) : undefined;
      const row: Row = { ...run, scenario: s, ratio: apiRow ? run.rps / apiRow.rps : null, load: load1() };
      rows.push(row);
      console.log(
        `${s.group} ×${s.connections}, ${s.name}: ${run.rps.toFixed(0)} req/s, p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, errors ${run.errors}, short ${run.short}${row.ratio === null ? '' : `, page / API ${row.ratio.toFixed(2)}`} — load ${row.load.toFixed(1)}`,
      );
    }

    // No answer within the row's seconds is no figure at all (autocannon reports p99 0): a failure.
    const passes = (r: Row) => r.requests > 0 && r.p99 < r.scenario.target! && r.errors + r.short === 0;
    const verdict = (r: Row) => (r.scenario.target === undefined ? '' : `p99 < ${r.scenario.target} ms: ${passes(r) ? 'PASS' : 'FAIL'}${r.requests === 0 ? ' (no answer in time)' : ''}`);
    const table = [
      '| reader | connections | request | req/s | p50 ms | p99 ms | max ms | requests | errors | page / API | target | load (1 min) |',
      '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
      ...rows.map(
        (r) =>
          `| ${r.scenario.group} | ${r.scenario.connections} | ${r.scenario.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.requests} | ${r.errors + r.short} | ${r.ratio === null ? '' : r.ratio.toFixed(2)} | ${verdict(r)} | ${r.load.toFixed(1)} |`,
      ),
    ].join('\n');
    const targets = rows
      .filter((r) => r.scenario.target !== undefined)
      .map((r) => `- ${r.scenario.group}, ${r.scenario.connections} connections, ${r.scenario.name}: p99 ${r.p99.toFixed(1)} ms — ${verdict(r)}${r.p99 >= r.scenario.target! ? ` (over by ${(r.p99 - r.scenario.target!).toFixed(1)} ms)` : ''}`);

    const cpu = os.cpus();
    const pgVersion = (await pool.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?';
    const text = [
      `## Server-rendered pages (issue 18) — ${new Date().toISOString()}${process.env.BENCH_LABEL ? ` — ${process.env.BENCH_LABEL}` : ''}`,
      '',
      `- Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM, ${os.platform()} ${os.release()}; Node ${process.version}; PostgreSQL ${pgVersion} on the same machine.`,
      `- Load average (1 / 5 / 15 min) when the runs began: ${loadBefore.map((l) => l.toFixed(1)).join(' / ')}; at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (the last column: 1 min, after each row).`,
      `- Data: ${items.toLocaleString('en')} items from ${people.toLocaleString('en')} people with likes, ratings and messages (bench/seed.ts). The signed-in person, ${personName}, has ${ownItems} items of their own and ${saved.length} of the first page saved and ${liked.length} liked (the details item both; it has ${detailsItem.message_count} messages and ${detailsItem.rating_count} ratings).`,
      `- Server: the app in this process with the production configuration (NODE_ENV=production in the config and the environment${NODE_ENV_BEFORE === 'production' ? '' : `, where it was ${NODE_ENV_BEFORE ?? 'unset'}: React's server build reads it`}, pool ${config.DB_POOL_SIZE}, visitors' cache ${config.PUBLIC_CACHE_TTL_MS} ms) and the built web app as its web root (React's server entry from \`vite build --ssr\`). Load: autocannon in a child process, keep-alive connections, a browser's Accept-Encoding (${BROWSER_ACCEPT_ENCODING}), ${WARMUP_SECONDS} s warm-up then ${SECONDS} s per row, 127.0.0.1 only; every row's answer checked once before (200, HTML with the titles and the reader's header, or JSON with the person's saved and liked state), and 2xx answers under half that page's size counted as errors.`,
      `- Rows 'rendered every time' add \`?bench=<n>\`, a new value per request: the page is drawn from the same answers, but the server's cache of rendered pages (10 s, keyed by address, reader and answers) never has it, so React renders each one. The plain rows ask the same address again and again, so after the first request of each 10 s the render comes from that cache; many different people each opening their own home page are the 'rendered every time' case.`,
      `- page / API: the page's rate over the rate of the API request it is drawn from, by the same reader at the same concurrency (measured just before it). A page costs its API request (and the visitors' or the person's session lookup) plus the render; 1.00 would mean the render costs nothing, 0.25 that a page costs four API requests' worth of the server.`,
      `- The render alone, one request at a time before the load (this process, median of 30): ${renderTimes.join('; ')}.`,
      '',
      table,
      '',
      'Targets (issue 18 point 5):',
      '',
      ...targets,
      '',
    ].join('\n');
    reportRun(text, rows.map((r) => ({ group: r.scenario.group, name: r.scenario.name, connections: r.scenario.connections, rps: r.rps, p99: r.p99, errors: r.errors + r.short, ratio: r.ratio, target: r.scenario.target ?? null, pass: r.scenario.target === undefined ? null : passes(r) })));
  } finally {
    await stop?.().catch(() => {});
    rmSync(webRoot, { recursive: true, force: true });
    if (!EXISTING_DATABASE) await adminQuery(`drop database if exists "${name}" with (force)`).catch((e: unknown) => console.error('could not drop', name, e));
  }
}

runMain(main);
