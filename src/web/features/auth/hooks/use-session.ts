/**
 * The auth state of SPEC §4: loading until the first answer from the server, then signed in or
 * signed out. The session lives in an httpOnly cookie; asking get-session also renews it while
 * the person keeps using the site, and rechecking on focus notices a sign-out in another tab.
 */
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SessionUser } from '@shared/schemas/auth';
import { toast } from '../../../components/ui/use-toast';
import { authClient } from '../../../lib/auth-client';

export type { SessionUser };

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-in'; user: SessionUser }
  | { status: 'signed-out'; user: null };

export const sessionQueryKey = ['session'] as const;

const RECHECK_MS = 10 * 60_000;

export function useSession(): SessionState {
  const q = useQuery({
    queryKey: sessionQueryKey,
    queryFn: authClient.getSession,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    refetchInterval: RECHECK_MS,
  });
  if (q.isPending) return { status: 'loading', user: null };
  if (q.data) return { status: 'signed-in', user: q.data };
  return { status: 'signed-out', user: null };
}


/**
 * Whether someone is signed in, without watching the session: its answer if known, else the
 * answer of the request already under way (or a new one). A failed check counts as signed out.
 */
export async function isSignedIn(client: QueryClient): Promise<boolean> {
  const user = await client.ensureQueryData({ queryKey: sessionQueryKey, queryFn: authClient.getSession }).catch(() => null);
  return Boolean(user);
}

/**
 * The login-required page a sign-out is leaving. React Router's navigation home is a transition,
 * while the cleared session re-renders at once: RequireAuth keeps this page blank meanwhile
 * instead of sending the person to /auth (it forgets the page once it leaves it).
 */
let leavingPath: string | null = null;
export const signOutLeaving = {
  is: (path: string) => leavingPath === path,
  forget: () => void (leavingPath = null),
};

/** Ends the session on the server, forgets everything cached for the person, goes home and says so. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: authClient.signOut,
    onSuccess: async () => {
      // Leave the page first: a login-required page that saw the session vanish would otherwise
      // race this navigation with its own redirect to /auth.
      leavingPath = window.location.pathname;
      await navigate('/', { replace: true });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, null);
      toast({ title: 'Signed out', description: 'You have been signed out. See you soon!' });
    },
    onError: (error: Error) => {
      toast({ variant: 'destructive', title: 'Sign Out Error', description: error.message });
    },
  });
}
