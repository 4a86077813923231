/**
 * HAProxy (Debian's package) in front of the instances, as a deployment runs it: round robin,
 * health checks on /readyz, a failed connection sent to another instance, a GET whose instance
 * died under it sent again elsewhere (never a write: it may have been done). Its configuration is
 * written into a temporary folder; it runs in the foreground as a child process of the load test.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../support/free-port.ts';

export interface Balancer {
  /** http://127.0.0.1:port: where people's requests go (also the instances' PUBLIC_URL). */
  readonly url: string;
  readonly port: number;
  /** Starts HAProxy in front of these instances (name and port each). */
  start(servers: { name: string; port: number }[]): Promise<void>;
  /** Each server's state as HAProxy's health checks see it ('UP', 'DOWN', …). */
  states(): Promise<Map<string, string>>;
  /** Waits until the named servers are in the given state (at most `ms`). */
  waitFor(names: string[], state: 'UP' | 'DOWN', ms: number): Promise<void>;
  stop(): void;
  output(): string;
}

function findHaproxy(): string {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy']) if (existsSync(candidate)) return candidate;
  const which = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  throw new Error('HAProxy is not installed: apt-get install haproxy');
}

function config(port: number, statsPort: number, servers: { name: string; port: number }[]): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  # One new connection to an instance per request: a request never leaves on a connection to an
  # instance that has just died.
  option http-server-close
  option forwardfor
  # A connection an instance refuses goes to another one; so does a GET whose instance died
  # before answering (below: never a write, which may have been done).
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout
  # /readyz 200 'ready', or 503 'unavailable' (the shared database is down: the other instances
  # share it, so the balancer keeps sending); 'stopping', an error or no answer takes it out.
  option httpchk
  http-check send meth GET uri /readyz
  http-check expect rstring "\\"status\\":\\"(ready|unavailable)\\""
  # A refused connection fails a check at once; a busy instance has 2 s to answer (its /readyz waits
  # for the database), so load alone never takes every instance out.
  timeout check 2s
  default-server check inter 250ms fastinter 250ms downinter 500ms fall 2 rise 2

frontend site
  bind 127.0.0.1:${port}
  default_backend ideahub

backend ideahub
  balance roundrobin
  http-request disable-l7-retry if !METH_GET !METH_HEAD
  # Which instance answered (HAProxy's own error answers included), for the load test's report.
  http-after-response set-header X-Served-By %[srv_name]
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port}`).join('\n')}

frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`;
}

/** Reserves the balancer's port now (the instances need it as their PUBLIC_URL); start() runs it. */
export async function createBalancer(): Promise<Balancer> {
  const bin = findHaproxy();
  const port = await freePort();
  const statsPort = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'ideahub-load-haproxy-'));
  const cfg = path.join(dir, 'haproxy.cfg');
  let child: ChildProcess | null = null;
  let out = '';
  const balancer: Balancer = {
    url: `http://127.0.0.1:${port}`,
    port,
    async start(servers) {
      writeFileSync(cfg, config(port, statsPort, servers));
      const check = spawnSync(bin, ['-c', '-f', cfg], { encoding: 'utf8' });
      if (check.status !== 0) throw new Error(`haproxy refused its configuration:\n${check.stdout}${check.stderr}`);
      // -db: stay in the foreground (no daemon), so this process owns it.
      const c = spawn(bin, ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
      child = c;
      c.stdout?.on('data', (d: Buffer) => (out += d.toString()));
      c.stderr?.on('data', (d: Buffer) => (out += d.toString()));
      const deadline = Date.now() + 15_000;
      for (;;) {
        if (c.exitCode !== null) throw new Error(`haproxy exited at start-up:\n${out}`);
        try {
          await balancer.states();
          return;
        } catch {
          if (Date.now() > deadline) throw new Error(`haproxy did not start:\n${out}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
    async states() {
      const res = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`, { signal: AbortSignal.timeout(2000) });
      const lines = (await res.text()).split('\n');
      const header = lines[0]!.replace(/^# /, '').split(',');
      const [px, sv, st] = ['pxname', 'svname', 'status'].map((n) => header.indexOf(n));
      const states = new Map<string, string>();
      for (const line of lines.slice(1)) {
        const f = line.split(',');
        if (f[px!] === 'ideahub' && f[sv!] !== 'FRONTEND' && f[sv!] !== 'BACKEND' && f[sv!]) states.set(f[sv!]!, f[st!]!.split(' ')[0]!);
      }
      return states;
    },
    async waitFor(names, state, ms) {
      const deadline = Date.now() + ms;
      for (;;) {
        const states = await balancer.states();
        if (names.every((n) => states.get(n) === state)) return;
        if (Date.now() > deadline) throw new Error(`HAProxy: ${names.join(', ')} not ${state} within ${ms} ms (${JSON.stringify([...states])})`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop() {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      child = null;
      rmSync(dir, { recursive: true, force: true });
    },
    output: () => out,
  };
  return balancer;
}
