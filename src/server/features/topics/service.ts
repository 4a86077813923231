/**
 * Topics (issue 27 point 3): the list admins keep (add, rename, merge, remove; each audited in
 * its own transaction) and the links between items and topics (at most three per item, checked
 * here and held by the table's position column).
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  slugifyTopic,
  type Topic,
  TOPIC_MESSAGES,
  topicCreateSchema,
  type TopicMerged,
  topicUpdateSchema,
  TOPICS_PER_ITEM_MAX,
} from '../../../shared/schemas/topics.ts';
import type { Db } from '../../db/client.ts';
import { ideaTopics, topicFollows, topics } from '../../db/schema.ts';
import { inTransaction, sqlState } from '../../db/transaction.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';

const UNIQUE_VIOLATION = '23505';

const topicColumns = {
  id: topics.id,
  name: topics.name,
  slug: topics.slug,
  description: topics.description,
  itemCount: sql<number>`(select count(*)::int from ${ideaTopics} where ${ideaTopics.topicId} = ${topics.id})`,
};

/** Every topic, by name, with how many items carry it. */
export async function listTopics(db: Db): Promise<Topic[]> {
  return db.select(topicColumns).from(topics).orderBy(asc(sql`lower(${topics.name})`));
}

/** The topic at /topics/{slug}; 404 'Topic not found.' otherwise. */
export async function getTopic(db: Db, slug: string): Promise<Topic> {
  const [row] = await db.select(topicColumns).from(topics).where(eq(topics.slug, slug.toLowerCase())).limit(1);
  if (!row) throw notFound(TOPIC_MESSAGES.notFound);
  return row;
}

/** The id of the topic a list is narrowed to; 404 'Topic not found.' for a slug that is no topic. */
export async function topicIdOf(db: Db, slug: string): Promise<string> {
  const [row] = await db.select({ id: topics.id }).from(topics).where(eq(topics.slug, slug.toLowerCase())).limit(1);
  if (!row) throw notFound(TOPIC_MESSAGES.notFound);
  return row.id;
}

/** Whether a topic with this id exists (following one). */
export async function topicIdExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: topics.id }).from(topics).where(eq(topics.id, id)).limit(1);
  return row !== undefined;
}

const topicsField = (message: string) => new AppError(422, 'validation_failed', message, { topics: [message] });

/**
 * The ids of the topics an author chose (slugs, duplicates dropped, in their order): 422 under
 * `topics` for more than three or a slug that is not on the list.
 */
export async function resolveItemTopics(db: Db, slugs: readonly string[]): Promise<string[]> {
  const chosen = [...new Set(slugs.map((s) => s.trim().toLowerCase()).filter(Boolean))];
  if (chosen.length > TOPICS_PER_ITEM_MAX) throw topicsField(TOPIC_MESSAGES.tooMany);
  if (chosen.length === 0) return [];
  const rows = await db.select({ id: topics.id, slug: topics.slug }).from(topics).where(inArray(topics.slug, chosen));
  const bySlug = new Map(rows.map((r) => [r.slug, r.id]));
  if (chosen.some((s) => !bySlug.has(s))) throw topicsField(TOPIC_MESSAGES.unknown);
  return chosen.map((s) => bySlug.get(s)!);
}

/** Replaces an item's topics with `topicIds` (already resolved), in the caller's transaction. */
export async function setItemTopics(tx: Db, ideaId: string, topicIds: readonly string[]): Promise<void> {
  await tx.delete(ideaTopics).where(eq(ideaTopics.ideaId, ideaId));
  if (topicIds.length) await tx.insert(ideaTopics).values(topicIds.map((topicId, position) => ({ ideaId, topicId, position })));
}

/** Parses an admin's body with the topic schemas: 400 with one message per field. */
function parseOr400<T>(result: { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }): T {
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) (fields[String(issue.path[0] ?? '_')] ??= []).push(issue.message);
  throw new AppError(400, 'bad_request', result.error.issues[0]?.message ?? 'The topic is not valid.', fields);
}

/** Name and slug are each one topic's: a clash is 409 with the field's message. */
async function checkUnique(tx: Db, values: { name?: string; slug?: string }, exceptId: string | null): Promise<void> {
  const others = exceptId ? ne(topics.id, exceptId) : undefined;
  if (values.name !== undefined) {
    const [clash] = await tx.select({ id: topics.id }).from(topics).where(and(sql`lower(${topics.name}) = lower(${values.name})`, others)).limit(1);
    if (clash) throw new AppError(409, 'conflict', TOPIC_MESSAGES.nameTaken, { name: [TOPIC_MESSAGES.nameTaken] });
  }
  if (values.slug !== undefined) {
    const [clash] = await tx.select({ id: topics.id }).from(topics).where(and(eq(topics.slug, values.slug), others)).limit(1);
    if (clash) throw new AppError(409, 'conflict', TOPIC_MESSAGES.slugTaken, { slug: [TOPIC_MESSAGES.slugTaken] });
  }
}

/** Two admins adding the same name at once: the unique indexes decide, and the loser hears 409. */
async function uniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw conflict(TOPIC_MESSAGES.nameTaken);
    throw error;
  }
}

