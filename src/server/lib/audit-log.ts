/**
 * Writes the audit log (issue 14 point 16). Callers pass their transaction, so an entry exists
 * exactly when the action it records was committed. The app's code only inserts into audit_log.
 */
import { eq, sql } from 'drizzle-orm';
import type { AuditAction, AuditTargetType } from '../../shared/schemas/admin.ts';
import type { Db } from '../db/client.ts';
import { auditLog, profiles, users } from '../db/schema.ts';

export interface AuditEntryInput {
  actorId: string;
  action: AuditAction;
  target: { type: AuditTargetType; id: string | null; title?: string | null };
  /** Small: codes, ids and changed values, never secrets. */
  details?: Record<string, unknown>;
}

/** The actor's display name as it is now (profile name, else account name), copied into the entry. */
const actorNameOf = (actorId: string) =>
  sql<string | null>`(select coalesce(nullif(btrim(${profiles.fullName}), ''), nullif(btrim(${users.name}), ''), ${users.email})
    from ${users} left join ${profiles} on ${eq(profiles.userId, users.id)} where ${users.id} = ${actorId})`;

export async function recordAudit(tx: Db, entry: AuditEntryInput): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    actorName: actorNameOf(entry.actorId),
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    targetTitle: entry.target.title ?? null,
    details: entry.details ?? {},
  });
}
