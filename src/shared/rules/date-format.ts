/**
 * How dates read everywhere (web and server), on date-fns: 'MMM d, yyyy' (share text, §2/§9),
 * 'MMM d, yyyy, h:mm a' (next allowed submission, §4), month and year, and the long date; how long
 * ago is time-ago.ts. English month names and AM/PM, whatever the runtime's locale.
 *
 * Without `timeZone` the Date's local time is used (what the browser shows its user); with one,
 * that IANA zone (tests pass 'UTC' so they are deterministic). An unknown zone or an invalid Date
 * throws RangeError ('Invalid time value').
 */
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';

export interface DateFormatOptions {
  /** IANA time zone, e.g. 'UTC' or 'Africa/Lagos'. Default: the runtime's local zone. */
  timeZone?: string;
}

/** A Date, epoch milliseconds, or an ISO string as the API sends dates. */
export type DateInput = Date | number | string;

const inZone = ({ timeZone }: DateFormatOptions) => (timeZone === undefined ? undefined : tz(timeZone));
const toDate = (date: DateInput) => (typeof date === 'string' ? new Date(date) : date);

/** 'MMM d, yyyy': 'Nov 21, 2026'. */
export function formatDate(date: DateInput, options: DateFormatOptions = {}): string {
  return format(toDate(date), 'MMM d, yyyy', { in: inZone(options) });
}

/** 'MMM d, yyyy, h:mm a': 'Nov 21, 2026, 9:05 PM' (12-hour clock, midnight is 12:00 AM). */
export function formatDateTime(date: DateInput, options: DateFormatOptions = {}): string {
  return format(toDate(date), 'MMM d, yyyy, h:mm a', { in: inZone(options) });
}

/** 'MMMM d, yyyy': 'November 21, 2026'. */
export function formatLongDate(date: DateInput, options: DateFormatOptions = {}): string {
  return format(toDate(date), 'MMMM d, yyyy', { in: inZone(options) });
}

/** 'MMMM yyyy': 'November 2026' (member since, joined). */
export function formatMonthYear(date: DateInput, options: DateFormatOptions = {}): string {
  return format(toDate(date), 'MMMM yyyy', { in: inZone(options) });
}
