import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_SECRET_FILE, resolveAuthSecret } from './secret.ts';

describe('resolveAuthSecret', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('uses AUTH_SECRET when set', () => {
    expect(resolveAuthSecret({ AUTH_SECRET: 'x'.repeat(40), DATA_DIR: '/nonexistent' })).toBe('x'.repeat(40));
  });

  it('generates one into DATA_DIR (mode 0600, parents made) and reuses it on the next start', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'ideahub-secret-'));
    dirs.push(root);
    const dataDir = path.join(root, 'nested', 'data');
    const first = resolveAuthSecret({ AUTH_SECRET: undefined, DATA_DIR: dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, AUTH_SECRET_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret({ AUTH_SECRET: undefined, DATA_DIR: dataDir })).toBe(first);
  });

  it('makes a throw-away secret for an in-memory database', () => {
    const a = resolveAuthSecret({ AUTH_SECRET: undefined, DATA_DIR: 'memory://' });
    const b = resolveAuthSecret({ AUTH_SECRET: undefined, DATA_DIR: 'memory://' });
    expect(a).not.toBe(b);
  });
});
