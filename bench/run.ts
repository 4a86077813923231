/**
 * `npm run bench`: every benchmark in sequence, then a summary appended to bench/RESULTS.md.
 *
 *   npm run bench                      # 100,000 items, 10 s per figure; search at 1,000,000 items
 *   npm run bench -- --items 1000000   # the large run (every list figure at 1,000,000 items)
 *   npm run bench -- --small           # 1,000 items, 1 s per figure, no warm-ups: proves the harness works (CI)
 *   npm run bench -- --only pages       # some steps only (names below, comma-separated)
 *
 * Steps (each records the load average beside its figures; the machine may be busy), with their
 * names for --only:
 *  1. list: bench/ideas-list.bench.ts: list, deep page, category, searches, details, signed-in list,
 *     search and details, like toggle at 50 connections (autocannon), each beside the same SQL
 *     run by pgbench at the same concurrency (in-process app on a throwaway PostgreSQL database,
 *     kept here for steps 4 and 5 and dropped at the end).
 *  1b. peers: bench/peers.bench.ts (issue 29): the signed-in first page, category tab, searches and
 *     details beside a bare reference server running the same SQL, pgbench and PostGraphile 4 (not
 *     in --small), rounds interleaved; ratios, p99 and IdeaHub's resident memory.
 *  2. search: bench/search-scale.bench.ts: search at 1,000,000 items (20,000 in small mode), trigram
 *     index against a sequential ILIKE.
 *  3. realtime: bench/realtime.bench.ts: SSE fan-out over two instances; then notifications:
 *     bench/notifications.bench.ts: live unread counts for 1,000 people over two instances with a
 *     like every 50 ms, and one person's 100,000 notifications (EXPLAIN plans, HTTP figures).
 *     --only notifications runs the latter alone.
 *  4. server: the production server as a child process (`node dist/server/main.js`) on that
 *     database under the list load: req/s, p50/p99, and its resident memory (VmRSS from /proc).
 *  5. pages: bench/pages.bench.ts, home and details rendered by React on the server for a visitor
 *     (50 connections) and a signed-in person (10 and 50), each beside the API request it is drawn
 *     from (issue 18 point 5); on step 1's database, or a database of its own without step 1.
 *  5b. discovery: bench/discovery.bench.ts (issue 16): 'Trending' and 'Top' (first and a deep page),
 *     price filters, a maker's page, /feed.xml and a sitemap file for visitors at 50 connections,
 *     each beside the same SQL in pgbench, with the plans. A database of its own (ITEMS items from
 *     ITEMS/5,000 people, so a maker has 5,000 items), or BENCH_DISCOVERY_DATABASE, one seeded
 *     already (e.g. bench_discovery_1m), used as it is.
 *  5c. following: bench/following.bench.ts (issue 28): home's Following feed for signed-in people at
 *     50 connections (first page and page 11), 1,000,000 items and 10,000 follows (small: 1,000 and
 *     200), beside the same SQL in pgbench, with the plan.
 *  6. cold: embedded cold start to /readyz: a fresh DATA_DIR, and an existing one seeded with the demo.
 *  7. bundle: the production bundle per route (gzip and brotli), built into a temporary folder.
 *  8. lighthouse: Lighthouse (bench/lighthouse.ts) on home and a details page, desktop and mobile presets.
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres). Local only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {  mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { build } from 'vite';
// @ts-expect-error: plain ES module script without types
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { homeInitialJs, kib, routeSizes } from './bundle-size.ts';
import { BROWSER_ACCEPT_ENCODING } from './load.ts';
import { firstIdeaPath, formatRows, runLighthouse, startDemoServer } from './lighthouse.ts';
import { freePort } from '../tests/support/free-port.ts';
// @ts-expect-error: plain ES module script without types
import { SERVER_NODE_ARGS } from '../scripts/server-args.mjs';
import { appendToHistory } from './results.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const SMALL = args.includes('--small');
const itemsArg = args.indexOf('--items');
const ITEMS = itemsArg >= 0 ? Number(args[itemsArg + 1]) : SMALL ? 1000 : 100_000;
// Small mode proves the harness works: one second a figure, without warm-ups (the benches read BENCH_WARMUP_SECONDS).
const SECONDS = SMALL ? 1 : 10;
if (SMALL) process.env.BENCH_WARMUP_SECONDS = '0';
const CONNECTIONS = 50;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
if (!Number.isInteger(ITEMS) || ITEMS < 1) throw new Error('--items needs a positive whole number');
const STEPS = ['list', 'peers', 'search', 'realtime', 'notifications', 'server', 'pages', 'discovery', 'following', 'cold', 'bundle', 'lighthouse'];
const onlyArg = args.indexOf('--only');
const ONLY = onlyArg >= 0 ? new Set((args[onlyArg + 1] ?? '').split(',').filter(Boolean)) : null;
if (ONLY && (ONLY.size === 0 || [...ONLY].some((s) => !STEPS.includes(s)))) throw new Error(`--only needs steps among ${STEPS.join(', ')}`);
/** Whether this run includes the step. */
const runs = (step: string) => !ONLY || ONLY.has(step);

