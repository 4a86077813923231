/**
 * The two date formats the spec quotes, written here because src/shared may not import date-fns:
 * 'MMM d, yyyy' (share text, §2/§9) and 'MMM d, yyyy, h:mm a' (next allowed submission, §4).
 * English month abbreviations and AM/PM, whatever the runtime's locale.
 *
 * Without `timeZone` the Date's local time is used (what the browser shows its user); with one,
 * that IANA zone (tests pass 'UTC' so they are deterministic). An unknown zone throws RangeError,
 * as does an invalid Date (like date-fns' 'Invalid time value').
 */

export interface DateFormatOptions {
  /** IANA time zone, e.g. 'UTC' or 'Africa/Lagos'. Default: the runtime's local zone. */
  timeZone?: string;
}

const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

interface DateParts {
  year: number;
  /** 0 to 11. */
  month: number;
  day: number;
  /** 0 to 23. */
  hour: number;
  minute: number;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = zoneFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    zoneFormatters.set(timeZone, f);
  }
  return f;
}

function toValidDate(date: Date | number): Date {
  const d = typeof date === 'number' ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid time value');
  return d;
}

function dateParts(date: Date | number, options: DateFormatOptions): DateParts {
  const d = toValidDate(date);
  if (options.timeZone === undefined) {
    return { year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), hour: d.getHours(), minute: d.getMinutes() };
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of zoneFormatter(options.timeZone).formatToParts(d)) {
    if (part.type !== 'literal') parts[part.type] = Number.parseInt(part.value, 10);
  }
  return {
    year: parts.year ?? d.getUTCFullYear(),
    month: (parts.month ?? 1) - 1,
    day: parts.day ?? 1,
    // Some engines print midnight as '24' even with h23.
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
  };
}

function datePart(p: DateParts): string {
  return `${MONTH_ABBREVIATIONS[p.month] ?? '???'} ${p.day}, ${String(p.year).padStart(4, '0')}`;
}

/** 'MMM d, yyyy': 'Nov 21, 2026'. */
export function formatDate(date: Date | number, options: DateFormatOptions = {}): string {
  return datePart(dateParts(date, options));
}

/** 'MMM d, yyyy, h:mm a': 'Nov 21, 2026, 9:05 PM' (12-hour clock, midnight is 12:00 AM). */
export function formatDateTime(date: Date | number, options: DateFormatOptions = {}): string {
  const p = dateParts(date, options);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const meridiem = p.hour < 12 ? 'AM' : 'PM';
  return `${datePart(p)}, ${hour12}:${String(p.minute).padStart(2, '0')} ${meridiem}`;
}
