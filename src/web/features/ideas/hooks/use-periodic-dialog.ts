import {
  JOIN_DIALOG_STORAGE_KEY,
  parseLastShown,
  shouldShowPeriodicDialog,
  STATUS_DIALOG_STORAGE_KEY,
} from '@shared/rules/periodic-dialog';
import { useCallback, useEffect, useState } from 'react';
import type { SessionState } from '../../auth/hooks/use-session';
import type { PeriodicDialogKind } from '../components/periodic-dialogs';

/**
 * How long the home page waits before a due periodic dialog opens, so it never lands on top of
 * a page that is still loading or of someone's first glance.
 *
 * Browser tests that do not want these dialogs: write the current time (epoch ms, as a string)
 * under both storage keys before the page loads, e.g. with Playwright
 *   context.addInitScript(() => { for (const k of ['ideahub:status-dialog:last-shown',
 *     'ideahub:join-dialog:last-shown']) localStorage.setItem(k, String(Date.now())); });
 * tests/e2e/support/browser.ts does this for every page unless `periodicDialogs: true` is passed.
 */
export const PERIODIC_DIALOG_DELAY_MS = 4000;

function isDue(key: string): boolean {
  let last: number | null;
  try {
    last = parseLastShown(localStorage.getItem(key));
  } catch {
    last = null;
  }
  return shouldShowPeriodicDialog(last, Date.now());
}

/** Which periodic dialog is due now on the home page (null: none), checked after the delay. */
export function usePeriodicDialog(status: SessionState['status']): [PeriodicDialogKind | null, () => void] {
  const [due, setDue] = useState<PeriodicDialogKind | null>(null);
  useEffect(() => {
    if (status === 'loading') return;
    const kind: PeriodicDialogKind = status === 'signed-in' ? 'status' : 'join';
    const timer = setTimeout(() => {
      if (isDue(kind === 'status' ? STATUS_DIALOG_STORAGE_KEY : JOIN_DIALOG_STORAGE_KEY)) setDue(kind);
    }, PERIODIC_DIALOG_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setDue(null);
    };
  }, [status]);
  const done = useCallback(() => setDue(null), []);
  return [due, done];
}
