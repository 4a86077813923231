import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date-format.ts';

const UTC = { timeZone: 'UTC' };

describe('formatDate (MMM d, yyyy)', () => {
  it('uses English month abbreviations, an unpadded day and a four-digit year', () => {
    expect(formatDate(new Date('2026-11-21T10:00:00Z'), UTC)).toBe('Nov 21, 2026');
    expect(formatDate(new Date('2026-01-05T00:00:00Z'), UTC)).toBe('Jan 5, 2026');
    expect(formatDate(new Date('2024-02-29T23:59:59.999Z'), UTC)).toBe('Feb 29, 2024');
    expect(formatDate(new Date('0999-12-31T12:00:00Z'), UTC)).toBe('Dec 31, 0999');
  });

  it('names all twelve months', () => {
    const months = Array.from({ length: 12 }, (_, m) => formatDate(Date.UTC(2026, m, 1, 12), UTC).slice(0, 3));
    expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
  });

  it('applies the time zone given', () => {
    const d = new Date('2026-11-21T23:30:00Z');
    expect(formatDate(d, UTC)).toBe('Nov 21, 2026');
    expect(formatDate(d, { timeZone: 'Africa/Lagos' })).toBe('Nov 22, 2026'); // UTC+1
    expect(formatDate(d, { timeZone: 'America/New_York' })).toBe('Nov 21, 2026');
  });

  it('uses the local time when no zone is given', () => {
    const d = new Date(2026, 10, 21, 0, 5); // local midnight + 5 min
    expect(formatDate(d)).toBe('Nov 21, 2026');
  });

  it('accepts epoch milliseconds', () => {
    expect(formatDate(Date.UTC(2026, 10, 21), UTC)).toBe('Nov 21, 2026');
  });

  it('throws on an invalid date or zone', () => {
    expect(() => formatDate(new Date('nope'), UTC)).toThrow(RangeError);
    expect(() => formatDate(new Date(), { timeZone: 'Not/AZone' })).toThrow(RangeError);
  });
});

describe('formatDateTime (MMM d, yyyy, h:mm a)', () => {
  it('uses a 12-hour clock with AM/PM and two-digit minutes', () => {
    expect(formatDateTime(new Date('2026-11-21T09:05:00Z'), UTC)).toBe('Nov 21, 2026, 9:05 AM');
    expect(formatDateTime(new Date('2026-11-21T21:05:59Z'), UTC)).toBe('Nov 21, 2026, 9:05 PM');
  });

  it('writes midnight as 12 AM and noon as 12 PM', () => {
    expect(formatDateTime(new Date('2026-11-21T00:00:00Z'), UTC)).toBe('Nov 21, 2026, 12:00 AM');
    expect(formatDateTime(new Date('2026-11-21T00:59:00Z'), UTC)).toBe('Nov 21, 2026, 12:59 AM');
    expect(formatDateTime(new Date('2026-11-21T12:00:00Z'), UTC)).toBe('Nov 21, 2026, 12:00 PM');
    expect(formatDateTime(new Date('2026-11-21T11:59:00Z'), UTC)).toBe('Nov 21, 2026, 11:59 AM');
    expect(formatDateTime(new Date('2026-11-21T23:59:00Z'), UTC)).toBe('Nov 21, 2026, 11:59 PM');
  });

  it('applies the time zone given, including half-hour offsets', () => {
    const d = new Date('2026-11-21T23:30:00Z');
    expect(formatDateTime(d, { timeZone: 'Africa/Lagos' })).toBe('Nov 22, 2026, 12:30 AM');
    expect(formatDateTime(d, { timeZone: 'Asia/Kolkata' })).toBe('Nov 22, 2026, 5:00 AM');
  });

  it('uses the local time when no zone is given', () => {
    expect(formatDateTime(new Date(2026, 10, 21, 15, 7))).toBe('Nov 21, 2026, 3:07 PM');
  });

  it('throws on an invalid date', () => {
    expect(() => formatDateTime(new Date(Number.NaN), UTC)).toThrow('Invalid time value');
  });
});

describe('agreement with Intl en-US (property)', () => {
  const dates = fc.date({ min: new Date('1000-01-02T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true });
  const zones = fc.constantFrom('UTC', 'Africa/Lagos', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham');
  const norm = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

  it('formatDate matches { month: short, day: numeric, year: numeric }', () => {
    fc.assert(
      fc.property(dates, zones, (d, timeZone) => {
        const expected = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(d);
        expect(formatDate(d, { timeZone })).toBe(norm(expected));
      }),
    );
  });

  it('formatDateTime matches the same plus { hour: numeric, minute: 2-digit }', () => {
    fc.assert(
      fc.property(dates, zones, (d, timeZone) => {
        const expected = new Intl.DateTimeFormat('en-US', {
          timeZone,
          month: 'short',
          day: 'numeric',
          year: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          hour12: true,
        }).format(d);
        expect(formatDateTime(d, { timeZone })).toBe(norm(expected));
      }),
    );
  });

  it('without a zone, matches Intl in the runtime zone', () => {
    fc.assert(
      fc.property(dates, (d) => {
        const expected = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(d);
        expect(formatDate(d)).toBe(norm(expected));
      }),
    );
  });
});
