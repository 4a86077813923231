/** One statement on its own connection (the load test's checks and set-up, outside the instances). */
import pg from 'pg';

export async function dbQuery<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<R>(text, values)).rows;
  } finally {
    await c.end();
  }
}
