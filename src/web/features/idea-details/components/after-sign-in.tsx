import { type AfterSignIn, afterSignInIn, THEN_PARAM } from '@shared/rules/after-sign-in';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Back on the item after signing in from one of its prompts (`?then=<action>`,
 * src/shared/rules/after-sign-in.ts): once the person is signed in and the item is read as theirs
 * (`ready`; `refresh` reads it again when it is still the visitor's), the parameter leaves the
 * address (the #section stays, so the page stays where they pressed) and `run` does the action.
 */
export function AfterSignInAction({
  signedIn,
  ready,
  refresh,
  run,
}: {
  signedIn: boolean;
  ready: boolean;
  refresh: () => void;
  run: (action: AfterSignIn) => void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const action = afterSignInIn(new URLSearchParams(location.search));
  const done = useRef(false);
  const refreshed = useRef(false);
  const latest = useRef({ run, refresh });
  useEffect(() => {
    latest.current = { run, refresh };
  });
  useEffect(() => {
    if (!action || !signedIn || done.current) return;
    if (!ready) {
      if (!refreshed.current) latest.current.refresh();
      refreshed.current = true;
      return;
    }
    done.current = true;
    const params = new URLSearchParams(location.search);
    params.delete(THEN_PARAM);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, preventScrollReset: true });
    const section = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    section?.scrollIntoView({ block: 'start' });
    latest.current.run(action);
  }, [action, signedIn, ready, location, navigate]);
  return null;
}

/** Calls `found` with the element once `ref` holds it (a part still loading), else `missing` after a couple of seconds. */
export function whenMounted<T>(ref: { current: T | null }, found: (element: T) => void, missing: () => void, frames = 300): void {
  if (ref.current) return found(ref.current);
  if (frames <= 0) return missing();
  requestAnimationFrame(() => whenMounted(ref, found, missing, frames - 1));
}
