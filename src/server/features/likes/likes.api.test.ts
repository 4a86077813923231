/** Likes (SPEC §4 'Like', §8): one per person per item, even when clicks race; the count is real. */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ideaDetailSchema } from '../../../shared/schemas/ideas.ts';
import { likeStateSchema } from '../../../shared/schemas/engagement.ts';
import { signedInUser, type SignedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { ideas, likes } from '../../db/schema.ts';

describe.each(databaseKinds())('likes on %s', (kind) => {
  const t = useTestServer(kind);

  const item = async () => createIdea(t.db, { userId: (await createUser(t.db)).id });
  const like = (id: string, p: SignedInUser, method: 'PUT' | 'DELETE' = 'PUT') =>
    t.fetch(`/api/ideas/${id}/like`, { method, headers: p.headers });
  const counter = async (id: string) => (await t.db.select({ n: ideas.likeCount }).from(ideas).where(eq(ideas.id, id)))[0]!.n;
  const rows = async (id: string, userId: string) =>
    (await t.db.select().from(likes).where(and(eq(likes.ideaId, id), eq(likes.userId, userId)))).length;

  it('likes and unlikes idempotently, answering the real count, and the details page shows it', async () => {
    const idea = await item();
    const [ada, bo] = [await signedInUser(t), await signedInUser(t)];
    expect(likeStateSchema.parse(await (await like(idea.id, ada)).json())).toEqual({ liked: true, likeCount: 1 });
    expect(await (await like(idea.id, ada)).json()).toEqual({ liked: true, likeCount: 1 });
    expect(await (await like(idea.id, bo)).json()).toEqual({ liked: true, likeCount: 2 });
    const detail = ideaDetailSchema.parse(await (await t.fetch(`/api/ideas/${idea.id}`, { headers: ada.headers })).json());
    expect(detail.likeCount).toBe(2);
    expect(detail.viewer).toMatchObject({ liked: true });
    expect(await (await like(idea.id, ada, 'DELETE')).json()).toEqual({ liked: false, likeCount: 1 });
    expect(await (await like(idea.id, ada, 'DELETE')).json()).toEqual({ liked: false, likeCount: 1 });
    const after = ideaDetailSchema.parse(await (await t.fetch(`/api/ideas/${idea.id}`, { headers: ada.headers })).json());
    expect(after.viewer).toMatchObject({ liked: false });
    expect(after.likeCount).toBe(1);
  });

  it('keeps one like and a count of 1 when ten likes race, and 0 when ten unlikes race', async () => {
    const idea = await item();
    const ada = await signedInUser(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => like(idea.id, ada)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await rows(idea.id, ada.id)).toBe(1);
    expect(await counter(idea.id)).toBe(1);
    await Promise.all(Array.from({ length: 10 }, () => like(idea.id, ada, 'DELETE')));
    expect(await rows(idea.id, ada.id)).toBe(0);
    expect(await counter(idea.id)).toBe(0);
  });

  it('counts exactly when many people like at once, with likes and unlikes interleaved', async () => {
    const idea = await item();
    const people = await Promise.all(Array.from({ length: 8 }, () => signedInUser(t)));
    await Promise.all(people.flatMap((p) => [like(idea.id, p), like(idea.id, p)]));
    expect(await counter(idea.id)).toBe(8);
    await Promise.all(people.slice(0, 3).flatMap((p) => [like(idea.id, p, 'DELETE'), like(idea.id, p, 'DELETE')]));
    expect(await counter(idea.id)).toBe(5);
  });

  it('refuses visitors with the spec’s message', async () => {
    const idea = await item();
    const res = await t.fetch(`/api/ideas/${idea.id}/like`, { method: 'PUT', headers: { origin: new URL(t.url).origin } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 'unauthorized', message: 'Must be logged in to like ideas' } });
  });

  it('answers 404 for missing and malformed items', async () => {
    const ada = await signedInUser(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', '42']) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await like(id, ada, method);
        expect(res.status, `${method} ${id}`).toBe(404);
        expect(await res.json()).toEqual({
          error: { code: 'not_found', message: "The idea you're looking for doesn't exist or has been removed." },
        });
      }
    }
  });
});
