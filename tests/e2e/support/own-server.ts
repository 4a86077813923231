/** A journey's own IdeaHub on 127.0.0.1 (an embedded database in memory, the built web app), for settings the shared demo server must not change. */
import path from 'node:path';
import { loadConfig } from '../../../src/server/config.ts';
import { createLogger } from '../../../src/server/logger.ts';
import { type RunningServer, startServer } from '../../../src/server/server.ts';
import { freePort } from '../../support/free-port.ts';

export async function startOwnServer(env: Record<string, string> = {}): Promise<{ server: RunningServer; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    PUBLIC_CACHE_TTL_MS: '0',
    ...env,
  });
  const server = await startServer({ config, logger: createLogger('silent'), webRoot: path.resolve('dist/web') });
  return { server, url };
}
