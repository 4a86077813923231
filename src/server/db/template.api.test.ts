/** An empty DATA_DIR starts from the build's template: a copy, not a new initdb. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makePgliteTemplate, openPglite } from './client.ts';
import { beginEarlyTemplateCopy, copyTemplate, pgliteDir } from './template-copy.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'ideahub-template-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A template made as the build makes it, marked with `note` so a test can tell a copy of it from a new database. */
async function markedTemplate(name: string, note: string): Promise<string> {
  const template = path.join(root, name);
  await makePgliteTemplate(template);
  const { PGlite } = await import('@electric-sql/pglite');
  const t = new PGlite(template);
  await t.exec(`create table template_marker (note text); insert into template_marker values ('${note}')`);
  await t.close();
  return template;
}

describe('embedded database template', () => {
  it('copies the template into an empty DATA_DIR, keeps an existing database, and migrates after either', async () => {
    const template = await markedTemplate('template', 'from the template');

    const dataDir = path.join(root, 'data');
    const started = performance.now();
    const db = await openPglite(dataDir, { template });
    const openMs = performance.now() - started;
    await db.migrate();
    const marker = await db.pglite!.query<{ note: string }>('select note from template_marker');
    expect(marker.rows).toEqual([{ note: 'from the template' }]);
    const tables = await db.pglite!.query<{ n: number }>("select count(*)::int as n from pg_tables where tablename in ('ideas', 'coupons', 'users')");
    expect(tables.rows[0]!.n).toBe(3);
    await db.pglite!.exec("insert into template_marker values ('written later')");
    await db.close();
    console.info(`opened an empty DATA_DIR from the template in ${openMs.toFixed(0)} ms`);

    // Opened again: the existing database is kept, never replaced by the template.
    const again = await openPglite(dataDir, { template });
    expect((await again.pglite!.query('select note from template_marker order by note')).rows).toEqual([
      { note: 'from the template' },
      { note: 'written later' },
    ]);
    await again.close();
  }, 120_000);

  it('creates the database from scratch when the template cannot be opened', async () => {
    const broken = path.join(root, 'broken');
    mkdirSync(broken, { recursive: true });
    writeFileSync(path.join(broken, 'PG_VERSION'), '15\n');
    const db = await openPglite(path.join(root, 'fallback'), { template: broken });
    await db.migrate();
    const tables = await db.pglite!.query<{ n: number }>("select count(*)::int as n from pg_tables where tablename = 'ideas'");
    expect(tables.rows[0]!.n).toBe(1);
    await db.close();
  }, 120_000);

  it('takes over a copy begun before the server loaded, and never takes a copy cut short for a database', async () => {
    const template = await markedTemplate('template-early', 'early copy');
    const dataDir = path.join(root, 'early');
    // A copy cut short by an earlier crash: a partial folder beside a DATA_DIR without a database.
    mkdirSync(path.join(dataDir, 'pg.copying-99999'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pg.copying-99999', 'PG_VERSION'), '17\n');

    const early = beginEarlyTemplateCopy(dataDir, template);
    expect(early).not.toBeNull();
    // The early copy holds the folder's lock, for this process.
    expect(readFileSync(path.join(dataDir, 'ideahub.pid'), 'utf8')).toBe(String(process.pid));
    const db = await openPglite(dataDir, { template: null });
    await db.migrate();
    expect((await db.pglite!.query('select note from template_marker')).rows).toEqual([{ note: 'early copy' }]);
    await db.close();
    expect(readdirSync(dataDir).sort()).toEqual(['pg']);

    // Nothing is begun where a database exists already.
    expect(beginEarlyTemplateCopy(dataDir, template)).toBeNull();
  }, 120_000);

  it('leaves nothing behind when a copy fails, and reports a folder in use by another process', async () => {
    const dataDir = path.join(root, 'failing');
    mkdirSync(dataDir, { recursive: true });
    await expect(copyTemplate(path.join(root, 'no-such-template'), pgliteDir(dataDir))).rejects.toThrow();
    expect(readdirSync(dataDir)).toEqual([]);

    // pid 1 is alive and is not this process: the folder is someone else's.
    writeFileSync(path.join(dataDir, 'ideahub.pid'), '1');
    expect(beginEarlyTemplateCopy(dataDir, path.join(root, 'template-early'))).toBeNull();
    await expect(openPglite(dataDir, { template: null })).rejects.toThrow(/already in use by another IdeaHub process \(pid 1\)/);
  }, 120_000);
});
