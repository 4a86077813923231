/**
 * Reports (issue 14 point 15): the moderators' queue. Open reports grouped by what they report
 * (an item, or a discussion message with its item), newest first, with how many, why and who (by
 * name only). Dismiss closes them and keeps the target; Remove deletes it for everyone. Either
 * decides every open report of that target, and the audit log records it.
 */
import { creatorDisplayName } from '@shared/format';
import { REPORT_REASON_LABELS } from '@shared/rules/report';
import type { ReportGroup } from '@shared/schemas/reports';
import { formatDate } from '@shared/rules/date-format';
import { timeAgo } from '@shared/rules/time-ago';
import { ExternalLink, FileText, Loader2, MessageSquare, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { RemovalReasonField } from '../../notifications';
import { useDecideReports, useReportQueue } from '../../reports';
import { AdminList } from '../components/list-parts';
import { PageHeader } from '../components/page-header';

const EMPTY = 'No open reports. Nothing is waiting for a decision.';
/** Reporters listed in a row; the rest are counted. */
const REPORTERS_LISTED = 3;

const keyOf = (g: ReportGroup) => `${g.targetType}:${g.targetId}`;
const titleId = (g: ReportGroup) => `report-target-${g.targetType}-${g.targetId}`;

/** 'Are you sure you want to remove "{title}"? This action cannot be undone.' (the Content section's words). */
export function removeConfirmation(g: ReportGroup): string {
  if (g.targetType === 'private_message') return `Are you sure you want to remove this private message about "${g.item.title}"? This action cannot be undone.`;
  return g.message
    ? `Are you sure you want to remove this message from the discussion of "${g.item.title}"? This action cannot be undone.`
    : `Are you sure you want to remove "${g.item.title}"? This action cannot be undone.`;
}

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDate(at)}>
      {timeAgo(at)}
    </time>
  );
}

