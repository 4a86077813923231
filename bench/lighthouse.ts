/**
 * Lighthouse (the npm package, Node API) in Debian's Chromium on pages of a running IdeaHub:
 * performance score, LCP, CLS and total blocking time with the desktop and the mobile preset
 * (issue 7: at least 98 desktop / 90 mobile on home and details, CLS under 0.02).
 *
 *   npx tsx bench/lighthouse.ts                       # own production server on the demo seed
 *   npx tsx bench/lighthouse.ts http://127.0.0.1:3000 # a server that is already running
 *   npx tsx bench/lighthouse.ts --runs 5 [url]        # median of 5 runs per page and preset
 *   npx tsx bench/lighthouse.ts --preset mobile       # one preset only (desktop or mobile)
 *
 * Without a URL it builds what is stale (scripts/build-if-stale.mjs), starts
 * `node dist/server/main.js` on a fresh embedded database with the demo content (as the browser
 * journeys do, tests/e2e/global-setup.ts), measures home and the newest demo item's details page,
 * prints a table and stops the server. Lighthouse throttles by simulation (its defaults: a mid-range
 * phone on slow 4G for mobile, a desktop on a fast connection), so a busy machine shifts the
 * figures less than real time would; the CPU benchmark index of the run is printed beside them.
 * Used by the benchmark harness (bench/run.ts) through `runLighthouse`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { freePort } from '../tests/support/free-port.ts';
import { appendToHistory } from './results.ts';
// @ts-expect-error: plain ES module script without types
import { SERVER_NODE_ARGS } from '../scripts/server-args.mjs';

export type Preset = 'desktop' | 'mobile';

export interface Row {
  path: string;
  preset: Preset;
  /** 0-100, the median run's. */
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** Lighthouse's CPU benchmark index for the median run (lower: a slower or busier machine). */
  benchmarkIndex: number;
  runs: number;
  /** Warnings Lighthouse raised about the run (e.g. the page did not finish loading). */
  warnings: string[];
}

export interface LighthouseOptions {
  /** Runs per page and preset; the row is the median run by score. Default 3. */
  runs?: number;
  presets?: Preset[];
  chromePath?: string;
}

/** Chromium's flags for a container: no sandbox (root), no GPU, nothing talking to Google. */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function rowOf(lhr: Result): Omit<Row, 'path' | 'preset' | 'runs'> {
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbtMs: num('total-blocking-time'),
    fcpMs: num('first-contentful-paint'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings,
  };
}

/** The run in the middle by score (ties: by LCP), as Lighthouse itself recommends over averaging. */
function median<T extends { performance: number; lcpMs: number }>(rows: T[]): T {
  const sorted = [...rows].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Lighthouse's performance category for each path, with each preset; one Chromium for all runs. */
export async function runLighthouse(baseUrl: string, paths: string[], options: LighthouseOptions = {}): Promise<Row[]> {
  const runs = options.runs ?? 3;
  const presets = options.presets ?? ['desktop', 'mobile'];
  const chrome = await chromeLauncher.launch({
    chromePath: options.chromePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const rows: Row[] = [];
    for (const p of paths) {
      for (const preset of presets) {
        const results: ReturnType<typeof rowOf>[] = [];
        // A run whose trace came out broken (e.g. NO_NAVSTART on a busy machine) is repeated, twice at most.
        for (let i = 0, failures = 0; i < runs; ) {
          const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
          const result = await lighthouse(new URL(p, baseUrl).href, flags, preset === 'desktop' ? desktopConfig : undefined);
          const error = result ? result.lhr.runtimeError?.message : 'no result';
          if (!result || error) {
            if (++failures > 2) throw new Error(`Lighthouse on ${p} (${preset}): ${error}`);
            continue;
          }
          results.push(rowOf(result.lhr));
          i++;
        }
        rows.push({ path: p, preset, runs, ...median(results) });
      }
    }
    return rows;
  } finally {
    chrome.kill();
  }
}

export function formatRows(rows: Row[]): string {
  const lines = [
    '| page | preset | performance | LCP | CLS | TBT | FCP | CPU benchmark index |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.path} | ${r.preset} | ${r.performance} | ${Math.round(r.lcpMs)} ms | ${r.cls.toFixed(3)} | ${Math.round(r.tbtMs)} ms | ${Math.round(r.fcpMs)} ms | ${Math.round(r.benchmarkIndex)} |`,
    ),
  ];
  const warnings = [...new Set(rows.flatMap((r) => r.warnings))];
  return [...lines, ...warnings.map((w) => `\nLighthouse warning: ${w}`)].join('\n');
}


/** The production server on a fresh embedded database with the demo content; stop() ends it and removes the data. */
export async function startDemoServer(root: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ideahub-lighthouse-'));
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_ARGS, 'dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_SECRET: 'lighthouse-secret-lighthouse-secret-0123456789',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      IDEAHUB_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(t);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`IdeaHub exited during start-up: ${stderr.slice(-2000)}`);
    }
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`IdeaHub did not become ready: ${stderr.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The details page of the newest item in the list. */
export async function firstIdeaPath(baseUrl: string): Promise<string> {
  const res = await fetch(new URL('/api/ideas?limit=1', baseUrl));
  if (!res.ok) throw new Error(`GET /api/ideas answered ${res.status}`);
  const body = (await res.json()) as { items: { id: string }[] };
  const first = body.items[0];
  if (!first) throw new Error('the server has no ideas to open a details page of');
  return `/ideas/${first.id}`;
}

async function main() {
  const args = process.argv.slice(2);
  const runsAt = args.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs needs a positive whole number');
  const presetAt = args.indexOf('--preset');
  const preset = presetAt >= 0 ? args.splice(presetAt, 2)[1] : undefined;
  if (preset !== undefined && preset !== 'desktop' && preset !== 'mobile') throw new Error('--preset needs desktop or mobile');
  const presets: Preset[] | undefined = preset ? [preset] : undefined;
  const root = fileURLToPath(new URL('..', import.meta.url));
  let baseUrl = args[0];
  let stop = async () => {};
  if (!baseUrl) {
    process.chdir(root);
    // @ts-expect-error: plain ES module script without types
    const { buildIfStale } = (await import('../scripts/build-if-stale.mjs')) as { buildIfStale: () => void };
    buildIfStale();
    const server = await startDemoServer(root);
    baseUrl = server.url;
    stop = server.stop;
  }
  try {
    const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');
    const paths = ['/', await firstIdeaPath(baseUrl)];
    console.log(`Lighthouse ${runs} run(s) per page and preset on ${baseUrl}; load average ${load()}`);
    const started = performance.now();
    const rows = await runLighthouse(baseUrl, paths, { runs, presets });
    console.log(formatRows(rows));
    console.log(`\n${Math.round((performance.now() - started) / 1000)} s; load average ${load()}`);
    const text = [
      `## Lighthouse (bench/lighthouse.ts) — ${new Date().toISOString()}${process.env.BENCH_LABEL ? ` — ${process.env.BENCH_LABEL}` : ''}`,
      '',
      `- Median of ${runs} run(s) per page and preset on ${args[0] ? 'a running server' : 'its own production server on the demo seed'}, Debian's Chromium; load average (1 / 5 / 15 min) at the end: ${load()}; the CPU benchmark index of each median run in the last column.`,
      '',
      formatRows(rows),
      '',
    ].join('\n');
    appendToHistory(`\n${text}`);
  } finally {
    await stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