async function readTopic(tx: Db, id: string): Promise<Topic> {
  const [row] = await tx.select(topicColumns).from(topics).where(eq(topics.id, id)).limit(1);
  if (!row) throw notFound(TOPIC_MESSAGES.notFound);
  return row;
}

async function lockTopic(tx: Db, id: string) {
  if (!isUuid(id)) throw notFound(TOPIC_MESSAGES.notFound);
  const [row] = await tx.select().from(topics).where(eq(topics.id, id)).for('update').limit(1);
  if (!row) throw notFound(TOPIC_MESSAGES.notFound);
  return row;
}

export async function addTopic(db: Db, actorId: string, body: unknown, now: Date = new Date()): Promise<Topic> {
  const input = parseOr400(topicCreateSchema.safeParse(body));
  const slug = input.slug || slugifyTopic(input.name);
  if (!slug) throw new AppError(400, 'bad_request', TOPIC_MESSAGES.slugInvalid, { slug: [TOPIC_MESSAGES.slugInvalid] });
  return uniquely(() =>
    inTransaction(db, async (tx) => {
      await checkUnique(tx, { name: input.name, slug }, null);
      const [row] = await tx
        .insert(topics)
        .values({ name: input.name, slug, description: input.description ?? '', createdAt: now, updatedAt: now })
        .returning({ id: topics.id });
      await recordAudit(tx, { actorId, action: 'topic.add', target: { type: 'topic', id: row!.id, title: input.name }, details: { slug } });
      return readTopic(tx, row!.id);
    }),
  );
}

/** Rename: any of name, slug, description; the audit entry keeps what changed from what. */
export async function renameTopic(db: Db, actorId: string, id: string, body: unknown, now: Date = new Date()): Promise<Topic> {
  const input = parseOr400(topicUpdateSchema.safeParse(body));
  return uniquely(() =>
    inTransaction(db, async (tx) => {
      const stored = await lockTopic(tx, id);
      await checkUnique(tx, { name: input.name, slug: input.slug }, id);
      const change: Partial<typeof topics.$inferInsert> = {};
      const details: Record<string, unknown> = {};
      for (const key of ['name', 'slug', 'description'] as const) {
        const next = input[key];
        if (next !== undefined && next !== stored[key]) {
          change[key] = next;
          details[key] = { from: stored[key], to: next };
        }
      }
      if (Object.keys(change).length) {
        await tx.update(topics).set({ ...change, updatedAt: now }).where(eq(topics.id, id));
        await recordAudit(tx, { actorId, action: 'topic.rename', target: { type: 'topic', id, title: change.name ?? stored.name }, details });
      }
      return readTopic(tx, id);
    }),
  );
}

/**
 * Merge: every item carrying `id` carries `into` instead (in the same place among its topics; an
 * item that had both keeps one), and `id` goes.
 */
export async function mergeTopic(db: Db, actorId: string, id: string, into: string): Promise<TopicMerged> {
  if (id === into) throw new AppError(400, 'bad_request', TOPIC_MESSAGES.mergeSelf, { into: [TOPIC_MESSAGES.mergeSelf] });
  return inTransaction(db, async (tx) => {
    // Locked in id order, so two merges of the same pair in opposite directions cannot deadlock.
    const [first, second] = [id, into].sort();
    const a = await lockTopic(tx, first!);
    const b = await lockTopic(tx, second!);
    const [source, target] = a.id === id ? [a, b] : [b, a];
    const moved = (await tx.execute(sql`
      update ${ideaTopics} set topic_id = ${target.id}::uuid
      where ${ideaTopics.topicId} = ${source.id}::uuid
        and not exists (select 1 from ${ideaTopics} other where other.idea_id = ${ideaTopics.ideaId} and other.topic_id = ${target.id}::uuid)
      returning 1`)) as unknown as { rows: unknown[] };
    // Its followers follow the topic it became (those who followed both keep one row).
    await tx.execute(sql`
      insert into ${topicFollows} (follower_id, topic_id, created_at)
      select follower_id, ${target.id}::uuid, created_at from ${topicFollows} where topic_id = ${source.id}::uuid
      on conflict (follower_id, topic_id) do nothing`);
    await tx.delete(topics).where(eq(topics.id, source.id));
    await recordAudit(tx, {
      actorId,
      action: 'topic.merge',
      target: { type: 'topic', id: target.id, title: target.name },
      details: { from: { id: source.id, name: source.name, slug: source.slug }, moved: moved.rows.length },
    });
    return { topic: await readTopic(tx, target.id), moved: moved.rows.length };
  });
}

/** Remove: the topic and its links go; the items stay. */
export async function removeTopic(db: Db, actorId: string, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const stored = await lockTopic(tx, id);
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(ideaTopics).where(eq(ideaTopics.topicId, id));
    await tx.delete(topics).where(eq(topics.id, id));
    await recordAudit(tx, { actorId, action: 'topic.remove', target: { type: 'topic', id, title: stored.name }, details: { slug: stored.slug, items: count?.n ?? 0 } });
  });
}

