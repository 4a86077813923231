/**
 * The optional reason in the moderators' removal dialogs (discussion message, Delete Content,
 * Reports queue): the author is told it in their notification and email.
 */
import { REMOVAL_REASON_MAX_LENGTH } from '@shared/rules/notifications';
import { useId } from 'react';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';

export function RemovalReasonField({ value, onChange, disabled }: { value: string; onChange: (value: string) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="grid gap-1.5 text-left">
      <Label htmlFor={id}>Reason (optional)</Label>
      <Textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={REMOVAL_REASON_MAX_LENGTH}
        rows={3}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        placeholder="e.g. Advertising is not allowed in discussions."
      />
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        The author is told it in their notification.
      </p>
    </div>
  );
}
