/**
 * Two server instances over one PostgreSQL database (docs/product-readings.md decision 10), or one PGlite
 * instance seen as both A and B (PGlite is one process only). For tests of live delivery across
 * instances (discussion, notifications, conversations).
 */
import { afterAll, beforeAll } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/server/db/client.ts';
import { createLogger } from '../../src/server/logger.ts';
import { type RunningServer, type StartOptions, startServer } from '../../src/server/server.ts';
import { createPostgresDatabase, type DatabaseKind } from './databases.ts';
import { type TestServer, testConfig } from './test-server.ts';

/** Instances behind one load balancer share one public address (origin checks, links). */
export const INSTANCES_PUBLIC_URL = 'http://ideahub.test';

export type Instance = TestServer & { running: RunningServer };

type Extra = Partial<Pick<StartOptions, 'realtime' | 'notifications' | 'conversations' | 'digest'>>;

async function startInstance(database: Database, env: Record<string, string>, extra: Extra): Promise<Instance> {
  const config = testConfig({ PUBLIC_URL: INSTANCES_PUBLIC_URL, ...env });
  const running = await startServer({ config, logger: createLogger('silent'), webRoot: null, database, ...extra });
  return { url: running.url, db: database.db, database, config: running.config, server: running, running, fetch: (path, init) => fetch(new URL(path, running.url), init) };
}

export function useInstances(kind: DatabaseKind, env: Record<string, string> = {}, extra: Extra = {}) {
  let a: Instance | undefined;
  let b: Instance | undefined;
  const cleanup: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    if (kind === 'pglite') {
      const database = await openPglite('memory://');
      await database.migrate();
      a = b = await startInstance(database, env, extra);
      cleanup.push(() => a!.running.close(1000), () => database.close());
      return;
    }
    const created = await createPostgresDatabase();
    const dbA = await openPostgres(created.url, 5);
    await dbA.migrate();
    const dbB = await openPostgres(created.url, 5);
    a = await startInstance(dbA, env, extra);
    b = await startInstance(dbB, env, extra);
    cleanup.push(() => a!.running.close(1000), () => b!.running.close(1000), () => dbA.close(), () => dbB.close(), () => created.drop());
  });
  afterAll(async () => {
    for (const step of cleanup) await step().catch(() => {});
  });
  return {
    get a() {
      return a!;
    },
    get b() {
      return b!;
    },
  };
}
