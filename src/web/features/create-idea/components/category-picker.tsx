import type { Category } from '@shared/constants';
import { Check, Lightbulb, Lock, Package } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { cn } from '../../../lib/cn';

const OPTIONS: { value: Category; label: string; text: string; icon: typeof Lightbulb }[] = [
  { value: 'idea', label: 'Idea', text: 'A concept, plan or insight others can build on.', icon: Lightbulb },
  { value: 'product', label: 'Product', text: 'Something you have made and are offering.', icon: Package },
];

interface CategoryPickerProps {
  value: Category | null;
  onChange: (value: Category) => void;
  /** Lock message per category (SPEC §4), or null when open. */
  locks: Record<Category, string | null>;
  labelledBy: string;
  describedBy?: string;
  disabled?: boolean;
}

/** The two category cards as one radio group; a locked card is dimmed and reads its lock message. */
export function CategoryPicker({ value, onChange, locks, labelledBy, describedBy, disabled }: CategoryPickerProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const open = OPTIONS.filter((o) => !locks[o.value]);
  const focusable = value && !locks[value] ? value : open[0]?.value;

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key)) return;
    e.preventDefault();
    const step = e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 1;
    for (let i = 1; i <= OPTIONS.length; i++) {
      const next = (index + step * i + OPTIONS.length) % OPTIONS.length;
      const option = OPTIONS[next];
      if (option && !locks[option.value]) {
        onChange(option.value);
        refs.current[next]?.focus();
        return;
      }
    }
  }

  return (
    <div role="radiogroup" aria-labelledby={labelledBy} aria-describedby={describedBy} className="grid gap-3 sm:grid-cols-2">
      {OPTIONS.map((option, index) => {
        const lock = locks[option.value];
        const selected = value === option.value;
        const Icon = option.icon;
        const lockId = `category-lock-${option.value}`;
        return (
          <button
            key={option.value}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-disabled={lock ? true : undefined}
            aria-describedby={lock ? lockId : undefined}
            tabIndex={focusable === option.value ? 0 : -1}
            disabled={disabled}
            data-locked={lock ? '' : undefined}
            onClick={() => {
              if (!lock) onChange(option.value);
            }}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={cn(
              'relative flex items-start gap-3 rounded-xl border-2 p-4 text-left transition-colors outline-none',
              'focus-visible:ring-ring/50 focus-visible:ring-[3px]',
              lock
                ? 'bg-muted/60 cursor-not-allowed border-dashed'
                : selected
                  ? 'border-primary bg-primary/5'
                  : 'hover:border-primary/50 hover:bg-accent/40 bg-card',
            )}
          >
            <span
              className={cn(
                'flex size-10 shrink-0 items-center justify-center rounded-lg',
                lock ? 'bg-muted text-muted-foreground' : selected ? 'bg-primary text-primary-foreground' : 'bg-primary/10 text-primary',
              )}
              aria-hidden
            >
              {lock ? <Lock className="size-5" /> : <Icon className="size-5" />}
            </span>
            <span className="grid min-w-0 gap-1">
              <span className={cn('font-semibold', lock && 'text-muted-foreground')}>{option.label}</span>
              {lock ? (
                <span id={lockId} className="text-foreground/80 text-sm">
                  {lock}
                </span>
              ) : (
                <span className="text-muted-foreground text-sm">{option.text}</span>
              )}
            </span>
            {selected && !lock ? (
              <span className="bg-primary text-primary-foreground absolute top-3 right-3 rounded-full p-0.5" aria-hidden>
                <Check className="size-3.5" />
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
