/**
 * Browser journeys run against the production build: built here if stale, started as its own
 * process on a fresh embedded database seeded with the demo content, and stopped afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: plain ES module script without types
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { freePort } from '../support/free-port.ts';
// @ts-expect-error: plain ES module script without types
import { SERVER_NODE_ARGS } from '../../scripts/server-args.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}


let child: ChildProcess | undefined;
let dataDir: string | undefined;

export default async function setup(project: TestProject) {
  (buildIfStale as () => void)();
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'ideahub-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  child = spawn(process.execPath, [...SERVER_NODE_ARGS, 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      IDEAHUB_DEMO: '1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAILS: 'admin@ideahub.demo',
      // Buying runs through the built-in test provider ('Test checkout'): the whole flow, no money.
      PAYMENTS: 'test',
      // Journeys sign up many people from 127.0.0.1; each sends its own X-Forwarded-For so
      // the real per-address limits stay on while every test person gets its own bucket.
      TRUSTED_PROXIES: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  // The first start creates the embedded database and seeds the demo: minutes on a shared, busy machine.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`IdeaHub exited during start-up:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/readyz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`IdeaHub did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseURL', baseURL);

  return async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
