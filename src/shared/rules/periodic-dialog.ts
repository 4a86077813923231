/**
 * Periodic home-page dialogs (SPEC §4 'Periodic dialogs'): 'Your Submission Status' for a signed-in
 * person, 'Join to Share Your Vision' for a visitor, each at most once per 30 minutes; the time it
 * was last shown is kept on the device (localStorage, under the keys below, as epoch milliseconds).
 *
 * Rule: show when it was never shown (or the stored value is unreadable), or when at least the
 * interval lies between the last showing and now: exactly 30 minutes later it shows again.
 * A last-shown time in the FUTURE means the device clock went back (or the value was written by a
 * clock that was ahead). By as much as the interval or more: show (the stored value cannot be
 * trusted, and showing rewrites it, so this happens once). By less than the interval (an NTP
 * correction of a few seconds, say): do not show, so a small step back never shows the dialog
 * twice in a row; it shows again at the latest two intervals after the stored time.
 */
import { STATUS_DIALOG_INTERVAL_MS } from '../constants.ts';

export const STATUS_DIALOG_STORAGE_KEY = 'ideahub:status-dialog:last-shown';
export const JOIN_DIALOG_STORAGE_KEY = 'ideahub:join-dialog:last-shown';

export function shouldShowPeriodicDialog(
  lastShownAt: number | null,
  now: number,
  intervalMs: number = STATUS_DIALOG_INTERVAL_MS,
): boolean {
  if (lastShownAt === null || !Number.isFinite(lastShownAt)) return true;
  return Math.abs(now - lastShownAt) >= intervalMs;
}

/** The stored last-shown value (a localStorage string) as epoch milliseconds; null when absent or unreadable. */
export function parseLastShown(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || !/^\d{1,16}$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return Number.isSafeInteger(value) ? value : null;
}
