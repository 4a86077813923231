/** The Audit Log section: entries newest first, keyset paged, searched by actor, action or target title. */
import { and, desc, ilike, inArray, or, type SQL } from 'drizzle-orm';
import {
  type AdminAuditPage,
  type AdminAuditQuery,
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditEntry,
} from '../../../shared/schemas/admin.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { pruneAuditLog } from '../../lib/audit-log.ts';
import { getPlatformSettings } from '../../lib/platform-settings.ts';
import { afterKeyset, decodeCursor, toPage } from '../../lib/keyset-cursor.ts';
import { containsPattern } from '../../lib/like-pattern.ts';

const DAY_MS = 24 * 3600_000;

/** The audit log's retention (issue 30 point 8): entries older than the admin's `auditRetentionDays` go. Run by the outbox's sweep. */
export async function pruneExpiredAudit(db: Db, at: Date): Promise<number> {
  const { auditRetentionDays } = await getPlatformSettings(db);
  return pruneAuditLog(db, new Date(at.getTime() - auditRetentionDays * DAY_MS));
}

/** Actions whose code or words contain the search text ('role', 'Settings changed'). */
function actionsMatching(q: string): string[] {
  const needle = q.toLowerCase();
  return AUDIT_ACTIONS.filter((a) => a.includes(needle) || AUDIT_ACTION_LABELS[a].toLowerCase().includes(needle));
}

export async function listAudit(db: Db, query: AdminAuditQuery): Promise<AdminAuditPage> {
  const where: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    const actions = actionsMatching(query.q);
    where.push(
      or(ilike(auditLog.actorName, pattern), ilike(auditLog.targetTitle, pattern), ...(actions.length ? [inArray(auditLog.action, actions)] : []))!,
    );
  }
  if (query.cursor) where.push(afterKeyset(auditLog.createdAt, auditLog.id, decodeCursor(query.cursor)));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (r): AuditEntry => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    actor: { id: r.actorId, name: r.actorName },
    action: r.action as AuditEntry['action'],
    target: { type: r.targetType as AuditEntry['target']['type'], id: r.targetId, title: r.targetTitle },
    details: (r.details ?? {}) as Record<string, unknown>,
  }));
}
