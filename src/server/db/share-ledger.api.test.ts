/**
 * The share ledger (migration 0005, issue 14): items that exist when it is applied are backfilled,
 * every later insert into ideas is recorded once by the trigger (multi-row inserts too), and
 * neither an item's edit nor its deletion changes the ledger.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, type DatabaseKind, databaseKinds } from '../../../tests/support/databases.ts';
import { type Database, migrationsFolder, openPglite, openPostgres } from './client.ts';
import * as schema from './schema.ts';
import { ideas, shares } from './schema.ts';

const BEFORE_LEDGER = '0004_description_preview_search_index';

/** A copy of the migrations folder whose journal stops at `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ideahub-migrations-'));
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThanOrEqual(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return dir;
}

/** An empty database of `kind` with the migrations of `folder` applied. */
async function openMigratedTo(kind: DatabaseKind, folder: string): Promise<{ database: Database; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openPglite('memory://');
    await migratePglite(drizzlePglite({ client: database.pglite!, schema }), { migrationsFolder: folder });
    return { database, drop: () => database.close() };
  }
  const created = await createPostgresDatabase();
  const database = await openPostgres(created.url, 2);
  await migratePg(drizzlePg({ client: database.pool!, schema }), { migrationsFolder: folder });
  return {
    database,
    async drop() {
      await database.close();
      await created.drop();
    },
  };
}

describe.each(databaseKinds())('the share ledger on %s', (kind) => {
  it('backfills existing items, records every later insert once, and outlives edits and deletions', async () => {
    const folder = migrationsUpTo(BEFORE_LEDGER);
    const { database, drop } = await openMigratedTo(kind, folder);
    try {
      const { db } = database;
      // The users table as it was then (later migrations add columns the factory would write).
      const ada = { id: randomUUID() };
      await db.execute(sql`insert into users (id, name, email, email_verified) values (${ada.id}, 'Ada Lovelace', ${`${ada.id}@example.test`}, true)`);
      const t0 = Date.now() - 100 * 3_600_000;
      // Items as the table was then, in plain SQL (later migrations add columns drizzle's insert would name).
      const itemThen = async (category: 'idea' | 'product', createdAt: Date) => {
        const id = randomUUID();
        await db.execute(
          sql`insert into ideas (id, user_id, title, description, price, currency, category, created_at) values (${id}, ${ada.id}, ${`A ${category} from before`}, 'An item shared before the ledger existed.', 100, 'NGN', ${category}, ${createdAt.toISOString()})`,
        );
        return { id, userId: ada.id, category, createdAt };
      };
      const before = [await itemThen('idea', new Date(t0)), await itemThen('product', new Date(t0 + 1000))];

      await database.migrate();
      const ledger = () =>
        db
          .select({ userId: shares.userId, ideaId: shares.ideaId, category: shares.category, sharedAt: shares.sharedAt })
          .from(shares)
          .orderBy(asc(shares.sharedAt));
      const entryOf = (item: Pick<typeof ideas.$inferSelect, 'id' | 'userId' | 'category' | 'createdAt'>) => ({ userId: item.userId, ideaId: item.id, category: item.category, sharedAt: item.createdAt });
      expect(await ledger()).toEqual(before.map(entryOf));

      // One statement, three rows: three entries.
      const after = await db
        .insert(ideas)
        .values([0, 1, 2].map((i) => ({ userId: ada.id, title: `A later item ${i}`, description: 'A later item, inserted in one go.', category: i === 1 ? 'product' : 'idea', createdAt: new Date(t0 + 2000 + i * 1000) })))
        .returning();
      expect(await ledger()).toEqual([...before, ...after].map(entryOf));

      // A changed category or a deleted item leaves the ledger as it was (the entry loses its link).
      await db.update(ideas).set({ category: 'product' }).where(eq(ideas.id, before[0]!.id));
      await db.delete(ideas).where(eq(ideas.id, after[0]!.id));
      expect(await ledger()).toEqual([...before, ...after].map(entryOf).map((e) => (e.ideaId === after[0]!.id ? { ...e, ideaId: null } : e)));
    } finally {
      await drop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
