/**
 * The home page's periodic dialogs (SPEC §4): 'Your Submission Status' for a signed-in person,
 * 'Join to Share Your Vision' for a visitor. Loaded lazily by the home page once one is due; the
 * time it was shown is recorded on the device when it opens.
 */
import { statusDialogMessage } from '@shared/rules/eligibility';
import { JOIN_DIALOG_STORAGE_KEY, STATUS_DIALOG_STORAGE_KEY } from '@shared/rules/periodic-dialog';
import { CalendarClock, Sparkles } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { toEligibility, useEligibility } from '../api/eligibility';

export type PeriodicDialogKind = 'status' | 'join';

export const JOIN_DIALOG_TEXT = {
  title: 'Join to Share Your Vision',
  text: 'Create a free account to share your ideas and products, get feedback from the community and unlock premium insights.',
} as const;

function markShown(key: string) {
  try {
    localStorage.setItem(key, String(Date.now()));
  } catch {
    // Storage may be unavailable (private mode): the dialog then shows on each visit.
  }
}

export default function PeriodicDialog({ kind, onDone }: { kind: PeriodicDialogKind; onDone: () => void }) {
  return kind === 'join' ? <JoinDialog onDone={onDone} /> : <StatusDialog onDone={onDone} />;
}

/** The frame both dialogs share: an icon, the title, the text and the footer's buttons. */
function PeriodicDialogFrame({ icon, title, description, footer, onOpenChange, open }: { icon: ReactNode; title: string; description: ReactNode; footer: ReactNode; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <div className="bg-primary/10 text-primary mx-auto mb-1 rounded-full p-3 sm:mx-0 sm:w-fit" aria-hidden>
            {icon}
          </div>
          <DialogTitle>{title}</DialogTitle>
          {description}
        </DialogHeader>
        <DialogFooter className="gap-2">{footer}</DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A dialog open from the start; closing it (any way) reports it done. */
function useOpenUntilClosed(onDone: () => void) {
  const [open, setOpen] = useState(true);
  const setOpenAndReport = (next: boolean) => {
    setOpen(next);
    if (!next) onDone();
  };
  return [open, setOpenAndReport] as const;
}

function JoinDialog({ onDone }: { onDone: () => void }) {
  const [open, close] = useOpenUntilClosed(onDone);
  useEffect(() => markShown(JOIN_DIALOG_STORAGE_KEY), []);
  return (
    <PeriodicDialogFrame
      open={open}
      onOpenChange={close}
      icon={<Sparkles className="size-6" />}
      title={JOIN_DIALOG_TEXT.title}
      description={<DialogDescription>{JOIN_DIALOG_TEXT.text}</DialogDescription>}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button asChild variant="outline">
            <Link to="/auth" onClick={() => close(false)}>
              Sign In
            </Link>
          </Button>
          <Button asChild>
            <Link to="/auth?tab=signup" onClick={() => close(false)}>
              Join
            </Link>
          </Button>
        </>
      }
    />
  );
}

function StatusDialog({ onDone }: { onDone: () => void }) {
  const query = useEligibility();
  const [open, close] = useOpenUntilClosed(onDone);
  const text = useMemo(() => (query.data ? statusDialogMessage(toEligibility(query.data)) : null), [query.data]);

  useEffect(() => {
    if (text) markShown(STATUS_DIALOG_STORAGE_KEY);
  }, [text]);
  useEffect(() => {
    // Eligibility failures are only logged (SPEC §8).
    if (query.error) {
      console.error('Eligibility check failed', query.error);
      onDone();
    }
  }, [query.error, onDone]);

  if (!text) return null;
  return (
    <PeriodicDialogFrame
      open={open}
      onOpenChange={close}
      icon={<CalendarClock className="size-6" />}
      title={text.title}
      description={
        <DialogDescription className="grid gap-2">
          {text.lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </DialogDescription>
      }
      footer={
        <>
          <DialogClose asChild>
            <Button variant={text.state === 'exhausted' ? 'default' : 'ghost'}>Close</Button>
          </DialogClose>
          {text.state === 'exhausted' ? null : (
            <Button asChild>
              <Link to="/create-idea" onClick={() => close(false)}>
                Share Now
              </Link>
            </Button>
          )}
        </>
      }
    />
  );
}
