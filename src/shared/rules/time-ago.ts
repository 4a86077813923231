/**
 * How long ago, from now, on date-fns: '3 minutes ago'. Its own module, apart from date-format.ts:
 * the cards on the home page show it, and the other formats (with time zones) are not needed there.
 */
import { formatDistanceToNow } from 'date-fns';

/** 'less than a minute ago', '3 minutes ago', 'about 2 hours ago' (a Date, epoch milliseconds or an ISO string). */
export function timeAgo(date: Date | number | string): string {
  return formatDistanceToNow(typeof date === 'string' ? new Date(date) : date, { addSuffix: true });
}
