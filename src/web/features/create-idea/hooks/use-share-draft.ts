/**
 * The share form's draft (issue 15 point 1) while the page is open: read once when it opens
 * (useShareDraft), kept on every change and checked at once when restored (useKeepDraft), and let
 * go when the item is shared or cancelled.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { IdeaFormValues } from '../../idea-form';
import { clearDraft, loadDraft, saveDraft } from '../lib/share-draft';

export interface ShareDraft {
  userId: string | null;
  defaults: IdeaFormValues;
  /** The draft this person left, or null. */
  restored: IdeaFormValues | null;
  /** Whether 'Your draft is back' shows. */
  noticeShown: boolean;
  /** Shared or cancelled: the draft is gone, and later changes (the lists refreshing) keep nothing. */
  close: () => void;
  /** 'Discard draft': back to an empty form. */
  discard: (form: UseFormReturn<IdeaFormValues>) => void;
  closed: RefObject<boolean>;
}

export function useShareDraft(userId: string | null, defaults: IdeaFormValues): ShareDraft {
  const [restored] = useState(() => (userId ? loadDraft(userId, defaults) : null));
  const [noticeShown, setNoticeShown] = useState(restored !== null);
  const closed = useRef(false);
  return {
    userId,
    defaults,
    restored,
    noticeShown,
    close() {
      closed.current = true;
      if (userId) clearDraft(userId);
    },
    discard(form) {
      if (userId) clearDraft(userId);
      form.reset(defaults);
      setNoticeShown(false);
    },
    closed,
  };
}

/** Every change is kept for the session, so leaving (to complete the profile) loses nothing. */
export function useKeepDraft(form: UseFormReturn<IdeaFormValues>, draft: ShareDraft): void {
  const { watch, trigger } = form;
  const { userId, defaults, restored, closed } = draft;
  useEffect(() => {
    if (!userId) return;
    const subscription = watch((values) => {
      if (!closed.current) saveDraft(userId, { ...defaults, ...values } as IdeaFormValues);
    });
    return () => subscription.unsubscribe();
  }, [watch, userId, defaults, closed]);
  // A restored draft is checked at once, as if typed: its messages show and Share waits for a fix.
  useEffect(() => {
    if (restored) void trigger();
  }, [restored, trigger]);
}
