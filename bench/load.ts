/**
 * The benchmarks' load generator: autocannon in a child process (so it does not steal the server's
 * event loop; autocannon changes its reporting inside worker threads), one keep-alive connection
 * per simulated client, each cycling through its own list of requests.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** What Chromium sends (BENCH_ACCEPT_ENCODING, e.g. gzip, for an A/B): answers are measured as a browser receives them. */
export const BROWSER_ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';

export interface LoadRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** true: each send carries its own `bench=<n>` query parameter (an address no cache has seen). */
  vary?: boolean;
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
      return { ...req, method: r.method, path, headers: { ...req.headers, ...(r.headers || {}) } };
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
