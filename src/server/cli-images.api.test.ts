/**
 * `npm run cli -- images move-to-s3` and `backup` with a bucket, run as a real child process
 * against a real S3-compatible server (s3rver), on the embedded database and on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../tests/support/cli.ts';
import { createPostgresDatabase, databaseKinds, type DatabaseKind } from '../../tests/support/databases.ts';
import { useS3Server } from '../../tests/support/s3-server.ts';
import { createUser } from '../../tests/support/factories.ts';
import { type Database, openPglite, openPostgres } from './db/client.ts';
import { storedFiles } from './db/schema.ts';

/** A database the CLI can open (a DATA_DIR, or a PostgreSQL database), with its environment. */
async function cliDatabase(kind: DatabaseKind): Promise<{ env: Record<string, string>; open(): Promise<Database>; drop(): Promise<void> }> {
  if (kind === 'postgres') {
    const created = await createPostgresDatabase();
    return { env: { DATABASE_URL: created.url, DATA_DIR: 'memory://' }, open: () => openPostgres(created.url, 2), drop: created.drop };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'ideahub-cli-images-'));
  return { env: { DATA_DIR: dir }, open: () => openPglite(dir), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

describe.each(databaseKinds())('cli images move-to-s3 on %s', (kind) => {
  const s3 = useS3Server();

  it('moves every file in batches with progress, checks each copy, and finds nothing left on a second run', async () => {
    const target = await cliDatabase(kind);
    try {
      const images: Buffer[] = [];
      let database = await target.open();
      try {
        await database.migrate();
        const owner = await createUser(database.db, { email: 'ngozi@example.test' });
        for (let i = 0; i < 5; i++) {
          const bytes = await sharp({ create: { width: 8 + i, height: 8, channels: 3, background: '#3366cc' } }).png().toBuffer();
          images.push(bytes);
          await database.db.insert(storedFiles).values({ bucket: 'idea-images', name: `old-${i}.png`, contentType: 'image/png', size: bytes.length, bytes, ownerId: owner.id });
        }
      } finally {
        await database.close();
      }

      const env = { ...target.env, ...s3.current.env() };
      const run = await runCli(['images', 'move-to-s3', '--batch', '2'], env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout.trim().split('\n')).toEqual([
        `5 files in the database, 0 already in the bucket ${s3.current.bucket}.`,
        'moved 2 of 5',
        'moved 4 of 5',
        'moved 5 of 5',
        `Moved 5 files to the bucket ${s3.current.bucket}; 0 left in the database, 5 in the bucket.`,
      ]);
      for (const [i, bytes] of images.entries()) {
        expect((await s3.current.objectBytes(`idea-images/old-${i}.png`))?.equals(bytes), `old-${i}.png`).toBe(true);
      }
      database = await target.open();
      try {
        const rows = await database.db.select({ bytes: storedFiles.bytes }).from(storedFiles).where(eq(storedFiles.bucket, 'idea-images'));
        expect(rows).toHaveLength(5);
        expect(rows.every((r) => r.bytes === null)).toBe(true);
      } finally {
        await database.close();
      }

      const again = await runCli(['images', 'move-to-s3'], env);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout.trim().split('\n').at(-1)).toBe(`Moved 0 files to the bucket ${s3.current.bucket}; 0 left in the database, 5 in the bucket.`);

      const backup = await runCli(['backup', path.join(tmpdir(), `ideahub-backup-${Date.now()}.tar`)], env);
      const said = kind === 'postgres' ? backup.stderr : backup.stdout;
      expect(said).toContain(`Images kept in the bucket ${s3.current.bucket} are not in this backup`);
      expect(said).toContain("keep them with the bucket's own versioning or replication");
    } finally {
      await target.drop();
    }
    // Three child processes, each loading the sources and opening the database.
  }, 600_000);

  it('refuses clearly without a bucket', async () => {
    const run = await runCli(['images', 'move-to-s3'], { DATA_DIR: 'memory://' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('ideahub: S3_BUCKET is not set: there is no bucket to move the images to (see the README).');
  });
});
