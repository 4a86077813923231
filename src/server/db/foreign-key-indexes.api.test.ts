/**
 * Every foreign key has an index that starts with its columns (issue 30 point 7): deleting the row
 * it points at (an account, an item) must find the rows to cascade or unlink without reading the
 * whole table, and so must a list that walks one person's rows. Read from the database's own
 * catalogue after the migrations, so a foreign key added later without an index fails here.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../../tests/support/databases.ts';

/** Foreign keys that may go without an index, each with its reason ('table.column'). */
const WITHOUT_INDEX: Record<string, string> = {
  'settings.updated_by': 'one row per setting key (a dozen at most): unlinking a deleted admin reads them all at no cost',
};

interface ForeignKey {
  table: string;
  name: string;
  columns: string[];
}

interface Index {
  table: string;
  name: string;
  method: string;
  /** Column names in order; null for an expression. */
  columns: (string | null)[];
  /** The partial index's condition, as PostgreSQL prints it; null for a full index. */
  predicate: string | null;
}

function rowsOf<T>(result: unknown): T[] {
  // node-postgres and PGlite both answer { rows }.
  return (result as { rows: T[] }).rows;
}

/**
 * Whether the index serves lookups by the foreign key: a btree whose leading columns are exactly the
 * key's (in any order), full or limited to rows where the key is set (`where fk = $1` implies it).
 */
function serves(index: Index, fk: ForeignKey): boolean {
  if (index.method !== 'btree' || index.table !== fk.table) return false;
  const leading = index.columns.slice(0, fk.columns.length);
  if (leading.length !== fk.columns.length || !fk.columns.every((c) => leading.includes(c))) return false;
  if (index.predicate === null) return true;
  const setOnly = fk.columns.map((c) => `(${c} IS NOT NULL)`);
  return setOnly.includes(index.predicate) || index.predicate === `(${fk.columns.map((c) => `${c} IS NOT NULL`).join(' AND ')})`;
}

describe.each(databaseKinds())('foreign keys and their indexes on %s', (kind) => {
  let test: TestDatabase;
  let foreignKeys: ForeignKey[];
  let indexes: Index[];

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    const db = test.database.db;
    foreignKeys = rowsOf<ForeignKey>(
      await db.execute(sql`
        select c.conrelid::regclass::text as "table", c.conname as "name",
          array(
            select a.attname::text from unnest(c.conkey) with ordinality as k(attnum, n)
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
            order by k.n
          ) as "columns"
        from pg_constraint c
        join pg_namespace ns on ns.oid = c.connamespace
        where c.contype = 'f' and ns.nspname = 'public'
        order by 1, 2`),
    );
    indexes = rowsOf<Index>(
      await db.execute(sql`
        select i.indrelid::regclass::text as "table", ic.relname as "name", am.amname as "method",
          pg_get_expr(i.indpred, i.indrelid) as "predicate",
          array(
            select a.attname::text from unnest(i.indkey::int2[]) with ordinality as k(attnum, n)
            left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum and k.attnum > 0
            order by k.n
          ) as "columns"
        from pg_index i
        join pg_class ic on ic.oid = i.indexrelid
        join pg_am am on am.oid = ic.relam
        join pg_class tc on tc.oid = i.indrelid
        join pg_namespace ns on ns.oid = tc.relnamespace
        where ns.nspname = 'public'`),
    );
  }, 120_000);

  afterAll(async () => {
    await test?.drop();
  });

  it('reads the foreign keys from the catalogue, the ones issue 30 named among them', () => {
    const keys = foreignKeys.map((fk) => `${fk.table}.${fk.columns.join(',')}`);
    expect(keys).toEqual(expect.arrayContaining(['payments.user_id', 'contact_requests.user_id', 'audit_log.actor_id', 'ideas.user_id']));
    expect(keys.length).toBeGreaterThan(40);
  });

  it('gives every foreign key an index whose leading columns are its own, unless allowed here with a reason', () => {
    const missing = foreignKeys
      .filter((fk) => !indexes.some((index) => serves(index, fk)))
      .map((fk) => `${fk.table}.${fk.columns.join(',')}`)
      .filter((key) => !(key in WITHOUT_INDEX));
    expect(missing).toEqual([]);
  });

  it('allows only foreign keys that exist and still lack an index', () => {
    for (const key of Object.keys(WITHOUT_INDEX)) {
      const fk = foreignKeys.find((f) => `${f.table}.${f.columns.join(',')}` === key);
      expect(fk, key).toBeDefined();
      expect(indexes.some((index) => serves(index, fk!)), key).toBe(false);
    }
  });

  it('judges indexes as the planner would use them for a foreign key lookup', () => {
    const fk: ForeignKey = { table: 't', name: 't_a_fk', columns: ['a'] };
    const index = (columns: (string | null)[], predicate: string | null = null, method = 'btree'): Index => ({ table: 't', name: 'i', method, columns, predicate });
    expect(serves(index(['a']), fk)).toBe(true);
    expect(serves(index(['a', 'b']), fk)).toBe(true);
    expect(serves(index(['a'], '(a IS NOT NULL)'), fk)).toBe(true);
    expect(serves(index(['b', 'a']), fk)).toBe(false);
    expect(serves(index([null]), fk)).toBe(false);
    expect(serves(index(['a'], "(status = 'open'::text)"), fk)).toBe(false);
    expect(serves(index(['a'], null, 'gin'), fk)).toBe(false);
    expect(serves(index(['a', 'b']), { ...fk, columns: ['b', 'a'] })).toBe(true);
    expect(serves({ ...index(['a']), table: 'u' }, fk)).toBe(false);
  });
});
