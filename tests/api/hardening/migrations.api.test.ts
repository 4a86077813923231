/**
 * Migrations run once even when several instances start at the same moment: each instance's
 * migrate() takes a PostgreSQL advisory lock (src/server/db/client.ts), so the others wait and
 * then find nothing left to do. Needs a PostgreSQL server (TEST_DATABASE_URL; CI sets it).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openPostgres } from '../../../src/server/db/client.ts';
import { createPostgresDatabase } from '../../support/databases.ts';

const INSTANCES = 3;

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations started by several instances at once (postgres)', () => {
  it('applies each migration exactly once, without an error in any instance', async () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const created = await createPostgresDatabase();
    const instances = await Promise.all(Array.from({ length: INSTANCES }, () => openPostgres(created.url, 3)));
    try {
      const results = await Promise.allSettled(instances.map((db) => db.migrate()));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

      const client = new pg.Client({ connectionString: created.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ hash: string; n: number }>(
          'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
        );
        expect(rows.length).toBe(journal.entries.length);
        expect(rows.every((r) => r.n === 1)).toBe(true);
        // The schema is really there (a table from the first migration and one from a later one).
        const tables = await client.query<{ n: number }>(
          "select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name in ('users', 'ideas', 'coupons')",
        );
        expect(tables.rows[0]?.n).toBe(3);
      } finally {
        await client.end();
      }

      // A later start finds nothing to do and still succeeds.
      await expect(instances[0]!.migrate()).resolves.toBeUndefined();
    } finally {
      await Promise.all(instances.map((db) => db.close()));
      await created.drop();
    }
  });
});
