import * as React from 'react';
import { Progress as ProgressPrimitive } from 'radix-ui';

import { cn } from '../../lib/cn';

/**
 * Progress bar (shadcn/ui new-york v4 API), e.g. for uploads. `value` is 0..`max` (default 100);
 * pass `value={null}` for an indeterminate state.
 * Give it a name describing what progresses (axe requires one); defaults to "Progress".
 *
 * @example
 * <Progress value={percent} aria-label="Upload progress" />
 */
function Progress({
  className,
  value,
  max = 100,
  'aria-label': ariaLabel = 'Progress',
  ...props
}: React.ComponentProps<typeof ProgressPrimitive.Root>) {
  const pct = value == null ? null : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      aria-label={ariaLabel}
      value={value}
      max={max}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/20', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn(
          'h-full w-full flex-1 bg-primary transition-transform duration-300 ease-out',
          pct === null && 'w-1/3 animate-pulse',
        )}
        style={{ transform: `translateX(-${100 - (pct ?? 100)}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}

export { Progress };
