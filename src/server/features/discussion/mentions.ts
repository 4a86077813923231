/**
 * Mentions (issue 17 point 4, decision 0022): a message's text says '@Name' and the message's
 * mentions rows say who that is. The author's box sends the ids it chose; the server keeps those
 * whose '@' + profile name is in the text. Only people who may read the discussion are told.
 * Suggestions give names and ids only (profile names, as maker pages show them), never emails.
 */
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { MAX_MENTIONS, type Mention, MENTION_SUGGESTIONS_MAX, TOO_MANY_MENTIONS } from '../../../shared/schemas/discussion.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/auth-schema.ts';
import { ideaDiscussionMessages as messages, ideaDiscussions as discussions, profiles } from '../../db/schema.ts';
import { readersOf } from '../../lib/content-access.ts';
import { validationFailed } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/like-pattern.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A profile name one can be mentioned by (trimmed, non-empty). */
const mentionName = sql<string>`btrim(${profiles.fullName})`;
const hasName = sql`nullif(btrim(${profiles.fullName}), '') is not null`;
const notBanned = sql`coalesce(${users.banned}, false) = false`;

/**
 * The people of `ids` the text mentions: those with a profile name whose '@Name' is in `content`,
 * in the order given, once each. 422 over MAX_MENTIONS.
 */
export async function resolveMentions(db: Db | Tx, content: string, ids: readonly string[] | undefined): Promise<Mention[]> {
  const wanted = [...new Set(ids ?? [])];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: profiles.userId, name: mentionName })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(inArray(profiles.userId, wanted), hasName));
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const found = wanted.flatMap((id) => {
    const name = names.get(id);
    return name && content.includes(`@${name}`) ? [{ id, name }] : [];
  });
  if (found.length > MAX_MENTIONS) throw validationFailed(TOO_MANY_MENTIONS, { mentions: [TOO_MANY_MENTIONS] });
  return found;
}

/** Who among `ids` may read the discussion of the item `ideaId` owned by `ownerId` now (lib/content-access.ts); never banned accounts. */
export async function readersAmong(db: Db | Tx, item: { id: string; ownerId: string }, ids: readonly string[], threshold: number): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), notBanned, readersOf(item, threshold)));
  return new Set(rows.map((r) => r.id));
}

/**
 * People to suggest after '@' + `q` in the discussion of an item owned by `ownerId` (the viewer
 * is not suggested): the owner and the discussion's participants first (most recent first), then
 * others whose name has a word starting with `q`. At most MENTION_SUGGESTIONS_MAX.
 */
export async function suggestPeople(db: Db, input: { ideaId: string; ownerId: string; viewerId: string; q: string }): Promise<Mention[]> {
  const q = input.q.trim().replace(/\s+/g, ' ');
  const matches = q === '' ? sql`true` : sql`(${mentionName} ilike ${`${escapeLike(q)}%`} or ${mentionName} ilike ${`% ${escapeLike(q)}%`})`;
  const base = and(hasName, notBanned, ne(profiles.userId, input.viewerId), matches);
  // Participants: the owner (rank 0), then authors of the discussion's messages by their latest message.
  const near = await db.execute(sql`
    select ${profiles.userId} as id, ${mentionName} as name
    from (
      select ${input.ownerId}::text as user_id, 0 as rank, null::bigint as last_id
      union all
      select m.user_id, 1, max(m.id) from ${messages} m join ${discussions} d on d.id = m.discussion_id
      where d.idea_id = ${input.ideaId} and m.user_id is not null group by m.user_id
    ) r
    join ${profiles} on ${profiles.userId} = r.user_id
    join ${users} on ${users.id} = r.user_id
    where ${base}
    group by ${profiles.userId}, ${profiles.fullName}
    order by min(r.rank), max(r.last_id) desc nulls last, ${mentionName}
    limit ${MENTION_SUGGESTIONS_MAX}`);
  const first = (near as unknown as { rows: { id: string; name: string }[] }).rows.map((r) => ({ id: r.id, name: r.name }));
  if (first.length >= MENTION_SUGGESTIONS_MAX || q === '') return first;
  const seen = first.map((p) => p.id);
  const others = await db
    .select({ id: profiles.userId, name: mentionName })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(base, isNotNull(profiles.fullName), seen.length ? sql`${profiles.userId} not in ${seen}` : undefined))
    .orderBy(asc(mentionName), asc(profiles.userId))
    .limit(MENTION_SUGGESTIONS_MAX - first.length);
  return [...first, ...others];
}
