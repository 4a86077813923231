/**
 * The benchmarks' load generator: autocannon in a child process (so it does not steal the server's
 * event loop; autocannon changes its reporting inside worker threads), one keep-alive connection
 * per simulated client, each cycling through its own list of requests.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** What Chromium sends (BENCH_ACCEPT_ENCODING, e.g. gzip, for an A/B): answers are measured as a browser receives them. */
export const BROWSER_ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';

/** Seconds of the same load before each measured row (BENCH_WARMUP_SECONDS; the harness's small mode, which judges nothing, uses none). */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

/** Sends a row's load for WARMUP_SECONDS before it is measured (nothing when that is 0). */
export async function warmUp(base: string, perConnection: LoadRequest[][], connections: number, minBytes = 0): Promise<void> {
  if (WARMUP_SECONDS > 0) await drive(base, perConnection, WARMUP_SECONDS, connections, minBytes);
}

export interface LoadRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** true: each send carries its own `bench=<n>` query parameter (an address no cache has seen). */
  vary?: boolean;
  /** A request body (a GraphQL query). */
  body?: string;
}

export interface LoadRun {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Errors, timeouts and answers other than 2xx. */
  errors: number;
  /** 2xx answers shorter than `minBytes` (headers and body as sent): a page that fell back to the plain app. */
  short: number;
  /** Mean bytes per answer, headers and body as sent. */
  meanBytes: number;
}

const LOADER_SOURCE = `
const workerData = JSON.parse(process.env.BENCH_LOAD);
const autocannon = require(workerData.autocannonPath);
const { base, perConnection, seconds, minBytes, acceptEncoding } = workerData;
let next = 0;
let sent = 0;
let short = 0;
let bytes = 0;
let answers = 0;
const instance = autocannon({
  url: base,
  connections: perConnection.length,
  duration: seconds,
  headers: { 'accept-encoding': acceptEncoding },
  requests: [{
    setupRequest: (req, context) => {
      if (context.connection === undefined) { context.connection = next++ % perConnection.length; context.i = 0; }
      const list = perConnection[context.connection];
      const r = list[context.i++ % list.length];
      const path = r.vary ? r.path + (r.path.includes('?') ? '&' : '?') + 'bench=' + (++sent) : r.path;
      return { ...req, method: r.method, path, headers: { ...req.headers, ...(r.headers || {}) }, ...(r.body ? { body: r.body } : {}) };
    },
  }],
}, (err, result) => {
  if (err) { process.stdout.write(JSON.stringify({ error: String(err) })); return; }
  process.stdout.write(JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.total / (result.duration || seconds),
    p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
    short, meanBytes: answers ? bytes / answers : 0,
  }));
});
instance.on('response', (client, statusCode, resBytes) => {
  answers++;
  bytes += resBytes;
  if (statusCode >= 200 && statusCode < 300 && resBytes < minBytes) short++;
});
`;

const autocannonPath = createRequire(import.meta.url).resolve('autocannon');

/**
 * `connections` keep-alive connections for `seconds`: one list of requests per connection, or one
 * list that every connection sends. Answers under `minBytes` are counted as short.
 */
export function drive(base: string, perConnection: LoadRequest[][], seconds: number, connections: number, minBytes = 0): Promise<LoadRun> {
  const lists = perConnection.length === 1 ? Array.from({ length: connections }, () => perConnection[0]!) : perConnection;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', LOADER_SOURCE], {
      env: { ...process.env, BENCH_LOAD: JSON.stringify({ base, perConnection: lists, seconds, minBytes, autocannonPath, acceptEncoding: BROWSER_ACCEPT_ENCODING }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        const m = JSON.parse(out) as LoadRun | { error: string };
        if ('error' in m) reject(new Error(m.error));
        else resolve(m);
      } catch {
        reject(new Error(`load generator exited with ${code}: ${out.slice(-500)}`));
      }
    });
  });
}

/** wrk (Debian's `wrk`, a load generator written in C), where installed. */
const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p)) ?? null;

/** A duration as wrk prints it (`850.00us`, `12.48ms`, `1.02s`), in milliseconds. */
function wrkMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return Number.NaN;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as 'us' | 'ms' | 's' | 'm'];
}

/**
 * The same closed loop as `drive` (one address, keep-alive connections, a browser's
 * Accept-Encoding) from wrk instead of autocannon: for large answers, where autocannon's own
 * parsing in JavaScript is the limit (bench/RESULTS.md, 2026-11-27). Null when wrk is not installed.
 * Asynchronous: the server under test may run in this process.
 */
export async function driveWrk(
  base: string,
  path: string,
  seconds: number,
  connections: number,
  headers: Record<string, string> = {},
): Promise<Omit<LoadRun, 'short' | 'meanBytes' | 'max'> | null> {
  if (!WRK) return null;
  const headerArgs = Object.entries({ 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...headers }).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const args = ['-t', '1', '-c', String(connections), '-d', `${seconds}s`, '--latency', ...headerArgs, base + path];
  const out = await new Promise<string>((resolve, reject) =>
    execFile(WRK, args, { encoding: 'utf8' }, (error, stdout, stderr) => (error ? reject(new Error(`wrk failed: ${stderr || error.message}`)) : resolve(stdout))),
  );
  const pct = (p: string) => wrkMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return {
    requests,
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: pct('50'),
    p99: pct('99'),
    errors: non2xx + (socketErrors ? socketErrors.slice(1).reduce((n, x) => n + Number(x), 0) : 0),
  };
}
