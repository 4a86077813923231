/**
 * Writes the audit log (issue 14 point 16). Callers pass their transaction, so an entry exists
 * exactly when the action it records was committed. The app's code only inserts into audit_log,
 * except the retention below: entries older than the admin's `auditRetentionDays` are deleted by
 * the outbox's periodic sweep (lib/mail-outbox.ts), never by a route.
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

/** Rows deleted per statement, and statements per sweep: a backlog goes over a few sweeps, in short statements. */
const PRUNE_BATCH = 1000;
const PRUNE_BATCHES_PER_SWEEP = 20;

/** Deletes entries made before `before` (oldest first, in batches); returns how many went. */
export async function pruneAuditLog(db: Db, before: Date): Promise<number> {
  let pruned = 0;
  for (let i = 0; i < PRUNE_BATCHES_PER_SWEEP; i++) {
    const result = (await db.execute(sql`
      delete from ${auditLog} where id in (
        select id from ${auditLog} where created_at < ${before.toISOString()}::timestamptz
        order by created_at limit ${PRUNE_BATCH})
      returning 1`)) as unknown as { rows: unknown[] };
    pruned += result.rows.length;
    if (result.rows.length < PRUNE_BATCH) break;
  }
  return pruned;
}
