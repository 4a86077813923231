/**
 * Maintenance mode on the web (admin setting). Mount it around a layout's content:
 *
 *   <MaintenanceGate><div className="flex min-h-dvh flex-col">…header, <Outlet />, footer…</div></MaintenanceGate>
 *
 * While maintenance is on, visitors and signed-in people who are not admins see the maintenance
 * page instead (the sign-in pages stay reachable, so an admin can get in); admins see the site
 * as usual under a banner. Off: it renders its children and nothing else.
 */
import { Construction, RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { LogoMark } from '../../../components/brand/logo';
import { FullScreenLoading } from '../../../components/layout/full-screen-loading';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../auth';
import { useMaintenanceStatus } from '../api/maintenance';

/** Pages that stay open during maintenance: signing in (and its confirmation and reset pages). */
const OPEN_PATHS = /^\/auth(\/|$)/;

export function MaintenanceGate({ children, showBanner = true }: { children: ReactNode; showBanner?: boolean }) {
  const status = useMaintenanceStatus();
  const session = useSession();
  const { pathname } = useLocation();

  if (!status.data?.maintenanceMode) return <>{children}</>;
  if (session.status === 'loading') return <FullScreenLoading />;
  if (session.user?.role === 'admin') {
    return (
      <>
        {showBanner && <MaintenanceBanner />}
        {children}
      </>
    );
  }
  if (OPEN_PATHS.test(pathname)) return <>{children}</>;
  return (
    <MaintenancePage
      message={status.data.message}
      onRetry={() => void status.refetch()}
      retrying={status.isFetching}
      signedIn={session.status === 'signed-in'}
    />
  );
}

/** What admins see above the site while maintenance mode is on. */
export function MaintenanceBanner({ className = '' }: { className?: string }) {
  return (
    <div role="status" className={`bg-warning text-warning-foreground ${className}`}>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-3 gap-y-1 px-4 py-2 text-center text-sm">
        <TriangleAlert className="size-4 shrink-0" aria-hidden />
        <span>
          <strong className="font-semibold">Maintenance mode is on.</strong> Visitors and users see the maintenance page; only admins can use
          the site.
        </span>
        <Link to="/admin/settings" className="font-semibold underline underline-offset-4">
          Open settings
        </Link>
      </div>
    </div>
  );
}

export function MaintenancePage({
  message,
  onRetry,
  retrying,
  signedIn,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
  /** A signed-in person who is not an admin: no point offering to sign in. */
  signedIn: boolean;
}) {
  return (
    <main id="main" className="bg-background flex min-h-dvh flex-col items-center justify-center px-6 py-16 text-center">
      <div className="flex max-w-md flex-col items-center gap-6">
        <div className="relative">
          <LogoMark className="size-16" />
          <span className="bg-warning text-warning-foreground absolute -right-2 -bottom-2 flex size-8 items-center justify-center rounded-full shadow-sm ring-4 ring-background">
            <Construction className="size-4" aria-hidden />
          </span>
        </div>
        <div className="space-y-3">
          <h1 className="text-h1">We&apos;ll be back soon</h1>
          <p className="text-muted-foreground">{message}</p>
        </div>
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          <RefreshCw className={retrying ? 'animate-spin' : undefined} aria-hidden />
          Try again
        </Button>
        {!signedIn && (
          <p className="text-muted-foreground text-sm">
            Administrator?{' '}
            <Link to="/auth" className="text-primary font-medium underline-offset-4 hover:underline">
              Sign in
            </Link>
          </p>
        )}
      </div>
    </main>
  );
}
