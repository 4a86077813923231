/**
 * A date as the reader's clock and time zone say it ('3 minutes ago', 'Nov 24, 2026'). The server
 * and the browser may disagree (another zone, a minute later): the browser draws the server's text
 * while it hydrates, then its own in a fresh element, so hydration never meets a mismatch.
 */
import { formatDistanceToNow } from 'date-fns';
import { useHydrated } from '../../lib/use-hydrated';

interface LocalTimeProps {
  dateTime: string;
  text: (date: Date) => string;
  title?: (date: Date) => string;
  className?: string;
}

export function LocalTime({ dateTime, text, title, className }: LocalTimeProps) {
  const hydrated = useHydrated();
  const date = new Date(dateTime);
  return (
    <time
      key={hydrated ? 'browser' : 'server'}
      dateTime={dateTime}
      title={title?.(date)}
      className={className}
      suppressHydrationWarning
    >
      {text(date)}
    </time>
  );
}

/** '3 minutes ago'. */
export function sinceDate(date: Date): string {
  return formatDistanceToNow(date, { addSuffix: true });
}
