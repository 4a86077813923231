/** Test helpers: people with a given number of own items, and posting as them. */
import type { Db } from '../../../db/client.ts';
import { ideas } from '../../../db/schema.ts';
import { signedInUser, type SignedInUser } from '../../../../../tests/support/auth.ts';
import type { TestServer } from '../../../../../tests/support/test-server.ts';
import type { Role } from '../../../../shared/schemas/auth.ts';

/** Gives `userId` `count` items of their own (one insert). */
export async function giveItems(db: Db, userId: string, count: number): Promise<void> {
  if (count <= 0) return;
  await db.insert(ideas).values(
    Array.from({ length: count }, (_, i) => ({
      userId,
      title: `Filler item number ${i + 1}`,
      description: 'A filler item so that this person has shared enough items for the test.',
      price: 10,
      currency: 'NGN',
      category: i % 2 ? 'product' : 'idea',
    })),
  );
}

/** A signed-in person who has shared exactly `items` items. */
export async function personWithItems(t: TestServer, items: number, opts: { name?: string; role?: Role } = {}): Promise<SignedInUser> {
  const person = await signedInUser(t, { name: opts.name ?? `Person with ${items} items`, role: opts.role });
  await giveItems(t.db, person.id, items);
  return person;
}

export async function post(t: TestServer, ideaId: string, headers: Record<string, string>, content: string): Promise<Response> {
  return t.fetch(`/api/ideas/${ideaId}/messages`, { method: 'POST', headers, body: JSON.stringify({ content }) });
}

/** Posts and returns the stored message (fails the test on any other answer). */
export async function postOk(t: TestServer, ideaId: string, headers: Record<string, string>, content: string) {
  const res = await post(t, ideaId, headers, content);
  if (res.status !== 201) throw new Error(`posting answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { id: number; content: string; author: { id: string; name: string | null } };
}
