import { signInPath } from '@shared/rules/return-path';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenLoading } from '../components/layout/full-screen-loading';
import { useSession } from '../features/auth/hooks/use-session';

/**
 * Login-required routes: 'Loading...' while the session is unknown, then visitors go to /auth,
 * which brings them back here once they are signed in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <FullScreenLoading />;
  if (session.status === 'signed-out') return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  return <>{children}</>;
}
