/**
 * Benchmark (not a test): the embedded cold start (issue 29 point 7), `npm start` on an existing
 * data folder until its first answer, beside `node dist/server/main.js` alone (what npm and the
 * stale-build check add) and the server's own account of where its start-up went.
 *
 *   npx tsx bench/cold-start.ts            # 5 starts of each, medians
 *   BENCH_RUNS=3 npx tsx bench/cold-start.ts
 *
 * The data folder is made once by a first start (the embedded database created and migrated),
 * then every measured start opens it as it is. A start is timed from spawning the process to the
 * first 200 from /readyz (polled every 20 ms), with the CPU the started process (npm itself for
 * `npm start`, the server for the other row) had used by then from /proc, then the process is stopped with SIGTERM and
 * awaited. Appends a table, with the load average, to the run history (bench/results.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../tests/support/free-port.ts';
import { appendToHistory, runMain } from './results.ts';
// @ts-expect-error: plain ES module script without types
import { buildIfStale } from '../scripts/build-if-stale.mjs';
// @ts-expect-error: plain ES module script without types
import { SERVER_NODE_ARGS } from '../scripts/server-args.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const root = fileURLToPath(new URL('..', import.meta.url));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');

/** The CPU a process has used so far (user + system, ms), from /proc. */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Whether any process of the group led by `pid` is still running. */
function processGroupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function startOnce(command: string[], dataDir: string): Promise<{ ms: number; cpuMs: number; output: string }> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 120_000;
  let ms: number;
  let cpuMs: number;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start-up:\n${output}`);
    const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
    if (res?.ok) {
      ms = performance.now() - started;
      cpuMs = processCpuMs(child.pid!);
      break;
    }
    if (Date.now() > deadline) throw new Error(`no answer within 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  // npm may exit before the server it started has closed the database and released its lock.
  while (processGroupAlive(child.pid!)) await new Promise((r) => setTimeout(r, 20));
  return { ms, cpuMs, output };
}

async function main() {
  (buildIfStale as () => void)();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ideahub-bench-cold-'));
  try {
    const node = [process.execPath, ...(SERVER_NODE_ARGS as string[]), 'dist/server/main.js'];
    const npm = ['npm', 'start', '--silent'];
    const first = await startOnce(node, dataDir);
    console.log(`first start (database created): ${first.ms.toFixed(0)} ms`);
    const rows: { what: string; ms: number[]; cpu: number[]; loads: number[] }[] = [
      { what: '`npm start` (npm, the stale-build check, then the server)', ms: [], cpu: [], loads: [] },
      { what: '`node dist/server/main.js` (the server alone)', ms: [], cpu: [], loads: [] },
    ];
    let lastOutput = '';
    for (let i = 0; i < RUNS; i++) {
      for (const [row, command] of [[rows[0]!, npm], [rows[1]!, node]] as const) {
        const run = await startOnce(command, dataDir);
        row.ms.push(run.ms);
        row.cpu.push(run.cpuMs);
        row.loads.push(os.loadavg()[0]!);
        if (command === node) lastOutput = run.output;
        console.log(`${row.what}: ${run.ms.toFixed(0)} ms, CPU ${run.cpuMs.toFixed(0)} ms — load ${load()}`);
      }
    }
    const cpu = os.cpus();
    const text = [
      `## Embedded cold start (issue 29 point 7, bench/cold-start.ts) — ${new Date().toISOString()}${process.env.BENCH_LABEL ? ` — ${process.env.BENCH_LABEL}` : ''}`,
      '',
      `- Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}. Load average (1 / 5 / 15 min) at the end: ${load()}.`,
      `- An existing data folder (made by a first start, ${first.ms.toFixed(0)} ms); from spawning the process to the first 200 from /readyz; median of ${RUNS}, interleaved.`,
      '',
      '| start | median ms | runs ms | CPU ms of the started process (median) | load (1 min) per run | target |',
      '| --- | ---: | --- | ---: | --- | --- |',
      ...rows.map((r) => `| ${r.what} | ${median(r.ms).toFixed(0)} | ${r.ms.map((x) => x.toFixed(0)).join(', ')} | ${median(r.cpu).toFixed(0)} | ${r.loads.map((x) => x.toFixed(1)).join(', ')} | < 2000 ms: ${median(r.ms) < 2000 ? 'PASS' : 'FAIL'} |`),
      '',
    ].join('\n');
    console.log(`\n${text}\nthe server's own output on its last start:\n${lastOutput}`);
    appendToHistory(`\n${text}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