const report: string[] = [];
const children = new Set<ChildProcess>();
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');
const note = (line: string) => {
  console.log(line);
  report.push(line);
};

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}


/** Runs a benchmark script to its end, echoing its output; returns the output. */
function runScript(file: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    children.add(child);
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      process.stdout.write(d);
    });
    child.on('exit', (code) => {
      children.delete(child);
      if (code === 0) resolve(out);
      else reject(new Error(`${file} exited with ${code}`));
    });
  });
}

interface Server {
  child: ChildProcess;
  url: string;
  startMs: number;
  stop: () => Promise<void>;
}

/** `node dist/server/main.js` as a child process; resolves once /readyz answers 200. */
async function startServer(env: Record<string, string>, timeoutMs = 120_000): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, 'dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, AUTH_SECRET, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(t);
    children.delete(child);
  };
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr.slice(-2000)}`);
    const ok = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ok) return { child, url, startMs: performance.now() - started, stop };
    await new Promise((r) => setTimeout(r, 20));
  }
  await stop();
  throw new Error(`server not ready in ${timeoutMs} ms: ${stderr.slice(-2000)}`);
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);

/** CONNECTIONS keep-alive loops over the paths for `seconds`; samples the server's VmRSS meanwhile. */
async function loadWithMemory(server: Server, paths: string[], seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const { hostname, port } = new URL(server.url);
  let turn = 0;
  const get = () =>
    new Promise<number>((resolve) => {
      const t0 = performance.now();
      http
        .get({ hostname, port, path: paths[turn++ % paths.length], agent, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - t0 : -1));
        })
        .on('error', () => resolve(-1));
    });
  const rssIdle = rssMb(server.child.pid!);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMb(server.child.pid!)), 100);
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const ms = await get();
        if (ms < 0) errors++;
        else latencies.push(ms);
      }
    }),
  );
  clearInterval(sampler);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    errors,
    rssIdle,
    rssPeak: Math.max(...samples),
    rssEnd: samples.at(-1) ?? NaN,
  };
}

async function coldStarts() {
  note('');
  note('### 6. Embedded cold start (PGlite) to /readyz');
  const fresh: number[] = [];
  for (let i = 0; i < (SMALL ? 1 : 3); i++) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ideahub-cold-'));
    try {
      const s = await startServer({ DATA_DIR: dir });
      fresh.push(s.startMs);
      await s.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ideahub-cold-'));
  const existing: number[] = [];
  try {
    const seeding = await startServer({ DATA_DIR: dir, IDEAHUB_DEMO: '1' }, 300_000);
    await seeding.stop();
    for (let i = 0; i < 3; i++) {
      const s = await startServer({ DATA_DIR: dir });
      existing.push(s.startMs);
      await s.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const ms = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(' / ');
  note(`- fresh DATA_DIR (creates the database, runs every migration): ${ms(fresh)} ms — load ${load()}`);
  note(`- existing DATA_DIR seeded with the demo: ${ms(existing)} ms — load ${load()}`);
  note(`- target: under 2,000 ms`);
}

async function bundles() {
  note('');
  note('### 7. Production bundle per route (JS a first visit loads: entry + the route chunk and their static imports)');
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'ideahub-bench-web-'));
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(root, 'vite.config.ts'), mode: 'production', logLevel: 'silent', build: { outDir, emptyOutDir: true, manifest: true } });
    const home = homeInitialJs(outDir);
    note(`- home route initial JS: ${kib(home.gzip)} gzip, ${kib(home.brotli)} brotli, ${kib(home.raw)} raw, ${home.files.length} files (target 120 KiB gzip)`);
    note('');
    note('| route | files | raw | gzip | brotli |');
    note('| --- | ---: | ---: | ---: | ---: |');
    for (const r of routeSizes(outDir)) note(`| ${r.route} | ${r.files.length} | ${kib(r.raw)} | ${kib(r.gzip)} | ${kib(r.brotli)} |`);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    rmSync(outDir, { recursive: true, force: true });
  }
}

async function lighthouse() {
  note('');
  note(`### 8. Lighthouse (performance; desktop and mobile presets) in Debian's Chromium, median of ${SMALL ? 1 : 3} run(s)`);
  const demo = await startDemoServer(root);
  try {
    const rows = await runLighthouse(demo.url, ['/', await firstIdeaPath(demo.url)], { runs: SMALL ? 1 : 3 });
    note(`- load ${load()}; targets: performance at least 98 (desktop) and 90 (mobile), CLS under 0.02`);
    note('');
    note(formatRows(rows));
  } finally {
    await demo.stop();
  }
}

