/**
 * The item form's topics (issue 27 point 3): every topic as a checkbox chip, up to three chosen
 * (in the order they were picked; the others are disabled then). The server checks the same.
 */
import { TOPICS_PER_ITEM_MAX } from '@shared/schemas/topics';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { useTopics } from '../api/topics';

export interface TopicsFieldProps {
  /** The chosen topics' slugs. */
  value: readonly string[];
  onChange: (slugs: string[]) => void;
  disabled?: boolean;
  /** The field's messages (the server's, under `topics`). */
  error?: React.ReactNode;
}

export function TopicsField({ value, onChange, disabled, error }: TopicsFieldProps) {
  const topics = useTopics();
  const id = useId();
  const full = value.length >= TOPICS_PER_ITEM_MAX;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${hintId} ${errorId}` : hintId} data-testid="topics-field">
      <legend className="mb-2 flex items-center gap-2 text-sm leading-none font-medium">
        Topics <span className="text-muted-foreground font-normal">(optional)</span>
      </legend>
      {topics.isPending ? (
        <p className="text-muted-foreground text-sm">Loading topics…</p>
      ) : topics.isError ? (
        <p className="text-muted-foreground text-sm">Topics could not be loaded.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {topics.data.items.map((t) => {
            const checked = value.includes(t.slug);
            return (
              <label
                key={t.slug}
                className="border-input has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:checked]:text-primary has-[:focus-visible]:ring-ring/50 has-[:disabled]:opacity-50 inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full border px-3 text-sm select-none has-[:disabled]:cursor-not-allowed has-[:focus-visible]:ring-[3px]"
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  name="topics"
                  value={t.slug}
                  checked={checked}
                  disabled={disabled || (!checked && full)}
                  onChange={(e) => onChange(e.target.checked ? [...value, t.slug] : value.filter((s) => s !== t.slug))}
                />
                {checked ? <Check className="size-3.5" aria-hidden /> : null}
                {t.name}
              </label>
            );
          })}
        </div>
      )}
      <p id={hintId} className="text-muted-foreground text-sm">
        Choose up to {TOPICS_PER_ITEM_MAX} ({value.length} chosen).
      </p>
      {error ? (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
