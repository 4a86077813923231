/**
 * `npm run cli -- role <email> <role>` run as a real child process, on the embedded database in
 * a DATA_DIR (refused while a server holds it) and on a PostgreSQL database (DATABASE_URL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { openPglite, openPostgres } from './db/client.ts';
import { users } from './db/schema.ts';
import { createLogger } from './logger.ts';
import { startServer } from './server.ts';
import { runCli } from '../../tests/support/cli.ts';
import { createPostgresDatabase } from '../../tests/support/databases.ts';
import { createUser } from '../../tests/support/factories.ts';

describe('cli role on the embedded database (DATA_DIR)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ideahub-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses clearly while the server holds DATA_DIR, and changes the role once it is stopped', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'cli-test-secret-cli-test-secret-0123456789',
    });
    const server = await startServer({ config, logger: createLogger('silent'), webRoot: null });
    let stopped = false;
    try {
      const person = await createUser(server.database.db, { email: 'Chioma@Example.test', name: 'Chioma Eze' });
      const refused = await runCli(['role', 'chioma@example.test', 'admin'], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`The embedded database in ${path.resolve(dataDir)} is in use by the running IdeaHub server (pid ${process.pid})`);
      expect(refused.stderr).toContain('stop the server');

      await server.close(1000);
      stopped = true;
      const done = await runCli(['role', 'CHIOMA@example.test', 'admin'], { DATA_DIR: dataDir });
      expect(done.code, done.stderr).toBe(0);
      expect(done.stdout.trim()).toBe('chioma@example.test now has the role admin (was user).');

      const unknown = await runCli(['role', 'nobody@example.test', 'moderator'], { DATA_DIR: dataDir });
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No account uses the email address nobody@example.test.');

      const database = await openPglite(dataDir);
      try {
        const [row] = await database.db.select({ role: users.role }).from(users).where(eq(users.id, person.id));
        expect(row?.role).toBe('admin');
      } finally {
        await database.close();
      }
    } finally {
      if (!stopped) await server.close(1000);
    }
    // A new embedded database and three child processes (each opening it): slow on a busy machine.
  }, 180_000);

  it('explains its usage and refuses unknown roles', async () => {
    const bad = await runCli(['role', 'someone@example.test', 'owner'], { DATA_DIR: dataDir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"owner" is not a role: use admin, moderator, user.');
    const missing = await runCli(['role', 'someone@example.test'], { DATA_DIR: dataDir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Usage: npm run cli -- role <email> <admin|moderator|user>');
    const help = await runCli([], { DATA_DIR: dataDir });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage:');
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('cli role on PostgreSQL (DATABASE_URL)', () => {
  it('changes the role on the PostgreSQL database', async () => {
    const created = await createPostgresDatabase();
    const database = await openPostgres(created.url, 2);
    try {
      await database.migrate();
      const person = await createUser(database.db, { email: 'tunde@example.test', role: 'user' });
      const res = await runCli(['role', 'tunde@example.test', 'moderator'], { DATABASE_URL: created.url, DATA_DIR: 'memory://' });
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout.trim()).toBe('tunde@example.test now has the role moderator (was user).');
      const [row] = await database.db.select({ role: users.role }).from(users).where(eq(users.id, person.id));
      expect(row?.role).toBe('moderator');
      const same = await runCli(['role', 'tunde@example.test', 'moderator'], { DATABASE_URL: created.url });
      expect(same.stdout.trim()).toBe('tunde@example.test already has the role moderator.');
    } finally {
      await database.close();
      await created.drop();
    }
  }, 120_000);
});
