/** The IdeaHub process: configuration, database, server, and shutdown on SIGTERM/SIGINT. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseDescription, startupBanner } from './banner.ts';
import { ConfigError, loadConfig } from './config.ts';
import { type Database, DatabaseOpenError } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { mailDestination } from './lib/mail.ts';
import { createProcessLogger, type Logger } from './logger.ts';
import { startServer } from './server.ts';

function findWebRoot(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.resolve(here, '../web'), path.resolve(here, '../../dist/web')]) {
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return null;
}

type DemoAccounts = NonNullable<Parameters<typeof startupBanner>[0]['demo']>;

/** `npm run demo`: seeds an empty database; the accounts to sign in with are told once IdeaHub is up. */
async function seedDemo(database: Database, logger: Logger): Promise<DemoAccounts> {
  const { seedDemo: seed, DEMO_PASSWORD } = await import('./seed/demo.ts');
  const started = Date.now();
  const result = await seed(database);
  logger.info(
    result.seeded
      ? `Seeded the demo database (people, ideas, products and their pictures) in ${((Date.now() - started) / 1000).toFixed(1)} s.`
      : 'The demo database already has people; left as it is.',
  );
  return { password: DEMO_PASSWORD, accounts: result.accounts };
}

function fail(message: string): never {
  process.stderr.write(`ideahub: ${message}\n`);
  process.exit(1);
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = await createProcessLogger(config.LOG_LEVEL, config.NODE_ENV);
  // `npm run dev` (scripts/dev.mjs): the web app from its sources, rendered on the server as a build is.
  const devWeb = process.argv.includes('--dev') ? (await import('./lib/web-dev.ts')).createDevWeb() : undefined;
  const webRoot = devWeb ? null : findWebRoot();
  if (!webRoot && !devWeb) logger.warn('The web app is not built (dist/web); serving the API only. Run npm run build.');

  let server;
  let demo: DemoAccounts | null = null;
  try {
    server = await startServer({
      config,
      logger,
      webRoot,
      devWeb,
      afterMigrate:
        process.env.IDEAHUB_DEMO === '1'
          ? async (database) => {
              demo = await seedDemo(database, logger);
            }
          : undefined,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof DatabaseOpenError || error instanceof ConfigError) fail(error.message);
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') fail(`Invalid PORT: ${config.PORT} is already in use.`);
    throw error;
  }
  const url = server.config.PUBLIC_URL;
  const where = databaseDescription(config.DATABASE_URL, path.resolve(config.DATA_DIR));
  const mailMode = server.accounts.mailer.mode;
  const mail = mailDestination(mailMode, server.config);
  if (config.NODE_ENV === 'production' || config.LOG_LEVEL === 'silent') {
    // Production: JSON lines only, for whatever collects them.
    logger.info({ url, port: server.port }, `IdeaHub is running at ${url} on ${where}`);
    logger[mailMode === 'disabled' ? 'warn' : 'info'](mail);
    if (demo) process.stdout.write(startupBanner({ url, database: where, mail, demo }));
  } else {
    if (mailMode === 'disabled') logger.warn(mail);
    process.stdout.write(startupBanner({ url, database: where, mail, demo }));
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: String(error) }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => fail((error as Error).stack ?? String(error)));
