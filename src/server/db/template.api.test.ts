/** An empty DATA_DIR starts from the build's template: a copy, not a new initdb. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makePgliteTemplate, openPglite } from './client.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'ideahub-template-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('embedded database template', () => {
  it('copies the template into an empty DATA_DIR, keeps an existing database, and migrates after either', async () => {
    const template = path.join(root, 'template');
    await makePgliteTemplate(template);
    // Mark the template so the test can tell a copy from a new database.
    const { PGlite } = await import('@electric-sql/pglite');
    const t = new PGlite(template);
    await t.exec("create table template_marker (note text); insert into template_marker values ('from the template')");
    await t.close();

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
});
