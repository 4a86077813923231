/**
 * What one signed-in request sends to PostgreSQL (issue 29 point 3), counted on the way: a list, a
 * search or a details page sends the session lookup and its own query, or its query alone once the
 * instance knows the session; a like or an unlike adds the person's write limit to one statement
 * that also writes the notification. Each budget fails the test when a change adds a round trip.
 * Every request is sent once before it is counted (the settings cache, prepared statements).
 */
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../support/auth.ts';
import { createIdea, createUser } from '../support/factories.ts';
import { statementsOf } from '../support/statements.ts';
import { type TestServer, useTestServer } from '../support/test-server.ts';

const reads = [
  { name: 'the first page', path: () => '/api/ideas?limit=20' },
  { name: 'a category tab', path: () => '/api/ideas?category=product&limit=20' },
  { name: 'a search', path: () => '/api/ideas?q=water&limit=20' },
  { name: 'details', path: (id: string) => `/api/ideas/${id}` },
] as const;

async function budgets(t: TestServer, cached: boolean) {
  const person = await signedInUser(t);
  const owner = await createUser(t.db);
  const items = await Promise.all(Array.from({ length: 4 }, (_, i) => createIdea(t.db, { userId: owner.id, title: `Water pump ${i}`, category: i % 2 ? 'product' : 'idea' })));
  const count = async (send: () => Promise<Response>) => {
    const statements = await statementsOf(t.database, send);
    // Never nothing: each request reads or writes something.
    expect(statements.length).toBeGreaterThan(0);
    return { n: statements.length, statements: statements.join('\n') };
  };
  const out: Record<string, { n: number; statements: string }> = {};
  for (const read of reads) {
    const get = () => t.fetch(read.path(items[0]!.id), { headers: person.headers });
    expect((await get()).status).toBe(200);
    out[read.name] = await count(get);
  }
  const like = (id: string, method: 'PUT' | 'DELETE') => () => t.fetch(`/api/ideas/${id}/like`, { method, headers: person.headers });
  expect((await like(items[1]!.id, 'PUT')()).status).toBe(200);
  out['a like (the owner is told)'] = await count(like(items[2]!.id, 'PUT'));
  out['an unlike'] = await count(like(items[2]!.id, 'DELETE'));
  return { out, cached };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('statements per signed-in request on postgres', () => {
  describe('without a session cache', () => {
    const t = useTestServer('postgres', { mailOutbox: { pollMs: 3_600_000 } });
    it('lists, searches and details send 2 (the session, the query); a like or an unlike 3 (the session, the write limit, the like)', async () => {
      const { out } = await budgets(t, false);
      for (const read of reads) expect(out[read.name]!.n, `${read.name}:\n${out[read.name]!.statements}`).toBeLessThanOrEqual(2);
      expect(out['a like (the owner is told)']!.n, out['a like (the owner is told)']!.statements).toBeLessThanOrEqual(3);
      expect(out['an unlike']!.n, out['an unlike']!.statements).toBeLessThanOrEqual(3);
    });
  });

  describe('with the session cache', () => {
    const t = useTestServer('postgres', { env: { SESSION_CACHE_MS: '60000' }, mailOutbox: { pollMs: 3_600_000 } });
    it('lists, searches and details send 1 (the query); a like or an unlike 2 (the write limit, the like)', async () => {
      const { out } = await budgets(t, true);
      for (const read of reads) expect(out[read.name]!.n, `${read.name}:\n${out[read.name]!.statements}`).toBeLessThanOrEqual(1);
      expect(out['a like (the owner is told)']!.n, out['a like (the owner is told)']!.statements).toBeLessThanOrEqual(2);
      expect(out['an unlike']!.n, out['an unlike']!.statements).toBeLessThanOrEqual(2);
    });
  });
});
