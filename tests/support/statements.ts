/**
 * Counting what a request sends to PostgreSQL (issue 29 point 3): every statement the server's pool
 * passes to its connections while `send` runs, BEGIN and COMMIT included (each is a round trip).
 * The instance's listening connections (LISTEN/NOTIFY, outside the pool) are not counted.
 *
 *   const statements = await statementsOf(t.database, () => t.fetch('/api/ideas', { headers }));
 *   expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(2);
 *
 * PostgreSQL only: PGlite has no pool. Start the server with a rare mail outbox round
 * (`mailOutbox: { pollMs: 3_600_000 }`), or its round may land among a request's statements.
 */
import pg from 'pg';
import { vi } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';

export async function statementsOf(database: Database, send: () => Promise<Response>): Promise<string[]> {
  const pool = database.pool;
  if (!pool) throw new Error('statementsOf: PostgreSQL only (the database has no pool)');
  const poolClients = new Set<unknown>();
  const acquired = (client: unknown) => poolClients.add(client);
  pool.on('acquire', acquired);
  const query = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const res = await send();
    await res.arrayBuffer();
    return query.mock.calls.flatMap((args, i) => (poolClients.has(query.mock.contexts[i]) ? [textOf(args[0])] : []));
  } finally {
    query.mockRestore();
    pool.off('acquire', acquired);
  }
}

function textOf(q: unknown): string {
  const text = typeof q === 'string' ? q : ((q as { text?: string } | undefined)?.text ?? String(q));
  return text.replace(/\s+/g, ' ').trim().slice(0, 160);
}
