/**
 * Likes under concurrency (issue 30, CI's deadlock): likes, unlikes and discussion messages on one
 * item at once take the item's row in one order, so PostgreSQL never has to break a deadlock, and a
 * transaction PostgreSQL does end with a deadlock is run again instead of answering 500.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { inTransaction, transactionConflicts } from '../../db/transaction.ts';
import { personWithItems, post } from '../discussion/testing/people.ts';

const ROUNDS = 25;

describe.each(databaseKinds())('likes under concurrency on %s', (kind) => {
  const t = useTestServer(kind, { env: { WRITE_LIMITS: 'off' } });

  const counts = async (ideaId: string) => {
    const result = (await t.db.execute(
      sql`select like_count as "likeCount", (select count(*)::int from likes where idea_id = ${ideaId}::uuid) as rows from ideas where id = ${ideaId}::uuid`,
    )) as unknown as { rows: { likeCount: number; rows: number }[] };
    return result.rows[0]!;
  };

  it('two people like and unlike one item in a loop while its owner posts in its discussion: no error, no deadlock, exact count', async () => {
    const owner = await personWithItems(t, 0, { name: 'Amara Obi' });
    const idea = await createIdea(t.db, { userId: owner.id });
    const [ada, bo] = [await signedInUser(t), await signedInUser(t)];
    const before = transactionConflicts();
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const method = round % 2 ? 'DELETE' : 'PUT';
      const answers = await Promise.all([
        t.fetch(`/api/ideas/${idea.id}/like`, { method, headers: ada.headers }),
        t.fetch(`/api/ideas/${idea.id}/like`, { method: round % 3 ? 'PUT' : 'DELETE', headers: bo.headers }),
        post(t, idea.id, owner.headers, `Thanks for the interest, round ${round + 1} of the test.`),
      ]);
      statuses.push(...answers.map((r) => r.status));
    }
    expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
    const { likeCount, rows } = await counts(idea.id);
    expect(likeCount).toBe(rows);
    // Ada's last round (24) liked; Bo's (24 % 3 === 0) took the like back.
    expect(rows).toBe(1);
    // One lock order: PostgreSQL never had to pick a victim, so nothing was run again.
    expect(transactionConflicts()).toEqual(before);
  });

  if (kind === 'postgres') it('runs a transaction again when PostgreSQL ends it as a deadlock’s victim, and both finish', async () => {
    const [a, b] = [await createIdea(t.db, { userId: (await signedInUser(t)).id }), await createIdea(t.db, { userId: (await signedInUser(t)).id })];
    const before = transactionConflicts();
    // Two transactions lock the same two rows in opposite orders, each waiting until the other holds its first.
    let arrived = 0;
    let release!: () => void;
    const bothHoldFirst = new Promise<void>((resolve) => (release = resolve));
    const lockBoth = (first: string, second: string, label: string) =>
      inTransaction(t.db, async (tx) => {
        await tx.execute(sql`select 1 from ideas where id = ${first}::uuid for update`);
        if (++arrived === 2) release();
        await bothHoldFirst;
        await tx.execute(sql`select 1 from ideas where id = ${second}::uuid for update`);
        await tx.execute(sql`update ideas set project_details = ${label} where id = ${second}::uuid`);
        return label;
      });
    expect(await Promise.all([lockBoth(a.id, b.id, 'first'), lockBoth(b.id, a.id, 'second')])).toEqual(['first', 'second']);
    const after = transactionConflicts();
    expect(after.retried - before.retried).toBe(1);
    expect(after.gaveUp).toBe(before.gaveUp);
  });
});