function ItemLink({ group, children }: { group: ReportGroup; children: ReactNode }) {
  // A private conversation's item may be gone (its title stays).
  if (group.item.id === null) return <span className="max-w-full truncate font-medium">{children}</span>;
  return (
    <a
      href={`/ideas/${group.item.id}`}
      target="_blank"
      rel="noopener noreferrer"
      className="hover:text-primary inline-flex max-w-full items-center gap-1 font-medium underline-offset-4 hover:underline"
    >
      <span className="truncate">{children}</span>
      <ExternalLink className="size-3.5 shrink-0 opacity-60" aria-hidden />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** What is reported: the item's title, or the message's text with its item. */
function Target({ group }: { group: ReportGroup }) {
  const author = creatorDisplayName(group.author.name);
  if (!group.message) {
    return (
      <div id={titleId(group)} className="flex min-w-0 items-start gap-3">
        <div className="bg-muted text-muted-foreground flex size-9 shrink-0 items-center justify-center rounded-md">
          <FileText className="size-4" aria-hidden />
        </div>
        <div className="min-w-0">
          <ItemLink group={group}>{group.item.title}</ItemLink>
          <p className="text-muted-foreground truncate text-xs">Item by {author}</p>
        </div>
      </div>
    );
  }
  return (
    <div id={titleId(group)} className="flex min-w-0 items-start gap-3">
      <div className="bg-muted text-muted-foreground flex size-9 shrink-0 items-center justify-center rounded-md">
        <MessageSquare className="size-4" aria-hidden />
      </div>
      <div className="min-w-0 space-y-1">
        <blockquote className="border-muted-foreground/30 line-clamp-3 border-l-2 pl-2 text-sm break-words whitespace-pre-wrap">
          {group.message.content}
        </blockquote>
        <p className="text-muted-foreground flex min-w-0 flex-wrap items-center gap-x-1 text-xs">
          <span>{group.targetType === 'private_message' ? `Private message by ${author} about` : `Message by ${author} on`}</span>
          <ItemLink group={group}>{group.item.title}</ItemLink>
        </p>
      </div>
    </div>
  );
}

function Reasons({ group }: { group: ReportGroup }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {group.reasons.map((r) => (
        <Badge key={r.reason} variant={r.reason === 'offensive' ? 'destructive' : 'secondary'} className="tabular-nums">
          {REPORT_REASON_LABELS[r.reason]}
          {r.count > 1 ? <span className="opacity-80"> × {r.count}</span> : null}
        </Badge>
      ))}
    </div>
  );
}

function Reporters({ group }: { group: ReportGroup }) {
  const listed = group.reporters.slice(0, REPORTERS_LISTED);
  const more = group.count - listed.length;
  return (
    <div className="min-w-0 space-y-1 text-sm">
      <p className="font-medium tabular-nums">
        {group.count} {group.count === 1 ? 'report' : 'reports'}
      </p>
      <ul className="text-muted-foreground space-y-0.5 text-xs">
        {listed.map((r) => (
          <li key={`${r.id}-${r.at}`} className="max-w-64 break-words">
            <span className="text-foreground">{creatorDisplayName(r.name)}</span> · {REPORT_REASON_LABELS[r.reason]}
            {r.note ? <span className="italic"> — “{r.note}”</span> : null}
          </li>
        ))}
        {more > 0 ? <li>and {more} more</li> : null}
      </ul>
    </div>
  );
}

function Actions({
  group,
  busy,
  dismissing,
  onDismiss,
  onRemove,
}: {
  group: ReportGroup;
  busy: boolean;
  dismissing: boolean;
  onDismiss: () => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" disabled={busy} onClick={onDismiss} aria-describedby={titleId(group)}>
        {dismissing ? <Loader2 className="animate-spin" aria-hidden /> : null}
        Dismiss
      </Button>
      <Button variant="destructive" size="sm" disabled={busy} onClick={onRemove} aria-describedby={titleId(group)}>
        <Trash2 aria-hidden />
        Remove
      </Button>
    </div>
  );
}

export default function ReportsPage() {
  const list = useReportQueue();
  const decide = useDecideReports();
  const [toRemove, setToRemove] = useState<ReportGroup | null>(null);
  const [reason, setReason] = useState('');
  const busyKey = decide.isPending && decide.variables ? `${decide.variables.targetType}:${decide.variables.targetId}` : null;

  const dismiss = (g: ReportGroup) => {
    decide.mutate(
      { targetType: g.targetType, targetId: g.targetId, decision: 'dismiss' },
      {
        onSuccess: (d) =>
          toast({
            title: 'Reports dismissed',
            description: `${d.reports} ${d.reports === 1 ? 'report' : 'reports'} closed; the ${g.message ? 'message' : 'item'} stays.`,
          }),
        onError: (error) => toast({ variant: 'destructive', title: 'Dismiss Failed', description: error.message }),
      },
    );
  };

  const confirmRemove = () => {
    const g = toRemove;
    if (!g) return;
    decide.mutate(
      { targetType: g.targetType, targetId: g.targetId, decision: 'remove', reason },
      {
        onSuccess: () =>
          toast({
            title: g.message ? 'Message Removed' : 'Idea Deleted',
            description: g.message ? 'The message has been removed from the discussion.' : 'The idea has been removed from the platform.',
          }),
        onError: (error) => toast({ variant: 'destructive', title: 'Remove Failed', description: error.message }),
        onSettled: () => {
          setToRemove(null);
          setReason('');
        },
      },
    );
  };

  const actions = (g: ReportGroup) => (
    <Actions
      group={g}
      busy={busyKey === keyOf(g)}
      dismissing={busyKey === keyOf(g) && decide.variables?.decision === 'dismiss'}
      onDismiss={() => dismiss(g)}
      onRemove={() => setToRemove(g)}
    />
  );

  return (
    <>
      <PageHeader title="Reports" description="Open reports, grouped by what was reported, newest first. Dismiss keeps it; Remove deletes it for everyone." />
      <AdminList
        query={list}
        keyOf={keyOf}
        breakpoint="lg"
        empty={EMPTY}
        rowClassName="align-top"
        row={(g) => (
          <div className="space-y-3">
            <Target group={g} />
            <div className="space-y-2 pl-12">
              <Reasons group={g} />
              <Reporters group={g} />
              <p className="text-muted-foreground text-xs">
                Latest <When at={g.latestAt} />
              </p>
              {actions(g)}
            </div>
          </div>
        )}
        columns={[
          { header: 'Reported', headClassName: 'pl-4', cellClassName: 'max-w-96 pl-4 whitespace-normal', cell: (g) => <Target group={g} /> },
          { header: 'Reasons', cellClassName: 'whitespace-normal', cell: (g) => <Reasons group={g} /> },
          { header: 'Reporters', cellClassName: 'whitespace-normal', cell: (g) => <Reporters group={g} /> },
          { header: 'Latest', cellClassName: 'text-muted-foreground', cell: (g) => <When at={g.latestAt} /> },
          { header: 'Actions', headClassName: 'pr-4 text-right', cellClassName: 'pr-4', cell: (g) => <div className="flex justify-end">{actions(g)}</div> },
        ]}
      />

      <ConfirmDialog
        open={toRemove !== null}
        onClose={() => setToRemove(null)}
        title={toRemove?.message ? 'Remove this message?' : 'Remove this item?'}
        description={toRemove ? removeConfirmation(toRemove) : ''}
        action="Remove"
        pending={decide.isPending}
        onConfirm={confirmRemove}
      >
        <RemovalReasonField value={reason} onChange={setReason} disabled={decide.isPending} />
      </ConfirmDialog>
    </>
  );
}
