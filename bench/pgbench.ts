/**
 * The same SQL straight against PostgreSQL: captures the statements the app sends for one request
 * (every query on any pg client of this process while capturing), then replays them with pgbench.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface CapturedQuery {
  text: string;
  values: unknown[];
}

let capturing: CapturedQuery[] | null = null;
let patched = false;

/** Records every query sent by any pg client in this process while `fn` runs. */
export async function captureQueries(fn: () => Promise<unknown>): Promise<CapturedQuery[]> {
  if (!patched) {
    patched = true;
    const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
      const [first, second] = args;
      if (capturing) {
        const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
        const values = (Array.isArray(second) ? second : (first as { values?: unknown[] })?.values) ?? [];
        // The LISTEN connection's statements and the background jobs' (the mail outbox, the job queue) are not part of a request.
        if (text && !/^\s*(listen|unlisten)\b/i.test(text) && !/\bmail_outbox\b|\bpgboss\./i.test(text)) capturing.push({ text, values });
      }
      return original.apply(this, args);
    };
  }
  const mine: CapturedQuery[] = [];
  capturing = mine;
  try {
    await fn();
  } finally {
    capturing = null;
  }
  return mine;
}

function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return `'${v.toISOString()}'`;
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return `'${text.replace(/'/g, "''")}'`;
}

/** The captured statements as one pgbench script, parameters inlined as literals. */
export function pgbenchScript(queries: CapturedQuery[]): string {
  return queries
    .map((q) => q.text.replace(/\$(\d+)/g, (_, n: string) => literal(q.values[Number(n) - 1])).replace(/\s+/g, ' ').trim().replace(/;?$/, ';'))
    .join('\n');
}

export interface PgbenchResult {
  tps: number;
  latencyMs: number;
}

/** Runs the script at `connections` for `seconds`; a string says why it could not. */
export function pgbench(url: string, script: string, connections: number, seconds: number): PgbenchResult | string {
  if (spawnSync('which', ['pgbench']).status !== 0) return 'pgbench is not installed';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ideahub-pgbench-'));
  const file = path.join(dir, 'script.sql');
  writeFileSync(file, `${script}\n`);
  const u = new URL(url);
  const threads = Math.max(1, os.cpus().length);
  const r = spawnSync(
    'pgbench',
    ['-n', '-M', 'prepared', '-c', String(connections), '-j', String(threads), '-T', String(seconds), '-f', file, '-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres'), u.pathname.slice(1)],
    { encoding: 'utf8', env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) } },
  );
  rmSync(dir, { recursive: true, force: true });
  const tps = /tps = ([\d.]+)/.exec(r.stdout);
  const lat = /latency average = ([\d.]+) ms/.exec(r.stdout);
  if (!tps) return `pgbench failed: ${(r.stderr || r.stdout).slice(-500)}`;
  return { tps: Number(tps[1]), latencyMs: Number(lat?.[1] ?? NaN) };
}
