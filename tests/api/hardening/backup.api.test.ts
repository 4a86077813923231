/**
 * `npm run cli -- backup <file>` and `restore <file> [--force]` on the embedded database, run as
 * real child processes: refused while another process holds DATA_DIR, refused over an existing
 * database without --force, and a round trip brings back every row and the stored image bytes.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../../../src/server/db/client.ts';
import { coupons, ideaDiscussionMessages, ideaDiscussions, storedFiles } from '../../../src/server/db/schema.ts';
import { pngImage } from '../../../src/server/features/ideas/api-test-helpers.ts';
import { createIdea, createUser } from '../../support/factories.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function cli(args: string[], dataDir: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** Every row of every table (public schema and drizzle's migrations), as text, in a stable order. */
async function allRows(database: Database): Promise<Record<string, string[]>> {
  const client = database.pglite!;
  const tables = await client.query<{ s: string; n: string }>(
    "select table_schema as s, table_name as n from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2",
  );
  const out: Record<string, string[]> = {};
  for (const { s, n } of tables.rows) {
    const rows = await client.query<{ r: string }>(`select r::text as r from "${s}"."${n}" r order by 1`);
    out[`${s}.${n}`] = rows.rows.map((x) => x.r);
  }
  return out;
}

describe('backup and restore of the embedded database', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'ideahub-backup-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('refuses while DATA_DIR is held, and a round trip brings back every row and image', async () => {
    const source = path.join(work, 'source');
    const target = path.join(work, 'target');
    const file = path.join(work, 'backups', 'ideahub.tar.gz');

    // Seed: people, items, a discussion with a message, a coupon and a stored image.
    const image = await pngImage(40, 30);
    const seeded = await openPglite(source);
    await seeded.migrate();
    const ada = await createUser(seeded.db, { name: 'Ada Obi' });
    const bo = await createUser(seeded.db, { name: 'Bo Eze', role: 'moderator' });
    const idea = await createIdea(seeded.db, { userId: ada.id, title: 'Solar pump with ünïcödé 🚀', imageUrl: '/storage/idea-images/pump.png' });
    await createIdea(seeded.db, { userId: bo.id, category: 'product' });
    const [discussion] = await seeded.db.insert(ideaDiscussions).values({ ideaId: idea.id }).returning();
    await seeded.db.insert(ideaDiscussionMessages).values({ discussionId: discussion!.id, userId: bo.id, content: 'Is it for sale?' });
    await seeded.db.insert(coupons).values({ code: 'IDEA-ABCD-EFGH', assignedTo: ada.id, ideaId: idea.id });
    await seeded.db.insert(storedFiles).values({ bucket: 'idea-images', name: 'pump.png', contentType: 'image/png', size: image.length, bytes: image, ownerId: ada.id });

    // While a process holds DATA_DIR (here: this test, as the server would), both commands refuse.
    const heldBackup = await cli(['backup', file], source);
    expect(heldBackup.code).toBe(1);
    expect(heldBackup.out).toMatch(/in use by the running IdeaHub server \(pid \d+\).*stop the server/i);
    expect(existsSync(file)).toBe(false);
    const heldRestore = await cli(['restore', file, '--force'], source);
    expect(heldRestore.code).toBe(1);
    expect(heldRestore.out).toMatch(/in use by the running IdeaHub server/i);
    const before = await allRows(seeded);
    await seeded.close();

    const backedUp = await cli(['backup', file], source);
    expect(backedUp.out).toMatch(/Backed up/);
    expect(backedUp.code).toBe(0);
    expect(readdirSync(path.dirname(file))).toEqual(['ideahub.tar.gz']);

    const restored = await cli(['restore', file], target);
    expect(restored.out).toMatch(/Restored/);
    expect(restored.code).toBe(0);
    expect(readdirSync(target).sort()).toEqual(['pg']);

    // Over an existing database: refused without --force, done with it.
    const refused = await cli(['restore', file], target);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/already holds a database.*--force/);
    const forced = await cli(['restore', file, '--force'], target);
    expect(forced.code).toBe(0);
    expect(readdirSync(target).sort()).toEqual(['pg']);

    // A file that is not a backup is refused and leaves the database as it was.
    const junk = path.join(work, 'junk.tar.gz');
    writeFileSync(junk, 'not a backup');
    const bad = await cli(['restore', junk, '--force'], target);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/could not be restored/);
    expect(readdirSync(target).sort()).toEqual(['pg']);

    const copy = await openPglite(target);
    try {
      const after = await allRows(copy);
      expect(Object.keys(after).length).toBeGreaterThan(10);
      expect(after).toEqual(before);
      const [file2] = await copy.db.select().from(storedFiles).where(eq(storedFiles.name, 'pump.png'));
      expect(Buffer.from(file2!.bytes!).equals(image)).toBe(true);
      // The restored database is usable: migrations find nothing to do, writes work.
      await copy.migrate();
      await createIdea(copy.db, { userId: ada.id });
    } finally {
      await copy.close();
    }
  }, 120_000);
});
