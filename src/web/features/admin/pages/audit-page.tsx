/**
 * Audit Log (issue 14 point 16): who changed a role, removed content or a message, changed
 * settings…, newest first, searched by person, action or title. Read only, like the log itself.
 */
import { REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '@shared/rules/report';
import { AUDIT_ACTION_LABELS, type AuditEntry } from '@shared/schemas/admin';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { useAudit } from '../api/admin-api';
import { EmptyRow, ErrorRow, LoadMore, MobileList, SearchBox, SkeletonRows, WideOnly } from '../components/list-parts';
import { PageHeader } from '../components/page-header';
import { relativeDate, shortDate } from '../lib/format';
import { useSearchParam } from '../lib/use-url-filters';

const COLUMNS = 4;
const EMPTY = 'No audit entries found.';

const TARGET_WORDS: Record<AuditEntry['target']['type'], string> = {
  user: 'User',
  idea: 'Item',
  message: 'Message on',
  private_message: 'Private message on',
  settings: 'Settings',
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
  if (entry.action === 'content.remove' && typeof d.category === 'string') return d.category === 'product' ? 'Product' : 'Idea';
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
    <time dateTime={at} title={shortDate(at)}>
      {relativeDate(at)}
    </time>
  );
}

function Target({ entry }: { entry: AuditEntry }) {
  const details = detailsText(entry);
  return (
    <div className="min-w-0">
      <p className="max-w-72 truncate">
        <span className="text-muted-foreground">{TARGET_WORDS[entry.target.type]} </span>
        <span className="font-medium">{entry.target.title ?? entry.target.id ?? 'Unknown'}</span>
      </p>
      {details && <p className="text-muted-foreground max-w-72 truncate text-xs">{details}</p>}
    </div>
  );
}

export default function AuditPage() {
  const search = useSearchParam('q');
  const list = useAudit(search.value);
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const actor = (e: AuditEntry) => e.actor.name ?? 'Deleted account';

  return (
    <>
      <PageHeader title="Audit Log" description="Role changes, removals, settings changes and other staff actions, newest first." />
      <Card className="gap-0 py-0">
        <div className="border-b p-4">
          <SearchBox value={search.text} onChange={search.setText} placeholder="Search by person, action or title..." label="Search the audit log" />
        </div>
        <MobileList
          items={rows}
          keyOf={(e) => e.id}
          pending={list.isPending}
          error={list.isError ? list.error : null}
          onRetry={() => void list.refetch()}
          empty={EMPTY}
          render={(e) => (
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
        />
        <WideOnly>
          <Table aria-busy={list.isFetching}>
            <TableHeader>
              <TableRow>
                <TableHead className="pl-4">Time</TableHead>
                <TableHead>Actor</TableHead>
                <TableHead>Action</TableHead>
                <TableHead className="pr-4">Target</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.isPending ? (
                <SkeletonRows columns={COLUMNS} />
              ) : list.isError ? (
                <ErrorRow columns={COLUMNS} message={list.error.message} onRetry={() => void list.refetch()} />
              ) : rows.length === 0 ? (
                <EmptyRow columns={COLUMNS}>{EMPTY}</EmptyRow>
              ) : (
                rows.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell className="text-muted-foreground pl-4">
                      <When at={e.at} />
                    </TableCell>
                    <TableCell className={e.actor.name ? 'max-w-44 truncate font-medium' : 'text-muted-foreground italic'}>{actor(e)}</TableCell>
                    <TableCell>
                      <Badge variant="secondary">{AUDIT_ACTION_LABELS[e.action]}</Badge>
                    </TableCell>
                    <TableCell className="pr-4">
                      <Target entry={e} />
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </WideOnly>
        <LoadMore hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
      </Card>
    </>
  );
}
