import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STATUS_DIALOG_INTERVAL_MS } from '../constants.ts';
import { JOIN_DIALOG_STORAGE_KEY, STATUS_DIALOG_STORAGE_KEY, parseLastShown, shouldShowPeriodicDialog } from './periodic-dialog.ts';

const NOW = Date.UTC(2026, 10, 21, 12);
const MIN = 60_000;

describe('storage keys', () => {
  it('are the device keys for both dialogs', () => {
    expect(STATUS_DIALOG_STORAGE_KEY).toBe('ideahub:status-dialog:last-shown');
    expect(JOIN_DIALOG_STORAGE_KEY).toBe('ideahub:join-dialog:last-shown');
  });
});

describe('shouldShowPeriodicDialog', () => {
  it('shows when never shown', () => {
    expect(shouldShowPeriodicDialog(null, NOW)).toBe(true);
  });

  it('shows at most once per 30 minutes; exactly 30 minutes later it shows', () => {
    expect(STATUS_DIALOG_INTERVAL_MS).toBe(30 * MIN);
    expect(shouldShowPeriodicDialog(NOW, NOW)).toBe(false);
    expect(shouldShowPeriodicDialog(NOW - 29 * MIN, NOW)).toBe(false);
    expect(shouldShowPeriodicDialog(NOW - 30 * MIN + 1, NOW)).toBe(false);
    expect(shouldShowPeriodicDialog(NOW - 30 * MIN, NOW)).toBe(true);
    expect(shouldShowPeriodicDialog(NOW - 30 * MIN - 1, NOW)).toBe(true);
    expect(shouldShowPeriodicDialog(NOW - 24 * 60 * MIN, NOW)).toBe(true);
  });

  it('takes a custom interval', () => {
    expect(shouldShowPeriodicDialog(NOW - 5 * MIN, NOW, 5 * MIN)).toBe(true);
    expect(shouldShowPeriodicDialog(NOW - 4 * MIN, NOW, 5 * MIN)).toBe(false);
    expect(shouldShowPeriodicDialog(NOW, NOW, 0)).toBe(true);
  });

  it('clock went back: a small step does not show again, a step of the interval or more does', () => {
    expect(shouldShowPeriodicDialog(NOW + 2_000, NOW)).toBe(false);
    expect(shouldShowPeriodicDialog(NOW + 30 * MIN - 1, NOW)).toBe(false);
    expect(shouldShowPeriodicDialog(NOW + 30 * MIN, NOW)).toBe(true);
    expect(shouldShowPeriodicDialog(NOW + 365 * 24 * 60 * MIN, NOW)).toBe(true);
  });

  it('shows when the stored value is not a number', () => {
    expect(shouldShowPeriodicDialog(Number.NaN, NOW)).toBe(true);
    expect(shouldShowPeriodicDialog(Number.POSITIVE_INFINITY, NOW)).toBe(true);
  });

  it('is never suppressed for more than two intervals after the stored time (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.integer({ min: 0, max: 1e13 }), (last, now) => {
        const show = shouldShowPeriodicDialog(last, now);
        if (now - last >= STATUS_DIALOG_INTERVAL_MS) expect(show).toBe(true);
        if (!show) expect(Math.abs(now - last)).toBeLessThan(STATUS_DIALOG_INTERVAL_MS);
        // once shown at `now`, it stays hidden until a full interval later
        expect(shouldShowPeriodicDialog(now, now + STATUS_DIALOG_INTERVAL_MS - 1)).toBe(false);
      }),
    );
  });
});

describe('parseLastShown', () => {
  it('reads epoch milliseconds stored as text', () => {
    expect(parseLastShown(String(NOW))).toBe(NOW);
    expect(parseLastShown(' 0 ')).toBe(0);
  });

  it('gives null for a missing or unreadable value', () => {
    for (const raw of [null, undefined, '', 'abc', '12.5', '-5', '1e12', '99999999999999999', 'NaN']) {
      expect(parseLastShown(raw)).toBeNull();
    }
  });

  it('round-trips with shouldShowPeriodicDialog', () => {
    expect(shouldShowPeriodicDialog(parseLastShown(null), NOW)).toBe(true);
    expect(shouldShowPeriodicDialog(parseLastShown(String(NOW - MIN)), NOW)).toBe(false);
  });
});
