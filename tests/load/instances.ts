/**
 * IdeaHub instances as real processes (`node dist/server/main.js`, the production build), each on
 * its own port of 127.0.0.1, all on one PostgreSQL database and one AUTH_SECRET, as a deployment
 * with two instances behind a load balancer would run them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../support/free-port.ts';
// @ts-expect-error: plain ES module script without types
import { SERVER_NODE_ARGS } from '../../scripts/server-args.mjs';

export const AUTH_SECRET = 'load-test-secret-load-test-secret-0123456789abcdef';

export interface Instance {
  readonly name: string;
  readonly port: number;
  /** http://127.0.0.1:port, where this instance listens. */
  readonly url: string;
  /** Its PUBLIC_URL (the load balancer's address, as in a deployment): the Origin state-changing requests carry. */
  readonly origin: string;
  readonly pid: number | undefined;
  readonly running: boolean;
  /** Exit code (null while running or when killed by a signal). */
  readonly exitCode: number | null;
  readonly exitSignal: NodeJS.Signals | null;
  /** Everything the process printed (JSON log lines). */
  output(): string;
  /** Starts the process (again) on the same port and waits for /readyz 200. */
  start(): Promise<void>;
  /** Sends a signal; resolves when the process has exited (or after `timeoutMs`, then false). */
  signal(sig: NodeJS.Signals, timeoutMs?: number): Promise<boolean>;
}

async function waitReady(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`IdeaHub at ${url} exited during start-up:\n${output().slice(-4000)}`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`IdeaHub at ${url} did not become ready in ${timeoutMs / 1000} s:\n${output().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Each instance's whole output goes to `logDir`/instance-NAME.log too (kept after the run). */
export async function createInstance(name: string, databaseUrl: string, logDir: string, extraEnv: Record<string, string> = {}): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let out = '';
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `instance-${name}.log`);
  writeFileSync(logFile, '');
  const append = (d: Buffer) => {
    appendFileSync(logFile, d);
    out += d.toString();
    // Keep the tail only: a long run logs a line per request.
    if (out.length > 2_000_000) out = out.slice(-1_000_000);
  };
  const instance: Instance = {
    name,
    port,
    url,
    origin: extraEnv.PUBLIC_URL ?? url,
    get pid() {
      return child?.pid;
    },
    get running() {
      return child !== null && child.exitCode === null && child.signalCode === null;
    },
    get exitCode() {
      return child?.exitCode ?? null;
    },
    get exitSignal() {
      return child?.signalCode ?? null;
    },
    output: () => out,
    async start() {
      if (instance.running) throw new Error(`${name} is already running`);
      appendFileSync(logFile, `--- ${new Date().toISOString()} starting ${name} on port ${port}\n`);
      const c = spawn(process.execPath, [...SERVER_NODE_ARGS, 'dist/server/main.js'], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: extraEnv.PUBLIC_URL ?? url,
          DATABASE_URL: databaseUrl,
          AUTH_SECRET,
          LOG_LEVEL: 'warn',
          SMTP_URL: '',
          // The built-in test checkout, so selling runs under load too.
          PAYMENTS: 'test',
          // Each simulated person sends its own X-Forwarded-For: real per-address limits, one bucket each.
          TRUSTED_PROXIES: '127.0.0.1',
          // Canaries post every 100 ms and people like in bursts: above per-person limits, which stay in the path.
          WRITE_LIMITS: 'messages:100000000/60,likes:100000000/60,ratings:100000000/60',
          ...extraEnv,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = c;
      c.on('exit', (code, sig) => appendFileSync(logFile, `--- ${new Date().toISOString()} ${name} exited (${code ?? sig})\n`));
      c.stdout?.on('data', append);
      c.stderr?.on('data', append);
      await waitReady(url, c, () => out, 90_000);
    },
    signal(sig, timeoutMs = 30_000) {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        c.once('exit', () => {
          clearTimeout(timer);
          resolve(true);
        });
        c.kill(sig);
      });
    },
  };
  return instance;
}
