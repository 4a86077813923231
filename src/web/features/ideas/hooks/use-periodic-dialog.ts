import {
  JOIN_DIALOG_STORAGE_KEY,
  parseLastShown,
  shouldShowPeriodicDialog,
  STATUS_DIALOG_STORAGE_KEY,
} from '@shared/rules/periodic-dialog';
import { useCallback, useEffect, useState } from 'react';
import type { SessionState } from '../../auth';
import type { PeriodicDialogKind } from '../components/periodic-dialogs';

/**
 * How long a person has been on the home page before a due periodic dialog may open (issue 15
 * point 14): their first look is never interrupted.
 *
 * Browser tests that do not want these dialogs: write the current time (epoch ms, as a string)
 * under both storage keys before the page loads, e.g. with Playwright
 *   context.addInitScript(() => { for (const k of ['ideahub:status-dialog:last-shown',
 *     'ideahub:join-dialog:last-shown']) localStorage.setItem(k, String(Date.now())); });
 * tests/e2e/support/browser.ts does this for every page unless `periodicDialogs: true` is passed.
 */
export const PERIODIC_DIALOG_DELAY_MS = 20_000;
/** While the person is busy (a menu, a dialog, a form), how often to look again. */
export const PERIODIC_DIALOG_RETRY_MS = 2_000;

/** Anything open on top of the page: a dialog or drawer, a menu, a select's list, a popover. */
const OPEN_OVERLAY = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [data-radix-popper-content-wrapper]';

/**
 * Whether a dialog would interrupt the person now: something is open over the page, they are in a
 * form (typing a search, say), or the page is not in view.
 */
export function personIsBusy(doc: Document): boolean {
  if (doc.visibilityState === 'hidden') return true;
  if (doc.querySelector(OPEN_OVERLAY)) return true;
  const active = doc.activeElement;
  if (!active || active === doc.body) return false;
  return Boolean(active.closest('form')) || active.matches('input, textarea, select, [contenteditable=""], [contenteditable="true"]');
}

function isDue(key: string): boolean {
  let last: number | null;
  try {
    last = parseLastShown(localStorage.getItem(key));
  } catch {
    last = null;
  }
  return shouldShowPeriodicDialog(last, Date.now());
}

/**
 * Which periodic dialog is due now on the home page (null: none): checked once the person has
 * been on the page for the delay, and then only while nothing else has their attention.
 */
export function usePeriodicDialog(status: SessionState['status']): [PeriodicDialogKind | null, () => void] {
  const [due, setDue] = useState<PeriodicDialogKind | null>(null);
  useEffect(() => {
    if (status === 'loading') return;
    const kind: PeriodicDialogKind = status === 'signed-in' ? 'status' : 'join';
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      if (!isDue(kind === 'status' ? STATUS_DIALOG_STORAGE_KEY : JOIN_DIALOG_STORAGE_KEY)) return;
      if (personIsBusy(document)) {
        timer = setTimeout(check, PERIODIC_DIALOG_RETRY_MS);
        return;
      }
      setDue(kind);
    };
    timer = setTimeout(check, PERIODIC_DIALOG_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setDue(null);
    };
  }, [status]);
  const done = useCallback(() => setDue(null), []);
  return [due, done];
}
