/**
 * Operator commands: `npm run cli -- <command>`.
 *
 *   role <email> <admin|moderator|user>   set a person's role
 *   backup <file>                          back up the embedded database (DATA_DIR) to a file
 *   restore <file> [--force]               restore the embedded database from such a file
 *   images move-to-s3 [--batch N]          copy stored files from the database to S3_BUCKET
 *
 * Works on the database the server uses (DATABASE_URL, else the embedded one in DATA_DIR).
 * The embedded database admits one process at a time: while the server runs on DATA_DIR, the
 * command refuses and says so (stop the server first).
 */
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { ROLES, type Role } from '../shared/schemas/auth.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { BackupError, backupEmbedded, restoreEmbedded } from './db/backup.ts';
import { type Database, DatabaseOpenError, openDatabase } from './db/client.ts';
import { DataDirLockedError, dataDirOwner } from './db/lock.ts';
import { users } from './db/schema.ts';
import { moveFilesToBucket } from './lib/file-move.ts';
import { configureFileStore, fileCounts } from './lib/file-store.ts';
import { createLogger } from './logger.ts';

const USAGE = `Usage: npm run cli -- role <email> <${ROLES.join('|')}>
       npm run cli -- backup <file>
       npm run cli -- restore <file> [--force]
       npm run cli -- images move-to-s3 [--batch N]

Commands:
  role <email> <role>        Give the person with this email address the role admin, moderator or user.
  backup <file>              Write a backup of the embedded database (DATA_DIR) to <file>.
  restore <file> [--force]   Restore the embedded database from <file>; --force replaces an existing one.
                             (PostgreSQL: use pg_dump and pg_restore, see the README.)
  images move-to-s3          Copy the images still held in the database to the bucket S3_BUCKET, in
    [--batch N]              batches of N (100), checking each copy before dropping the database's;
                             run it again to go on after a stop.

Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (./data); the embedded
database cannot be changed while the IdeaHub server is running on it.`;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

function isRole(value: string | undefined): value is Role {
  return (ROLES as readonly string[]).includes(value ?? '');
}

function embeddedInUseMessage(dir: string, pid: number): string {
  return (
    `The embedded database in ${dir} is in use by the running IdeaHub server (pid ${pid}). ` +
    'Only one process can open it at a time: stop the server, run this command again, then start the server.'
  );
}

async function open(env: Record<string, string | undefined>): Promise<Database> {
  const config = loadConfig(env);
  if (!config.DATABASE_URL) {
    if (config.DATA_DIR === 'memory://') throw new CliError('DATA_DIR is memory://: there is no stored database to change.');
    const dir = path.resolve(config.DATA_DIR);
    const owner = dataDirOwner(dir);
    if (owner !== undefined) throw new CliError(embeddedInUseMessage(dir, owner));
  }
  try {
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
    try {
      // A database the server never started on has no tables yet.
      await database.migrate();
    } catch (error) {
      await database.close().catch(() => {});
      throw error;
    }
    return database;
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new CliError(embeddedInUseMessage(error.dir, error.pid));
    if (error instanceof DatabaseOpenError) throw new CliError(error.message);
    throw error;
  }
}

export async function setRole(database: Database, email: string, role: Role): Promise<{ previous: string } | null> {
  const normalized = email.trim().toLowerCase();
  const [before] = await database.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalized))
    .limit(1);
  if (!before) return null;
  await database.db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, before.id));
  return { previous: before.role };
}

/** backup / restore of the embedded database; PostgreSQL has pg_dump and pg_restore. */
async function runBackupCommand(command: 'backup' | 'restore', args: string[], env: Record<string, string | undefined>): Promise<string> {
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  const [file] = files;
  if (!file || files.length !== 1 || (command === 'backup' && force)) {
    throw new CliError(`${command} needs one file name${command === 'restore' ? ' (and --force to replace an existing database)' : ''}.\n\n${USAGE}`, 2);
  }
  const config = loadConfig(env);
  if (config.DATABASE_URL) {
    throw new CliError(
      `${command} works on the embedded database; DATABASE_URL points at a PostgreSQL server: use ` +
        (command === 'backup' ? 'pg_dump --format=custom --file=<file> "$DATABASE_URL"' : 'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" <file>') +
        ' (see the README).' +
        (command === 'backup' ? bucketNote(config) : ''),
    );
  }
  if (config.DATA_DIR === 'memory://') throw new CliError('DATA_DIR is memory://: there is no stored database.');
  const dir = path.resolve(config.DATA_DIR);
  const owner = dataDirOwner(dir);
  if (owner !== undefined) throw new CliError(embeddedInUseMessage(dir, owner));
  try {
    if (command === 'backup') {
      const { bytes } = await backupEmbedded(dir, file);
      return `Backed up the embedded database in ${dir} to ${path.resolve(file)} (${bytes} bytes).${bucketNote(config)}`;
    }
    await restoreEmbedded(dir, file, { force });
    return `Restored the embedded database in ${dir} from ${path.resolve(file)}.`;
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new CliError(embeddedInUseMessage(error.dir, error.pid));
    if (error instanceof BackupError || error instanceof DatabaseOpenError) throw new CliError(error.message);
    throw error;
  }
}

