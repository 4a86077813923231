/**
 * A date as the reader's clock and time zone say it ('3 minutes ago', 'Nov 24, 2026'). The server
 * and the browser may disagree (another zone, a minute later): hydration keeps the server's text,
 * and an effect then writes the reader's into the same text node, without rendering anything again
 * (a re-render of every date right after hydration was a long task on a phone, issue 18).
 */
import { useEffect, useRef } from 'react';

interface LocalTimeProps {
  dateTime: string;
  text: (date: Date) => string;
  title?: (date: Date) => string;
  className?: string;
}

export function LocalTime({ dateTime, text, title, className }: LocalTimeProps) {
  const ref = useRef<HTMLTimeElement>(null);
  const date = new Date(dateTime);
  const label = text(date);
  const tip = title?.(date);
  useEffect(() => {
    const el = ref.current;
    // React keeps this text node and writes later changes into it; so do we.
    const node = el?.firstChild;
    if (node?.nodeType === Node.TEXT_NODE && node.nodeValue !== label) node.nodeValue = label;
    if (el && tip !== undefined && el.title !== tip) el.title = tip;
  }, [label, tip]);
  return (
    <time ref={ref} dateTime={dateTime} title={tip} className={className} suppressHydrationWarning>
      {label}
    </time>
  );
}
