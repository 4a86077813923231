/**
 * Deleting one's account (DELETE /api/me): everything of the person goes in one transaction
 * (their files' objects in a bucket go once it has committed: lib/file-store.ts).
 * Explicit here: counters on other people's items, their items with their stored images, their
 * uploads, their coupons, what is kept by their address rather than their account (the newsletter
 * subscription, mails to them in the outbox), then the users row, whose foreign keys remove the
 * rest (profile, likes, ratings, saved items, contact requests, sessions, sign-in accounts, share
 * ledger, notifications, reports they filed) and leave their messages on other people's items with
 * no author ('Deleted user'). Payments stay, without payer. Private conversations stay for the
 * other person, read-only (docs/decisions/0023).
 */
import { and, arrayOverlaps, eq, inArray, or, sql } from 'drizzle-orm';
import { LAST_ADMIN_DELETE_MESSAGE } from '../../../shared/schemas/leaving.ts';
import type { Db } from '../../db/client.ts';
import {
  conversationMembers,
  conversations,
  coupons,
  ideas,
  likes,
  mailOutbox,
  newsletterSubscriptions,
  profiles,
  ratings,
  storedFiles,
  users,
} from '../../db/schema.ts';
import { displayName } from '../../lib/display-name.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { conflict, unauthorized } from '../../lib/errors.ts';
import { deleteFiles } from '../../lib/file-store.ts';
import { IDEA_IMAGES_BUCKET, publicUrlFor, storedNamesFor } from '../../lib/storage.ts';
import { inTransaction } from '../../db/transaction.ts';
import { addressesOf } from './addresses.ts';

const CHUNK = 1000;

function chunks<T>(all: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < all.length; i += CHUNK) out.push(all.slice(i, i + CHUNK));
  return out;
}

/**
 * Deletes `userId`'s account. `by` is whoever asked: the person (the default) or an admin; the
 * audit log gets one 'user.delete' entry in the same transaction, written while both names can
 * still be read (the person's id is then all that links it to them).
 */
export async function deleteAccount(db: Db, userId: string, opts: { by?: string } = {}): Promise<void> {
  const by = opts.by ?? userId;
  await inTransaction(db, async (tx) => {
    // Admin rows first, in id order, as role changes lock them (admin/users.ts): two admins
    // leaving, or one leaving while another is demoted, cannot leave the platform without one.
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(users.id).for('update');
    const [me] = await tx
      .select({ role: users.role, name: displayName(profiles.fullName, users.name) })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId))
      .for('update', { of: users });
    if (!me) throw unauthorized();
    if (me.role === 'admin' && admins.length <= 1) throw conflict(LAST_ADMIN_DELETE_MESSAGE);
    // The name, never the address: the entry says who went and when, for as long as the log keeps it.
    await recordAudit(tx, {
      actorId: by,
      action: 'user.delete',
      target: { type: 'user', id: userId, title: me.name },
      details: { by: by === userId ? 'self' : 'admin' },
    });

    // Their likes and ratings leave other people's items: the counters follow.
    await tx.execute(sql`
      update ${ideas} set like_count = like_count - 1
      from ${likes} where ${likes.ideaId} = ${ideas.id} and ${likes.userId} = ${userId} and ${ideas.userId} <> ${userId}`);
    await tx.execute(sql`
      update ${ideas} set rating_count = rating_count - 1, rating_total = rating_total - ${ratings.value}
      from ${ratings} where ${ratings.ideaId} = ${ideas.id} and ${ratings.userId} = ${userId} and ${ideas.userId} <> ${userId}`);

    // Their items (likes, ratings, bookmarks and discussions of them cascade) and the images they show.
    const gone = await tx.delete(ideas).where(eq(ideas.userId, userId)).returning({ imageUrl: ideas.imageUrl, galleryUrls: ideas.galleryUrls });
    const itemImages = gone.flatMap((g) => [g.imageUrl, ...g.galleryUrls].flatMap((url) => storedNamesFor(url)));
    for (const names of chunks(itemImages)) await deleteFiles(tx, IDEA_IMAGES_BUCKET, names);
    // Their other uploads, except one another person's item shows (an admin's upload on someone's item).
    const uploads = await tx
      .select({ name: storedFiles.name })
      .from(storedFiles)
      .where(and(eq(storedFiles.bucket, IDEA_IMAGES_BUCKET), eq(storedFiles.ownerId, userId)));
    const kept = new Set<string>();
    for (const names of chunks(uploads.map((u) => u.name))) {
      const urls = names.map((n) => publicUrlFor(IDEA_IMAGES_BUCKET, n));
      const shown = await tx
        .select({ imageUrl: ideas.imageUrl, galleryUrls: ideas.galleryUrls })
        .from(ideas)
        .where(or(inArray(ideas.imageUrl, urls), arrayOverlaps(ideas.galleryUrls, urls)));
      const urlSet = new Set(urls);
      for (const s of shown) for (const url of [s.imageUrl, ...s.galleryUrls]) if (url && urlSet.has(url)) for (const n of storedNamesFor(url)) kept.add(n);
    }
    for (const names of chunks(uploads.map((u) => u.name).filter((n) => !kept.has(n)))) await deleteFiles(tx, IDEA_IMAGES_BUCKET, names);

    // Coupons given to them are theirs (the foreign key alone would only unassign them).
    await tx.delete(coupons).where(eq(coupons.assignedTo, userId));
    // Kept by address, not by account: their newsletter subscription, and every mail to them in
    // the outbox, waiting or sent (account mails carry no account id). Mails to other people that
    // name them stay: those are the other person's.
    const addresses = await addressesOf(tx, userId);
    if (addresses.length) {
      await tx.delete(newsletterSubscriptions).where(inArray(newsletterSubscriptions.email, addresses));
    }
    await tx
      .delete(mailOutbox)
      .where(or(eq(mailOutbox.userId, userId), addresses.length ? inArray(sql`lower(${mailOutbox.toAddress})`, addresses) : undefined));
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
