/**
 * The report dialog (issue 14 point 14): a reason (Spam, Offensive, Misleading, Other), a note
 * (required for Other), Send. 'Report sent' is a toast; a refusal (already reported, the limit,
 * sign-in needed) is said inside the dialog, which stays open.
 */
import { checkReportNote, REPORT_NOTE_MAX_LENGTH, REPORT_REASON_LABELS, REPORT_REASONS, REPORT_TEXTS, type ReportReason } from '@shared/rules/report';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-error';
import { Label } from '../../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../../components/ui/radio-group';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { type ReportRequest, useSendReport } from '../api/reports';

const REASON_HINTS: Record<ReportReason, string> = {
  spam: 'Advertising, scams or the same thing posted again and again',
  offensive: 'Abusive, hateful or otherwise inappropriate',
  misleading: 'False claims, a wrong price or someone else’s work',
  other: 'Something else: tell us in the note',
};

/** What is being reported, in words: 'idea', 'product' or 'message'. */
export type ReportSubject = 'idea' | 'product' | 'message';

export interface ReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: Pick<ReportRequest, 'targetType' | 'targetId'>;
  subject: ReportSubject;
}

function noteLength(text: string): number {
  return Array.from(text.trim()).length;
}

export function ReportDialog({ open, onOpenChange, target, subject }: ReportDialogProps) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const send = useSendReport();
  const check = reason ? checkReportNote(reason, note) : null;
  const length = noteLength(note);
  const tooLong = length > REPORT_NOTE_MAX_LENGTH;
  const canSend = check?.ok === true && !send.isPending;
  const serverError = send.error;
  const noteError = tooLong ? REPORT_TEXTS.noteTooLong : serverError instanceof ApiError ? serverError.fields?.note?.[0] : undefined;

  const reset = () => {
    setReason(null);
    setNote('');
    send.reset();
  };
  const changeOpen = (next: boolean) => {
    if (send.isPending) return;
    onOpenChange(next);
    if (!next) reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason || !check?.ok || send.isPending) return;
    send.mutate(
      { ...target, reason, ...(check.note ? { note: check.note } : {}) },
      {
        onSuccess: () => {
          toast({ title: REPORT_TEXTS.sent, description: 'Thank you. A moderator will look at it.' });
          onOpenChange(false);
          reset();
        },
      },
    );
  };

  const noteRequired = reason === 'other';
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>Report this {subject}</DialogTitle>
            <DialogDescription>Tell the moderators what is wrong. The person who shared it is not told who reported it.</DialogDescription>
          </DialogHeader>

          <div className="grid gap-3">
            <p id={`${id}-reason`} className="text-sm font-medium">
              Reason
            </p>
            <RadioGroup
              value={reason ?? ''}
              onValueChange={(v) => {
                setReason(v as ReportReason);
                send.reset();
              }}
              aria-labelledby={`${id}-reason`}
              aria-required="true"
              className="gap-2"
            >
              {REPORT_REASONS.map((r) => (
                // The label stretches over the card, so a press anywhere on it chooses the reason.
                <div
                  key={r}
                  className={cn(
                    'hover:bg-accent/50 relative flex items-start gap-3 rounded-lg border p-3 transition-colors',
                    reason === r && 'border-primary bg-primary/5 hover:bg-primary/5',
                  )}
                >
                  <RadioGroupItem value={r} id={`${id}-${r}`} aria-describedby={`${id}-${r}-hint`} className="relative z-10 mt-0.5" />
                  <div className="grid gap-1">
                    <Label htmlFor={`${id}-${r}`} className="cursor-pointer after:absolute after:inset-0 after:content-['']">
                      {REPORT_REASON_LABELS[r]}
                    </Label>
                    <span id={`${id}-${r}-hint`} className="text-muted-foreground text-xs leading-snug">
                      {REASON_HINTS[r]}
                    </span>
                  </div>
                </div>
              ))}
            </RadioGroup>
          </div>

          <div className="grid gap-2">
            <Label htmlFor={`${id}-note`}>
              Note <span className="text-muted-foreground font-normal">{noteRequired ? '(required)' : '(optional)'}</span>
            </Label>
            <Textarea
              id={`${id}-note`}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder={noteRequired ? 'What is wrong with it?' : 'Anything the moderators should know'}
              className="max-h-48 min-h-20 resize-y"
              aria-required={noteRequired || undefined}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={`${id}-note-hint${noteError ? ` ${id}-note-error` : ''}`}
            />
            <p id={`${id}-note-hint`} className={cn('text-xs tabular-nums', tooLong ? 'text-destructive' : 'text-muted-foreground')}>
              {length}/{REPORT_NOTE_MAX_LENGTH}
            </p>
            <FieldError id={`${id}-note-error`}>{noteError}</FieldError>
          </div>

          {serverError && !(serverError instanceof ApiError && serverError.fields?.note) ? (
            <p role="alert" className="border-destructive/30 bg-destructive/5 text-destructive rounded-md border px-3 py-2 text-sm">
              {serverError.message}
            </p>
          ) : null}

          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={send.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={!canSend}>
              {send.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Send report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
