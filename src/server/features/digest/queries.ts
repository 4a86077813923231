/** SQL of the weekly digest (issue 28 point 2): who is due, claiming a person's week, and what their mail shows. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../db/transaction.ts';

/** A digest is due again this long after the last one (a week, less a day so the same weekday always qualifies). */
const AGAIN_AFTER = sql.raw(`interval '6 days'`);

/** People due a digest today (their day, on, not banned, none in the last six days), by id after `afterId`. */
export async function dueDigestPeople(db: Db, at: Date, afterId: string | null, limit: number): Promise<string[]> {
  const result = (await db.execute(sql`
    select np.user_id as "userId"
    from notification_preferences np join users u on u.id = np.user_id
    where np.digest_enabled and np.digest_day = ${at.getUTCDay()} and u.banned is not true
      and (np.digest_sent_at is null or np.digest_sent_at <= ${at.toISOString()}::timestamptz - ${AGAIN_AFTER})
      ${afterId === null ? sql`` : sql`and np.user_id > ${afterId}`}
    order by np.user_id
    limit ${limit}`)) as unknown as { rows: { userId: string }[] };
  return result.rows.map((r) => r.userId);
}

/**
 * Claims this week's digest of one person in the caller's transaction: true for the one
 * transaction that moves digest_sent_at (a second instance waits on the row lock, then finds it
 * moved and gets false), so each digest is written once however many instances run the job.
 */
export async function claimDigest(tx: Tx, userId: string, at: Date): Promise<boolean> {
  const result = (await tx.execute(sql`
    update notification_preferences set digest_sent_at = ${at.toISOString()}::timestamptz
    where user_id = ${userId} and digest_enabled and digest_day = ${at.getUTCDay()}
      and (digest_sent_at is null or digest_sent_at <= ${at.toISOString()}::timestamptz - ${AGAIN_AFTER})
    returning user_id`)) as unknown as { rows: unknown[] };
  return result.rows.length === 1;
}

export interface DigestItemRow {
  id: string;
  userId: string;
  title: string;
  description: string;
  price: string | number;
  currency: string;
  imageUrl: string | null;
  makerName: string | null;
}

const ITEM_COLUMNS = sql`i.id, i.user_id as "userId", i.title, i.description, i.price, i.currency, i.image_url as "imageUrl", p.full_name as "makerName"`;

/** The week's new items of the makers and topics `userId` follows (never their own), newest first. */
export async function followedNewItems(tx: Tx, userId: string, since: Date, until: Date, limit: number): Promise<DigestItemRow[]> {
  const result = (await tx.execute(sql`
    select ${ITEM_COLUMNS}
    from ideas i left join profiles p on p.user_id = i.user_id
    where i.created_at > ${since.toISOString()}::timestamptz and i.created_at <= ${until.toISOString()}::timestamptz
      and i.user_id <> ${userId}
      and (exists (select 1 from maker_follows f where f.follower_id = ${userId} and f.maker_id = i.user_id)
        or exists (select 1 from idea_topics t join topic_follows tf on tf.topic_id = t.topic_id and tf.follower_id = ${userId} where t.idea_id = i.id))
    order by i.created_at desc, i.id desc
    limit ${limit}`)) as unknown as { rows: DigestItemRow[] };
  return result.rows;
}

/** The week's most liked items (idea_ranks), leaving out `except`. */
export async function topItemsOfWeek(tx: Tx, since: Date, until: Date, except: readonly string[], limit: number): Promise<DigestItemRow[]> {
  const result = (await tx.execute(sql`
    select ${ITEM_COLUMNS}
    from idea_ranks r join ideas i on i.id = r.idea_id left join profiles p on p.user_id = i.user_id
    where r.created_at > ${since.toISOString()}::timestamptz and r.created_at <= ${until.toISOString()}::timestamptz
      ${except.length ? sql`and not (r.idea_id = any(${`{${except.join(',')}}`}::uuid[]))` : sql``}
    order by r.like_count desc, r.created_at desc, r.idea_id desc
    limit ${limit}`)) as unknown as { rows: DigestItemRow[] };
  return result.rows;
}

export async function recipientOf(tx: Tx, userId: string): Promise<{ email: string; role: string; name: string | null } | null> {
  const result = (await tx.execute(sql`
    select u.email, u.role, p.full_name as name from users u left join profiles p on p.user_id = u.id where u.id = ${userId}`)) as unknown as {
    rows: { email: string; role: string; name: string | null }[];
  };
  return result.rows[0] ?? null;
}
