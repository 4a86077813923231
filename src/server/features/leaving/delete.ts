/**
 * Deleting one's account (DELETE /api/me): everything of the person goes in one transaction.
 * Explicit here: counters on other people's items, their items with their stored images, their
 * uploads, their coupons, then the users row, whose foreign keys remove the rest (profile, likes,
 * ratings, saved items, contact requests, sessions, sign-in accounts, share ledger) and leave their
 * messages on other people's items with no author ('Deleted user'). Payments stay, without payer.
 * Private conversations stay for the other person, read-only (docs/decisions/0023).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { LAST_ADMIN_DELETE_MESSAGE } from '../../../shared/schemas/leaving.ts';
import type { Db } from '../../db/client.ts';
import { conversationMembers, conversations, coupons, ideas, likes, ratings, storedFiles, users } from '../../db/schema.ts';
import { conflict, unauthorized } from '../../lib/errors.ts';
import { IDEA_IMAGES_BUCKET, publicUrlFor, storedNamesFor } from '../../lib/storage.ts';

const CHUNK = 1000;

function chunks<T>(all: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < all.length; i += CHUNK) out.push(all.slice(i, i + CHUNK));
  return out;
}

export async function deleteAccount(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Admin rows first, in id order, as role changes lock them (admin/users.ts): two admins
    // leaving, or one leaving while another is demoted, cannot leave the platform without one.
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(users.id).for('update');
    const [me] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for('update');
    if (!me) throw unauthorized();
    if (me.role === 'admin' && admins.length <= 1) throw conflict(LAST_ADMIN_DELETE_MESSAGE);

    // Their likes and ratings leave other people's items: the counters follow.
    await tx.execute(sql`
      update ${ideas} set like_count = like_count - 1
      from ${likes} where ${likes.ideaId} = ${ideas.id} and ${likes.userId} = ${userId} and ${ideas.userId} <> ${userId}`);
    await tx.execute(sql`
      update ${ideas} set rating_count = rating_count - 1, rating_total = rating_total - ${ratings.value}
      from ${ratings} where ${ratings.ideaId} = ${ideas.id} and ${ratings.userId} = ${userId} and ${ideas.userId} <> ${userId}`);

    // Their items (likes, ratings, bookmarks and discussions of them cascade) and the images they show.
    const gone = await tx.delete(ideas).where(eq(ideas.userId, userId)).returning({ imageUrl: ideas.imageUrl });
    const itemImages = gone.flatMap((g) => storedNamesFor(g.imageUrl));
    for (const names of chunks(itemImages)) {
      await tx.delete(storedFiles).where(and(eq(storedFiles.bucket, IDEA_IMAGES_BUCKET), inArray(storedFiles.name, names)));
    }
    // Their other uploads, except one another person's item shows (an admin's upload on someone's item).
    const uploads = await tx
      .select({ name: storedFiles.name })
      .from(storedFiles)
      .where(and(eq(storedFiles.bucket, IDEA_IMAGES_BUCKET), eq(storedFiles.ownerId, userId)));
    const kept = new Set<string>();
    for (const names of chunks(uploads.map((u) => u.name))) {
      const urls = names.map((n) => publicUrlFor(IDEA_IMAGES_BUCKET, n));
      const shown = await tx.select({ imageUrl: ideas.imageUrl }).from(ideas).where(inArray(ideas.imageUrl, urls));
      for (const s of shown) for (const n of storedNamesFor(s.imageUrl)) kept.add(n);
    }
    for (const names of chunks(uploads.map((u) => u.name).filter((n) => !kept.has(n)))) {
      await tx.delete(storedFiles).where(and(eq(storedFiles.bucket, IDEA_IMAGES_BUCKET), inArray(storedFiles.name, names)));
    }

    // Coupons given to them are theirs (the foreign key alone would only unassign them).
    await tx.delete(coupons).where(eq(coupons.assignedTo, userId));
    // Their private conversations stay for the other person (read-only, their messages from
    // 'Deleted user'); one whose other person is gone too has nobody left to read it and goes.
    const theirs = await tx.select({ id: conversationMembers.conversationId }).from(conversationMembers).where(eq(conversationMembers.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    for (const ids of chunks(theirs.map((c) => c.id))) {
      await tx.execute(sql`
        delete from ${conversations} c where c.id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
          and not exists (select 1 from ${conversationMembers} m where m.conversation_id = c.id)`);
    }
  });
}
