/**
 * AUTH_SECRET signs session cookies and confirmation links. Production requires it (config.ts).
 * Elsewhere, when unset, one is generated into DATA_DIR/auth-secret (mode 0600) and reused on
 * the next start, so sessions survive restarts; an in-memory database gets a throw-away one.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';

export const AUTH_SECRET_FILE = 'auth-secret';
const MIN_LENGTH = 32;

function generate(): string {
  return randomBytes(48).toString('base64url');
}

function readSecret(file: string): string | null {
  try {
    const value = readFileSync(file, 'utf8').trim();
    return value.length >= MIN_LENGTH ? value : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export function resolveAuthSecret(config: Pick<Config, 'AUTH_SECRET' | 'DATA_DIR'>, logger?: Logger): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  if (config.DATA_DIR === 'memory://') return generate();
  const dir = path.resolve(config.DATA_DIR);
  const file = path.join(dir, AUTH_SECRET_FILE);
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(dir, { recursive: true });
  const secret = generate();
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const theirs = readSecret(file);
    if (theirs) return theirs;
    throw new Error(`${file} exists but holds no usable secret; delete it or set AUTH_SECRET`, { cause: error });
  }
  logger?.warn(
    { file },
    'AUTH_SECRET is not set: generated one in DATA_DIR. Set AUTH_SECRET yourself when several instances share one database.',
  );
  return secret;
}
