import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSiteUrl } from '../../../app/site-url';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { authClient } from '../../../lib/auth-client';
import { authConfigQueryKey, useAuthConfig } from '../hooks/use-auth-config';
import { OrDivider } from './auth-shell';
import { useReturnTo } from '../hooks/use-return-to';
import { GOOGLE_NOT_CONFIGURED } from '../lib/auth-messages';

/** `?google=start`: the sign-in page at the site's own address continues with Google at once. */
export const GOOGLE_START_PARAM = 'google';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-4">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9z" />
    </svg>
  );
}

/**
 * 'Continue with Google' (shown only when the site has it: the forms ask the site's settings);
 * back from Google the person lands where they were going (`?next=`). Google returns to PUBLIC_URL,
 * where the flow's state cookie must be: opened at another name of this machine (127.0.0.1 for
 * localhost), the button first moves the page to the site's own address, which continues at once.
 */
export function GoogleButton() {
  const queryClient = useQueryClient();
  const returnTo = useReturnTo();
  const siteUrl = useSiteUrl();
  const [params, setParams] = useSearchParams();
  const [pending, setPending] = useState(false);
  const autoStarted = useRef(false);

  async function start() {
    setPending(true);
    const site = siteUrl ? new URL(siteUrl).origin : window.location.origin;
    if (site !== window.location.origin) {
      const here = new URL(window.location.href);
      here.searchParams.set(GOOGLE_START_PARAM, 'start');
      window.location.assign(`${site}${here.pathname}${here.search}`);
      return;
    }
    try {
      const config = await queryClient.ensureQueryData({ queryKey: authConfigQueryKey, queryFn: authClient.getAuthConfig });
      if (!config.googleEnabled) {
        toast({ variant: 'destructive', title: 'Google Sign In Error', description: GOOGLE_NOT_CONFIGURED });
        setPending(false);
        return;
      }
      window.location.assign(await authClient.googleSignInUrl(returnTo));
    } catch (error) {
      toast({ variant: 'destructive', title: 'Google Sign In Error', description: (error as Error).message });
      setPending(false);
    }
  }

  // Arrived from another name of this machine: carry on with what the person pressed.
  const arrivedToStart = params.get(GOOGLE_START_PARAM) === 'start';
  useEffect(() => {
    if (!arrivedToStart || autoStarted.current) return;
    autoStarted.current = true;
    const next = new URLSearchParams(params);
    next.delete(GOOGLE_START_PARAM);
    setParams(next, { replace: true });
    void start();
    // Once, on arrival (start reads the current page).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrivedToStart]);

  return (
    <Button type="button" variant="outline" className="w-full" onClick={start} disabled={pending}>
      <GoogleMark />
      Continue with Google
    </Button>
  );
}

/** 'or' and Continue with Google, when the site has Google sign-in configured (issue 15 point 5); nothing otherwise. */
export function GoogleSignIn() {
  const { config } = useAuthConfig();
  if (!config.googleEnabled) return null;
  return (
    <>
      <OrDivider />
      <GoogleButton />
    </>
  );
}
