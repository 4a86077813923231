/**
 * Audit Log (issue 14 point 16): who changed a role, removed content or a message, changed
 * settings…, newest first, searched by person, action or title. Read only, like the log itself.
 */
import { REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '@shared/rules/report';
import { AUDIT_ACTION_LABELS, type AuditEntry } from '@shared/schemas/admin';
import { formatDate } from '@shared/rules/date-format';
import { timeAgo } from '@shared/rules/time-ago';
import { Badge } from '../../../components/ui/badge';
import { useAudit } from '../api/admin-api';
import { AdminList, SearchBox } from '../components/list-parts';
import { PageHeader } from '../components/page-header';
import { useSearchParam } from '../lib/use-url-filters';

const EMPTY = 'No audit entries found.';

const TARGET_WORDS: Record<AuditEntry['target']['type'], string> = {
  user: 'User',
  idea: 'Item',
  message: 'Message on',
  private_message: 'Private message on',
  settings: 'Settings',
  // The title says it: '5 new coupons'.
  coupon: '',
  payment: 'Payment',
  topic: 'Topic',
};

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** A line of what changed: 'user → moderator', 'platformName: A → B', … */
function detailsText(entry: AuditEntry): string | null {
  const d = entry.details;
  if (entry.action === 'role.change' && typeof d.from === 'string' && typeof d.to === 'string') return `${d.from} → ${d.to}`;
  if (entry.action === 'settings.change' && d.changes && typeof d.changes === 'object') {
    return Object.entries(d.changes as Record<string, { from?: unknown; to?: unknown }>)
      .map(([key, c]) => `${key}: ${show(c.from)} → ${show(c.to)}`)
      .join('; ');
  }
  if (entry.action === 'user.two_factor.reset') return d.sessions === 'kept' ? 'Password alone signs in; sessions kept' : 'Password alone signs in';
  if (entry.action === 'content.remove' && typeof d.category === 'string') return d.category === 'product' ? 'Product' : 'Idea';
  if (entry.action === 'user.delete') return d.by === 'admin' ? 'Deleted by an admin' : 'Deleted by its owner';
  if ((entry.action === 'report.dismiss' || entry.action === 'report.remove') && typeof d.reports === 'number') {
    const reasons = Object.keys((d.reasons ?? {}) as Record<string, unknown>)
      .filter((r): r is ReportReason => (REPORT_REASONS as readonly string[]).includes(r))
      .map((r) => REPORT_REASON_LABELS[r]);
    return `${d.reports} ${d.reports === 1 ? 'report' : 'reports'}${reasons.length ? `: ${reasons.join(', ')}` : ''}`;
  }
  return null;
}

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDate(at)}>
      {timeAgo(at)}
    </time>
  );
}

function Target({ entry }: { entry: AuditEntry }) {
  const details = detailsText(entry);
  return (
    <div className="min-w-0">
      <p className="max-w-72 truncate">
        {TARGET_WORDS[entry.target.type] && <span className="text-muted-foreground">{TARGET_WORDS[entry.target.type]} </span>}
        <span className="font-medium">{entry.target.title ?? entry.target.id ?? 'Unknown'}</span>
      </p>
      {details && <p className="text-muted-foreground max-w-72 truncate text-xs">{details}</p>}
    </div>
  );
}

export default function AuditPage() {
  const search = useSearchParam('q');
  const list = useAudit(search.value);
  const actor = (e: AuditEntry) => e.actor.name ?? 'Deleted account';

  return (
    <>
      <PageHeader
        title="Audit Log"
        description="Role changes, removals, settings changes, deleted accounts and other staff actions, newest first. Entries older than the retention set in Settings are deleted."
      />
      <AdminList
        query={list}
        keyOf={(e) => e.id}
        empty={EMPTY}
        toolbar={<SearchBox value={search.text} onChange={search.setText} placeholder="Search by person, action or title..." label="Search the audit log" />}
        row={(e) => (
          <div className="space-y-1">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant="secondary">{AUDIT_ACTION_LABELS[e.action]}</Badge>
              <span className="font-medium">{actor(e)}</span>
              <span className="text-muted-foreground text-xs">
                <When at={e.at} />
              </span>
            </div>
            <Target entry={e} />
          </div>
        )}
        columns={[
          { header: 'Time', headClassName: 'pl-4', cellClassName: 'text-muted-foreground pl-4', cell: (e) => <When at={e.at} /> },
          { header: 'Actor', cellClassName: (e) => (e.actor.name ? 'max-w-44 truncate font-medium' : 'text-muted-foreground italic'), cell: actor },
          { header: 'Action', cell: (e) => <Badge variant="secondary">{AUDIT_ACTION_LABELS[e.action]}</Badge> },
          { header: 'Target', headClassName: 'pr-4', cellClassName: 'pr-4', cell: (e) => <Target entry={e} /> },
        ]}
      />
    </>
  );
}