/** What a database backup leaves out when files are kept in a bucket. */
function bucketNote(config: Config): string {
  if (!config.S3_BUCKET) return '';
  return (
    `\nImages kept in the bucket ${config.S3_BUCKET} are not in this backup (the database holds only their names and owners): ` +
    "keep them with the bucket's own versioning or replication (see the README, 'Images in object storage')."
  );
}

async function runImagesCommand(args: string[], env: Record<string, string | undefined>, print: (line: string) => void): Promise<string> {
  const [sub, ...rest] = args;
  const batchAt = rest.indexOf('--batch');
  const batch = batchAt >= 0 ? Number(rest[batchAt + 1]) : 100;
  const known = batchAt >= 0 ? rest.length === 2 : rest.length === 0;
  if (sub !== 'move-to-s3' || !known || !Number.isInteger(batch) || batch < 1 || batch > 10_000) {
    throw new CliError(`images needs move-to-s3 (and optionally --batch N, 1 to 10000).\n\n${USAGE}`, 2);
  }
  const config = loadConfig(env);
  if (!config.S3_BUCKET) throw new CliError('S3_BUCKET is not set: there is no bucket to move the images to (see the README).');
  await configureFileStore(config, createLogger('silent'));
  const database = await open(env);
  try {
    const before = await fileCounts(database.db);
    print(`${before.inDatabase} files in the database, ${before.inBucket} already in the bucket ${config.S3_BUCKET}.`);
    const result = await moveFilesToBucket(database.db, {
      batch,
      onProgress: (p) => print(`moved ${p.moved} of ${before.inDatabase}${p.skipped ? ` (${p.skipped} gone meanwhile)` : ''}`),
    });
    const after = await fileCounts(database.db);
    return `Moved ${result.moved} files to the bucket ${config.S3_BUCKET}; ${after.inDatabase} left in the database, ${after.inBucket} in the bucket.`;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`Moving stopped: ${(error as Error).message}. Run the command again to go on from where it stopped.`);
  } finally {
    await database.close();
  }
}

/** Runs one command; returns what to print. Throws CliError for anything the operator must fix. */
export async function runCli(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<string> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') return USAGE;
  if (command === 'backup' || command === 'restore') return runBackupCommand(command, args, env);
  if (command === 'images') return runImagesCommand(args, env, print);
  if (command !== 'role') throw new CliError(`Unknown command "${command}".\n\n${USAGE}`, 2);
  const [email, role] = args;
  if (!email || !role || args.length !== 2) throw new CliError(`role needs an email address and a role.\n\n${USAGE}`, 2);
  if (!email.includes('@')) throw new CliError(`"${email}" is not an email address.`, 2);
  if (!isRole(role)) throw new CliError(`"${role}" is not a role: use ${ROLES.join(', ')}.`, 2);

  const database = await open(env);
  try {
    const result = await setRole(database, email, role);
    if (!result) throw new CliError(`No account uses the email address ${email.trim().toLowerCase()}.`);
    return result.previous === role
      ? `${email.trim().toLowerCase()} already has the role ${role}.`
      : `${email.trim().toLowerCase()} now has the role ${role} (was ${result.previous}).`;
  } finally {
    await database.close();
  }
}

const isMain = process.argv[1] !== undefined && /cli\.(ts|js|mjs)$/.test(process.argv[1]);
if (isMain) {
  runCli(process.argv.slice(2)).then(
    (out) => {
      process.stdout.write(`${out}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      if (error instanceof CliError || error instanceof ConfigError) {
        process.stderr.write(`ideahub: ${error.message}\n`);
        process.exit(error instanceof CliError ? error.exitCode : 1);
      }
      process.stderr.write(`ideahub: ${(error as Error).stack ?? String(error)}\n`);
      process.exit(1);
    },
  );
}
