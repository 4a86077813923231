/**
 * Boots the real app over HTTP for API tests, on a fresh database of the given kind.
 * Usage:
 *   describe.each(databaseKinds())('ideas on %s', (kind) => {
 *     const t = useTestServer(kind);
 *     it('...', async () => { const res = await t.fetch('/api/ideas'); ... });
 *   });
 */
import { afterAll, beforeAll } from 'vitest';
import { type Config, loadConfig } from '../../src/server/config.ts';
import type { Database, Db } from '../../src/server/db/client.ts';
import type { DiscussionRealtimeOptions } from '../../src/server/features/discussion/live.ts';
import type { NotificationRealtimeOptions } from '../../src/server/features/notifications/live.ts';
import type { MailSenderOptions } from '../../src/server/lib/mail-outbox.ts';
import type { DigestScheduleOptions } from '../../src/server/features/digest/schedule.ts';
import type { DevWeb } from '../../src/server/lib/web-dev.ts';
import { createLogger, type Logger } from '../../src/server/logger.ts';
import { type RunningServer, startServer } from '../../src/server/server.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.ts';

export interface TestServer {
  readonly url: string;
  readonly db: Db;
  readonly database: Database;
  readonly config: Config;
  readonly server: RunningServer;
  /** fetch against the server; relative paths are resolved against its URL. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

export interface TestServerOptions {
  /** Extra environment for loadConfig (e.g. SMTP_URL, ADMIN_EMAILS). */
  env?: Record<string, string>;
  logger?: Logger;
  /** Serve a built web app from this folder (default: API only). */
  webRoot?: string;
  /** Serve the web app from its sources through Vite, as `npm run dev` does. */
  devWeb?: DevWeb;
  /** Live streams' timings (e.g. a short maxStreamMs). */
  realtime?: DiscussionRealtimeOptions;
  /** Live unread counts' timings. */
  notifications?: NotificationRealtimeOptions;
  /** The mail outbox sender's rounds (e.g. rare, to send by hand with server.mailOutbox.runOnce()). */
  mailOutbox?: MailSenderOptions;
  /** The weekly digest job queue's polling (started only with DIGEST_SCHEDULE=on in `env`). */
  digest?: DigestScheduleOptions;
}

/**
 * The configuration every test server starts from (then `env` on top). Factories write straight
 * to the database, around the visitors' cache (which a write through the API empties), so the
 * cache is off here; src/server/lib/public-cache.test.ts and visitor-cache.api.test.ts test it on.
 * So is the session cache (tests change sessions and accounts in the database and expect the next
 * request to see it; a notice takes a few milliseconds): features/auth/session-cache.api.test.ts
 * tests it on.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_CACHE_TTL_MS: '0',
    SESSION_CACHE_MS: '0',
    // The digest's job queue is started only by tests of it (features/digest).
    DIGEST_SCHEDULE: 'off',
    ...env,
  });
}

export async function startTestServer(kind: DatabaseKind, opts: TestServerOptions = {}) {
  const testDb: TestDatabase = await createTestDatabase(kind);
  const config = testConfig(opts.env);
  const server = await startServer({
    config: { ...config, PUBLIC_URL: opts.env?.PUBLIC_URL ?? config.PUBLIC_URL },
    logger: opts.logger ?? createLogger('silent'),
    webRoot: opts.webRoot ?? null,
    devWeb: opts.devWeb,
    database: testDb.database,
    realtime: opts.realtime,
    notifications: opts.notifications,
    mailOutbox: opts.mailOutbox,
    digest: opts.digest,
  });
  const url = server.url;
  return {
    url,
    db: testDb.database.db,
    database: testDb.database,
    config,
    server,
    fetch: (path: string, init?: RequestInit) => fetch(new URL(path, url), init),
    async stop() {
      await server.close(1000);
      await testDb.drop();
    },
  };
}

/** Starts one server for the enclosing describe block and stops it afterwards. */
export function useTestServer(kind: DatabaseKind, opts: TestServerOptions = {}): TestServer {
  let running: Awaited<ReturnType<typeof startTestServer>> | undefined;
  beforeAll(async () => {
    running = await startTestServer(kind, opts);
  });
  afterAll(async () => {
    await running?.stop();
  });
  const get = () => {
    if (!running) throw new Error('test server not started');
    return running;
  };
  return {
    get url() {
      return get().url;
    },
    get db() {
      return get().db;
    },
    get database() {
      return get().database;
    },
    get config() {
      return get().config;
    },
    get server() {
      return get().server;
    },
    fetch: (path, init) => get().fetch(path, init),
  };
}
