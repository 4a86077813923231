import * as React from 'react';

import { cn } from '../../lib/cn';

/**
 * Loading placeholder (shadcn/ui new-york v4). Decorative: hidden from assistive tech.
 * Announce loading state elsewhere (e.g. `aria-busy` on the region, or sr-only "Loading…").
 */
function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-accent', className)}
      {...props}
    />
  );
}

export { Skeleton };
