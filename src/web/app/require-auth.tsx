import { signInPath } from '@shared/rules/return-path';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenLoading } from '../components/layout/full-screen-loading';
import { signOutLeaving, useSession } from '../features/auth/hooks/use-session';

/**
 * Login-required routes: 'Loading...' while the session is unknown, then visitors go to /auth,
 * which brings them back here once they are signed in (not after signing out here: home then).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  useEffect(() => signOutLeaving.forget, []);
  if (session.status === 'loading') return <FullScreenLoading />;
  // Signed out from this page: the way home is under way.
  if (session.status === 'signed-out' && signOutLeaving.is(location.pathname)) return null;
  if (session.status === 'signed-out') return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  return <>{children}</>;
}