async function main() {
  const cpus = os.cpus();
  const started = new Date();
  note(`## bench harness (npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}) — ${started.toISOString()}`);
  note('');
  note(
    `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}; ` +
      `${ITEMS.toLocaleString('en')} items, ${SECONDS} s per list figure, ${CONNECTIONS} connections. Load average (1 / 5 / 15 min) at the start: ${load()}.` +
      (SMALL ? ' Small mode proves the harness works; its figures judge nothing.' : '') +
      (ONLY ? ` Steps run: ${[...ONLY].join(', ')}.` : ''),
  );
  (buildIfStale as () => void)();
  const label = `from npm run bench${SMALL ? ' --small' : ''}`;

  // 1. The list benchmark (appends its own table to RESULTS.md); keep its database for steps 4 and 5.
  let dbName: string | undefined;
  if (runs('list')) {
    const listOut = await runScript('bench/ideas-list.bench.ts', {
      BENCH_ITEMS: String(ITEMS),
      BENCH_PEOPLE: String(SMALL ? 100 : 3000),
      BENCH_SECONDS: String(SECONDS),
      BENCH_KEEP: '1',
      BENCH_LABEL: label,
    });
    dbName = /kept database (\S+)/.exec(listOut)?.[1];
    note('');
    note(`### 1. ideas list: the 'ideas list' table above, appended by bench/ideas-list.bench.ts in this run. Load after it: ${load()}`);
    const summary = /BENCH_SUMMARY (.*)/.exec(listOut)?.[1];
    if (summary) {
      const rows = JSON.parse(summary) as { name: string; rps: number; p99: number; pgTps: number | null; errors: number }[];
      const visitors = rows.filter((r) => !r.name.includes('signed in') && !r.name.startsWith('details'));
      const worstP99 = Math.max(...visitors.map((r) => r.p99));
      const ratios = visitors.filter((r) => r.pgTps).map((r) => r.rps / r.pgTps!);
      note(`- list and search as visitors: worst p99 ${worstP99.toFixed(1)} ms (target under 25 ms); IdeaHub / PostgreSQL ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)} (target at least 0.5)`);
      const signedIn = rows.filter((r) => r.name.includes('signed in'));
      if (signedIn.length) {
        note(`- signed in (never cached): ${signedIn.map((r) => `${r.name} p99 ${r.p99.toFixed(0)} ms, ratio ${r.pgTps ? (r.rps / r.pgTps).toFixed(2) : '–'}`).join('; ')}`);
      }
    }
  }
  // 1b. IdeaHub beside its peers (appends its own section).
  if (runs('peers')) {
    const out = await runScript('bench/peers.bench.ts', {
      BENCH_ITEMS: String(ITEMS),
      BENCH_PEOPLE: String(SMALL ? 100 : 3000),
      BENCH_SECONDS: String(SECONDS),
      BENCH_ROUNDS: SMALL ? '1' : '3',
      BENCH_POSTGRAPHILE: SMALL ? '0' : '1',
      BENCH_LABEL: label,
    });
    note('');
    note(`### 1b. peers: the 'Peers (issue 29)' section above, appended by bench/peers.bench.ts in this run. Load after it: ${load()}`);
    const summary = /BENCH_SUMMARY (.*)/.exec(out)?.[1];
    if (summary) {
      const rows = JSON.parse(summary) as { name: string; reference: number; pgbench: number; postgraphile: number | null; p99: number }[];
      note(`- IdeaHub / reference server (target at least 0.9 on every row): ${rows.map((r) => `${r.name} ${r.reference.toFixed(2)}`).join('; ')}`);
      if (rows.some((r) => r.postgraphile !== null)) note(`- IdeaHub / PostGraphile (target above 1 on every row): ${rows.map((r) => `${r.name} ${r.postgraphile!.toFixed(2)}`).join('; ')}`);
      note(`- IdeaHub p99 at 50 connections (target under 40 ms on a quiet host): ${rows.map((r) => `${r.name} ${r.p99.toFixed(1)} ms`).join('; ')}`);
    }
  }
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    // 2. Search at scale (appends its own section).
    if (runs('search')) {
      await runScript('bench/search-scale.bench.ts', SMALL ? { BENCH_ITEMS: '20000', BENCH_REPEATS: '10' } : {});
      note(`### 2. search at scale: the 'search at scale' section above, appended by bench/search-scale.bench.ts in this run. Load after it: ${load()}`);
    }

    // 3. Realtime fan-out (appends its own section).
    if (runs('realtime')) {
      await runScript('bench/realtime.bench.ts', SMALL ? { SUBSCRIBERS: '100', MESSAGES: '40', RATE: '20' } : {});
      note(`### 3. realtime: the 'realtime fan-out' section above, appended by bench/realtime.bench.ts in this run. Load after it: ${load()}`);
    }
    if (runs('notifications')) {
      await runScript('bench/notifications.bench.ts', SMALL ? { PEOPLE: '100', LIKES: '40', NOTIFICATIONS: '5000', SECONDS: '1' } : {});
      note(`### 3b. notifications: the 'notifications' section above, appended by bench/notifications.bench.ts in this run. Load after it: ${load()}`);
    }

    if (runs('server') && dbName) {
      const url = withDatabase(ADMIN_URL, dbName);
      // 4. The production server as a child process: throughput and resident memory under load.
      note('');
      note(`### 4. Production server process (node dist/server/main.js, DATABASE_URL) under the list load`);
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ideahub-bench-data-'));
      const server = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir });
      try {
        await loadWithMemory(server, ['/api/ideas?limit=20'], 1); // warm-up
        // Visitors browsing and searching: the list, a category, two searches, 50 connections.
        const r = await loadWithMemory(server, ['/api/ideas?limit=20', '/api/ideas?category=product&limit=20', '/api/ideas?q=water&limit=20', '/api/ideas?q=solar&limit=20'], SECONDS);
        note(
          `- visitors' list, category and searches, ${CONNECTIONS} connections, ${SECONDS} s: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, errors ${r.errors} — load ${load()}`,
        );
        note(`- resident memory (VmRSS): idle ${r.rssIdle.toFixed(0)} MB, peak under load ${r.rssPeak.toFixed(0)} MB, at the end ${r.rssEnd.toFixed(0)} MB (target under 200 MB)`);
      } finally {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    } else if (runs('server')) note('- the list benchmark kept no database: server memory skipped');

    // 5. Server-rendered pages (appends its own section), on step 1's database when there is one.
    if (runs('pages')) {
      const pagesOut = await runScript('bench/pages.bench.ts', {
        BENCH_ITEMS: String(ITEMS),
        BENCH_PEOPLE: String(SMALL ? 100 : 3000),
        BENCH_SECONDS: String(SECONDS),
        BENCH_LABEL: label,
        ...(dbName ? { BENCH_DATABASE: dbName } : {}),
      });
      note('');
      note(`### 5. server-rendered pages: the 'Server-rendered pages (issue 18)' section above, appended by bench/pages.bench.ts in this run. Load after it: ${load()}`);
      const summary = /BENCH_SUMMARY (.*)/.exec(pagesOut)?.[1];
      if (summary) {
        const rows = JSON.parse(summary) as { group: string; name: string; connections: number; rps: number; p99: number; errors: number; ratio: number | null; target: number | null; pass: boolean | null }[];
        for (const r of rows.filter((row) => row.target !== null)) {
          note(`- ${r.group}, ${r.connections} connections, ${r.name}: p99 ${r.p99.toFixed(1)} ms (target under ${r.target} ms: ${r.pass ? 'PASS' : 'FAIL'}), ${r.rps.toFixed(0)} req/s, page / API ${r.ratio?.toFixed(2) ?? '–'}`);
        }
        const at50 = rows.filter((r) => r.ratio !== null && r.connections === 50 && r.group.includes('signed in'));
        note(`- signed in at 50 connections, page / API: ${at50.map((r) => `${r.group.split(',')[0]} ${r.name.includes('every time') ? 'rendered every time' : 'as served'} ${r.ratio!.toFixed(2)}`).join('; ')}`);
      }
    }

    // 5b. Discovery at scale (appends its own section).
    if (runs('discovery')) {
      const existing = process.env.BENCH_DISCOVERY_DATABASE;
      const out = await runScript('bench/discovery.bench.ts', {
        BENCH_ITEMS: String(ITEMS),
        BENCH_PEOPLE: String(SMALL ? 10 : Math.max(1, Math.round(ITEMS / 5000))),
        BENCH_SECONDS: String(SECONDS),
        BENCH_DEEP_PAGES: SMALL ? '5' : '50',
        BENCH_LABEL: label,
        ...(existing ? { BENCH_DATABASE: existing } : {}),
      });
      note('');
      note(`### 5b. discovery: the 'Discovery at scale (issue 16)' section above, appended by bench/discovery.bench.ts in this run. Load after it: ${load()}`);
      const summary = /BENCH_SUMMARY (.*)/.exec(out)?.[1];
      if (summary) {
        const rows = JSON.parse(summary) as { name: string; p99: number; rps: number; pgTps: number | null; errors: number }[];
        const worst = rows.reduce((a, b) => (b.p99 > a.p99 ? b : a));
        note(`- visitors at 50 connections: worst p99 ${worst.p99.toFixed(1)} ms (${worst.name}; target under 25 ms), ${rows.filter((r) => r.p99 < 25 && r.errors === 0).length} of ${rows.length} rows within it`);
      }
    }

    // 5c. Home's Following feed (issue 28): 1,000,000 items and 10,000 follows (small: 1,000 and 200).
    if (runs('following')) {
      const out = await runScript('bench/following.bench.ts', {
        BENCH_ITEMS: String(SMALL ? 1000 : 1_000_000),
        BENCH_PEOPLE: String(SMALL ? 100 : 2000),
        BENCH_FOLLOWS: String(SMALL ? 200 : 10_000),
        BENCH_SECONDS: String(SECONDS),
        BENCH_LABEL: label,
      });
      note('');
      note(`### 5c. following: the 'Following feed (issue 28)' section above, appended by bench/following.bench.ts in this run. Load after it: ${load()}`);
      const summary = /BENCH_SUMMARY (.*)/.exec(out)?.[1];
      if (summary) {
        for (const r of JSON.parse(summary) as { name: string; p99: number; rps: number; errors: number; aloneP99: number }[]) {
          note(`- ${r.name}, 50 connections: p99 ${r.p99.toFixed(1)} ms (target under 25 ms: ${r.p99 < 25 && r.errors === 0 ? 'PASS' : 'FAIL'}), ${r.rps.toFixed(0)} req/s; at 1 connection p99 ${r.aloneP99.toFixed(1)} ms`);
        }
      }
    }

    // 6, 7, 8.
    if (runs('cold')) await coldStarts();
    if (runs('bundle')) await bundles();
    if (runs('lighthouse')) await lighthouse();
  } finally {
    if (dbName) await admin.query(`drop database if exists "${dbName}" with (force)`).catch((e: unknown) => console.error('could not drop', dbName, e));
    await admin.end();
  }
  note('');
  note(`Harness done in ${((Date.now() - started.getTime()) / 1000).toFixed(0)} s; load average at the end ${load()}.`);
  appendToHistory(`\n${report.join('\n')}\n`);
}

const stopAll = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});
main().catch((error: unknown) => {
  console.error(error);
  stopAll();
  process.exitCode = 1;
});
