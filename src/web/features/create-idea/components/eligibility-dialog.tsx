import { eligibilitySummary, type Eligibility } from '@shared/rules/eligibility';
import { CircleCheck, Clock, Lock } from 'lucide-react';
import { Link } from 'react-router';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';

interface EligibilityDialogProps {
  eligibility: Eligibility;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the (non-blocking) dialog closes; default: back to the page. */
  onClosed?: () => void;
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <>
      {lines
        .filter((l) => l !== '')
        .map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
    </>
  );
}

/**
 * What the person may share now (SPEC §4), shown when the create page opens: 'Ready to Share',
 * 'Submission Status' (one kind locked), or 'Submission Limit Reached' (both locked), which can
 * only be answered with 'Back to Dashboard'.
 */
export function EligibilityDialog({ eligibility, open, onOpenChange, onClosed }: EligibilityDialogProps) {
  const text = eligibilitySummary(eligibility);

  if (text.state === 'exhausted') {
    return (
      <AlertDialog open={open} onOpenChange={onOpenChange}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <div className="bg-destructive/10 text-destructive mx-auto mb-1 rounded-full p-3 sm:mx-0 sm:w-fit" aria-hidden>
              <Lock className="size-6" />
            </div>
            <AlertDialogTitle>{text.title}</AlertDialogTitle>
            <AlertDialogDescription className="grid gap-2">
              <Lines lines={text.lines} />
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogAction asChild>
              <Link to="/dashboard">Back to Dashboard</Link>
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    );
  }

  const Icon = text.state === 'ready' ? CircleCheck : Clock;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(e) => {
          if (!onClosed) return;
          e.preventDefault();
          onClosed();
        }}
      >
        <DialogHeader>
          <div
            className={
              text.state === 'ready'
                ? 'bg-success/15 text-success mx-auto mb-1 rounded-full p-3 sm:mx-0 sm:w-fit'
                : 'bg-primary/10 text-primary mx-auto mb-1 rounded-full p-3 sm:mx-0 sm:w-fit'
            }
            aria-hidden
          >
            <Icon className="size-6" />
          </div>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription className="grid gap-2">
            <Lines lines={text.lines} />
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>Continue</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
