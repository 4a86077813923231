/**
 * The server as a process: configuration errors stop it with one line naming the variable,
 * the embedded database is locked to one process, SIGTERM shuts down cleanly, and the start-up
 * log says where mail goes; outside production it speaks to a person (where it runs, readable
 * request lines), in production in JSON lines.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';


function run(env: Record<string, string>) {
  // One process (node with tsx's loader), so its pid is the server's own.
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATABASE_URL: '', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function finish(child: ChildProcess): Promise<{ code: number | null; stderr: string; stdout: string }> {
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr, stdout })));
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('not ready');
}

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'ideahub-proc-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

// Each test starts the server from source two or three times, each creating its embedded database
// (~10 s apiece on a quiet 2-core machine, three times that on a loaded one: a CI run beside other
// work timed out at 60 s). These tests are about what the process says and does, not how fast.
describe('the server process', { timeout: 180_000 }, () => {
  it('stops with one line naming a bad PORT', async () => {
    const r = await finish(run({ PORT: 'abc', DATA_DIR: tempDir() }));
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^ideahub: Invalid PORT: /);
  });

  it('stops with one line naming an unreachable DATABASE_URL', async () => {
    const r = await finish(run({ PORT: '0', DATABASE_URL: 'postgres://127.0.0.1:1/nothing' }));
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^ideahub: Invalid DATABASE_URL: cannot connect/);
  });

  it('refuses a second process on the same DATA_DIR, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const first = run({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const firstDone = finish(first);
    await waitReady(`http://127.0.0.1:${port}`, first);
    expect(existsSync(path.join(dataDir, 'ideahub.pid'))).toBe(true);

    const second = await finish(run({ PORT: String(await freePort()), DATA_DIR: dataDir }));
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`The embedded database in ${dataDir} is already in use by another IdeaHub process (pid ${first.pid})`);
    // The first is untouched and still serving.
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

    first.kill('SIGTERM');
    const r = await firstDone;
    expect(r.code).toBe(0);
    // The start-up log says where mail goes (no SMTP_URL, PUBLIC_URL on localhost: the outbox).
    expect(r.stdout).toContain(`mail: development outbox at http://localhost:${port}/dev/outbox (answers this machine only)`);
    expect(existsSync(path.join(dataDir, 'ideahub.pid'))).toBe(false);

    // With the first gone, the folder can be opened again and its data is there.
    const again = run({ PORT: String(port), DATA_DIR: dataDir });
    const againDone = finish(again);
    await waitReady(`http://127.0.0.1:${port}`, again);
    again.kill('SIGTERM');
    expect((await againDone).code).toBe(0);
  });

  it('takes over the lock left by a process that died', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const first = run({ PORT: String(port), DATA_DIR: dataDir });
    const done = finish(first);
    await waitReady(`http://127.0.0.1:${port}`, first);
    first.kill('SIGKILL');
    await done;
    expect(existsSync(path.join(dataDir, 'ideahub.pid'))).toBe(true);
    const next = run({ PORT: String(port), DATA_DIR: dataDir });
    const nextDone = finish(next);
    await waitReady(`http://127.0.0.1:${port}`, next);
    next.kill('SIGTERM');
    expect((await nextDone).code).toBe(0);
  });

  it('says where it runs in words and logs readable requests; in production, JSON lines only', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const dev = run({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const devDone = finish(dev);
    await waitReady(`http://127.0.0.1:${port}`, dev);
    await fetch(`http://127.0.0.1:${port}/api/ideas?limit=1`);
    dev.kill('SIGTERM');
    const d = await devDone;
    expect(d.code).toBe(0);
    expect(d.stdout).toContain(`IdeaHub is running at http://localhost:${port}\n`);
    expect(d.stdout).toContain(`database: the embedded database in ${dataDir}`);
    expect(d.stdout).toMatch(/INFO: GET \/api\/ideas 200 \d+ ms/);
    // No JSON line per request.
    expect(d.stdout).not.toMatch(/^\{.*"path":"\/api\/ideas"/m);

    const prod = run({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(40) });
    const prodDone = finish(prod);
    await waitReady(`http://127.0.0.1:${port}`, prod);
    await fetch(`http://127.0.0.1:${port}/api/ideas?limit=1`);
    prod.kill('SIGTERM');
    const p = await prodDone;
    expect(p.code).toBe(0);
    const lines = p.stdout.split('\n').filter((l) => l.trim() !== '');
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.find((l) => l.msg === `IdeaHub is running at http://localhost:${port} on the embedded database in ${dataDir}`)).toBeTruthy();
    expect(parsed.find((l) => l.method === 'GET' && l.path === '/api/ideas' && l.status === 200)).toBeTruthy();
  });
});
