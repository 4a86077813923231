import * as React from 'react';

import { cn } from '../../lib/cn';
import { BRAND_NAME, BRAND_TAGLINE } from './brand';

/**
 * The IdeaHub mark: a lightbulb with a spark, inside a rounded square in the primary colour.
 * Decorative (aria-hidden): pair it with visible text or an aria-label on the parent link.
 * Size it with `className` (default `size-8`).
 */
function LogoMark({ className, ...props }: React.ComponentProps<'svg'>) {
  return (
    <svg
      data-slot="logo-mark"
      viewBox="0 0 32 32"
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
      aria-hidden="true"
      focusable="false"
      className={cn('size-8 shrink-0', className)}
      {...props}
    >
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <g
        className="stroke-primary-foreground"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {/* bulb */}
        <path d="M12.6 20.2c0-1.2-.6-2.1-1.5-3.1a6.1 6.1 0 1 1 9.8 0c-.9 1-1.5 1.9-1.5 3.1" />
        {/* screw base */}
        <path d="M13 23.2h6" />
        <path d="M14.2 26.2h3.6" />
      </g>
      {/* spark inside the bulb */}
      <path
        className="fill-primary-foreground"
        d="M16 10.4l.95 2.35 2.35.95-2.35.95L16 17l-.95-2.35-2.35-.95 2.35-.95z"
      />
    </svg>
  );
}

interface LogoProps extends React.ComponentProps<'span'> {
  /** Show the tagline "Discover brilliant ideas and amazing products" under the wordmark. */
  withTagline?: boolean;
  /** Overall size. Default "md". */
  size?: 'sm' | 'md' | 'lg';
}

const sizes = {
  sm: { mark: 'size-6', name: 'text-base', tagline: 'text-xs' },
  md: { mark: 'size-8', name: 'text-lg', tagline: 'text-xs' },
  lg: { mark: 'size-11', name: 'text-2xl', tagline: 'text-sm' },
} as const;

/**
 * Brand lockup: mark + "IdeaHub" wordmark (+ optional tagline).
 * Not a link by itself: wrap it, e.g. `<Link to="/" aria-label="IdeaHub home"><Logo /></Link>`.
 */
function Logo({ withTagline = false, size = 'md', className, ...props }: LogoProps) {
  const s = sizes[size];
  return (
    <span
      data-slot="logo"
      className={cn('inline-flex items-center gap-2.5 text-foreground', className)}
      {...props}
    >
      <LogoMark className={s.mark} />
      <span className="flex min-w-0 flex-col">
        <span className={cn('leading-tight font-bold tracking-tight', s.name)}>{BRAND_NAME}</span>
        {withTagline && (
          <span className={cn('leading-snug text-muted-foreground', s.tagline)}>
            {BRAND_TAGLINE}
          </span>
        )}
      </span>
    </span>
  );
}

export { Logo, LogoMark };
export type { LogoProps };
