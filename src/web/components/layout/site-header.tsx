import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '../../features/auth/hooks/use-session';
import { NotificationBellSlot } from '../../features/notifications/components/lazy-notification-bell';
import { Logo } from '../brand/logo';
import { Button } from '../ui/button';
import { LearnMoreMenu, MobileDrawer } from './lazy-header-menus';
import { ThemeToggle } from './theme-toggle';

/** The site header of SPEC §2: brand block with tagline; Sign In / Join or Dashboard; Learn More; the notifications bell. */
export function SiteHeader() {
  const session = useSession();
  return (
    <header className="bg-background/85 supports-[backdrop-filter]:bg-background/70 sticky top-0 z-40 border-b backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to="/" className="min-w-0 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Logo withTagline size="sm" className="[&_[data-slot=logo-mark]]:size-9 [&_span_span:last-child]:max-w-[11.5rem] [&_span_span:last-child]:truncate sm:[&_span_span:last-child]:max-w-none" />
        </Link>
        <div className="flex items-center gap-1 md:gap-2">
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            <LearnMoreMenu />
            <ThemeToggle />
            {session.status === 'signed-in' ? (
              <Button asChild className="ml-2">
                <Link to="/dashboard">
                  <LayoutDashboard className="size-4" aria-hidden /> Dashboard
                </Link>
              </Button>
            ) : (
              <div className="ml-2 flex items-center gap-2" aria-busy={session.status === 'loading'}>
                <Button asChild variant="outline">
                  <Link to="/auth">Sign In</Link>
                </Button>
                <Button asChild>
                  <Link to="/auth">Join</Link>
                </Button>
              </div>
            )}
          </nav>
          <NotificationBellSlot userId={session.user?.id} />
          <div className="flex items-center gap-1 md:hidden">
            {session.status === 'signed-in' ? (
              <Button asChild size="sm">
                <Link to="/dashboard">Dashboard</Link>
              </Button>
            ) : (
              <Button asChild size="sm">
                <Link to="/auth">Join</Link>
              </Button>
            )}
            <MobileDrawer />
          </div>
        </div>
      </div>
    </header>
  );
}
