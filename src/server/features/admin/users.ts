/**
 * Users and roles (SPEC §2 Users 'User Management'): counters, search, role filter, role changes,
 * and turning two-factor authentication off for someone who lost their authenticator app.
 */
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  type AdminUser,
  type AdminUsersPage,
  type AdminUsersQuery,
  LAST_ADMIN_MESSAGE,
  TWO_FACTOR_RESET_MESSAGES,
  type UserCounts,
} from '../../../shared/schemas/admin.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Role } from '../../../shared/schemas/auth.ts';
import type { Db } from '../../db/client.ts';
import { profiles, twoFactors, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { enqueueMail } from '../../lib/mail-outbox.ts';
import { afterKeyset, decodeCursor, toPage } from '../../lib/keyset-cursor.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { inTransaction } from '../../db/transaction.ts';

export const USER_NOT_FOUND = 'User not found.';

/** One pass over users: every counter of the Users section. */
export async function userCounts(db: Db): Promise<UserCounts> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      admins: sql<number>`count(*) filter (where ${users.role} = 'admin')::int`,
      moderators: sql<number>`count(*) filter (where ${users.role} = 'moderator')::int`,
      users: sql<number>`count(*) filter (where ${users.role} = 'user')::int`,
    })
    .from(users);
  return row ?? { total: 0, admins: 0, moderators: 0, users: 0 };
}

const nonEmpty = (column: SQL | AnyPgColumn) => sql`nullif(btrim(${column}), '')`;

/** A row of the Users table; Contact is the phone, else the contact info, else null. */
const userColumns = {
  id: users.id,
  name: sql<string | null>`coalesce(${nonEmpty(profiles.fullName)}, ${nonEmpty(users.name)})`,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  contact: sql<string | null>`coalesce(${nonEmpty(profiles.phone)}, ${nonEmpty(profiles.contactInfo)})`,
  twoFactorEnabled: users.twoFactorEnabled,
};

/** Newest first, keyset paged; search by name (profile or account) or email, wildcards escaped. */
export async function listUsers(db: Db, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const where: SQL[] = [];
  if (query.role !== 'all') where.push(eq(users.role, query.role));
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.push(or(ilike(profiles.fullName, pattern), ilike(users.name, pattern), ilike(users.email, pattern))!);
  }
  if (query.cursor) where.push(afterKeyset(users.createdAt, users.id, decodeCursor(query.cursor, 'text')));
  const rows = await db
    .select(userColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (r): AdminUser => ({
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role as Role,
    createdAt: r.createdAt.toISOString(),
    contact: r.contact,
    twoFactorEnabled: r.twoFactorEnabled,
  }));
}

/**
 * Sets a person's role. The platform always keeps at least one admin: demoting the last one
 * (which, since only admins get here, is always the caller) is refused with LAST_ADMIN_MESSAGE.
 * The admin rows are locked first, so two admins demoting each other at the same moment cannot
 * both succeed. A real change is written to the audit log in the same transaction.
 */
export async function changeRole(db: Db, actorId: string, userId: string, role: Role): Promise<AdminUser> {
  return inTransaction(db, async (tx) => {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(users.id).for('update');
    const [target] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!target) throw notFound(USER_NOT_FOUND);
    if (target.role === 'admin' && role !== 'admin' && admins.length <= 1) throw conflict(LAST_ADMIN_MESSAGE);
    if (target.role !== role) {
      await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
    }
    const [row] = await tx
      .select(userColumns)
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) throw notFound(USER_NOT_FOUND);
    if (target.role !== role) {
      await recordAudit(tx, {
        actorId,
        action: 'role.change',
        target: { type: 'user', id: userId, title: row.name ?? row.email },
        details: { from: target.role, to: role },
      });
    }
    return { ...row, role: row.role as Role, createdAt: row.createdAt.toISOString() };
  });
}

/**
 * Turns off two-factor authentication for `userId`, who could not sign in (lost phone, no backup
 * codes), once an admin has checked who is asking: sign-in then asks for the password only, and
 * the person turns it on again from their profile. As the two-factor plugin's own 'disable' does,
 * the flag goes off and the secret and backup codes are deleted; in one transaction with the audit
 * entry and the mail telling the person (`mail` makes it).
 *
 * The person's sessions are kept: each was opened with the password and a code, so none is less
 * trustworthy for this; ending them would only sign the owner out on a device where they could read
 * the mail and act on it if it was not them who asked. Refused for one's own account (the profile
 * asks for the password) and when it is already off; nothing changes then.
 */
export async function resetTwoFactor(
  db: Db,
  actorId: string,
  userId: string,
  mail: (person: { email: string; name: string | null }) => MailMessage,
): Promise<AdminUser> {
  if (userId === actorId) throw forbidden(TWO_FACTOR_RESET_MESSAGES.ownAccount);
  return inTransaction(db, async (tx) => {
    const [target] = await tx.select({ twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!target) throw notFound(USER_NOT_FOUND);
    if (!target.twoFactorEnabled) throw conflict(TWO_FACTOR_RESET_MESSAGES.alreadyOff);
    await tx.update(users).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(users.id, userId));
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    const [row] = await tx.select(userColumns).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.id, userId)).limit(1);
    if (!row) throw notFound(USER_NOT_FOUND);
    await recordAudit(tx, {
      actorId,
      action: 'user.two_factor.reset',
      target: { type: 'user', id: userId, title: row.name ?? row.email },
      details: { sessions: 'kept' },
    });
    await enqueueMail(tx, { ...mail({ email: row.email, name: row.name }), kind: 'account', userId });
    return { ...row, role: row.role as Role, createdAt: row.createdAt.toISOString() };
  });
}
