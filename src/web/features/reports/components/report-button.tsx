/**
 * 'Report' (issue 14 point 14): opens the report dialog, whose code loads on the first press, so
 * the details page's first paint does not wait for it. Callers show it to signed-in people only,
 * and never on their own item or message (the server refuses those anyway).
 */
import { REPORT_TEXTS } from '@shared/rules/report';
import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { ReportRequest } from '../api/reports';
import type { ReportSubject } from './report-dialog';

const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

export function ReportButton({
  target,
  subject,
  label,
  className,
}: {
  target: Pick<ReportRequest, 'targetType' | 'targetId'>;
  subject: ReportSubject;
  /** The accessible name when 'Report' alone would be ambiguous ('Report message from Ada'). */
  label?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, so closing still plays the dialog's exit animation.
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-label={label}
        aria-haspopup="dialog"
        className={cn('text-muted-foreground hover:text-foreground', className)}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Flag aria-hidden />
        {REPORT_TEXTS.button}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <ReportDialog open={open} onOpenChange={setOpen} target={target} subject={subject} />
        </Suspense>
      ) : null}
    </>
  );
}
