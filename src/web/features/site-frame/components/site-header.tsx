import type { SessionUser } from '@shared/schemas/auth';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { useSession, useSignOut } from '../../auth';
import { NotificationBellSlot } from '../../notifications';
import { Logo } from '../../../components/brand/logo';
import { Button } from '../../../components/ui/button';
import { AccountMenu, LearnMoreMenu, MobileDrawer } from '../../../components/layout/lazy-header-menus';
import { ThemeToggle } from '../../../components/layout/theme-toggle';

/**
 * The one header of every page a signed-in person sees (issue 15 point 9), also in the admin
 * panel's bar: 'Share', the theme toggle, the notifications bell and the account menu. Sized to
 * fit a 375 px screen whole (nothing truncated).
 */
export function SignedInActions({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  return (
    <>
      <Button asChild size="sm" className="h-9 px-3 has-[>svg]:px-3">
        <Link to="/create-idea">
          <Plus aria-hidden /> Share
        </Link>
      </Button>
      <ThemeToggle />
      <NotificationBellSlot userId={user.id} />
      <AccountMenu user={user} signOut={{ run: () => signOut.mutate(), pending: signOut.isPending }} />
    </>
  );
}

/**
 * The site header of SPEC §2: brand block (its tagline from 640 px up); for a visitor Learn More,
 * the theme toggle, Sign In and Join (a drawer on phones); for a signed-in person Learn More (in
 * the account menu on phones) and SignedInActions.
 */
export function SiteHeader() {
  const session = useSession();
  return (
    <header className="bg-background/85 supports-[backdrop-filter]:bg-background/70 sticky top-0 z-40 border-b backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6">
        <Link to="/" className="focus-visible:ring-ring min-w-0 shrink-0 rounded-md focus-visible:ring-2 focus-visible:outline-none">
          <Logo withTagline size="sm" className="[&_[data-slot=logo-mark]]:size-9 max-sm:[&_span_span:last-child]:hidden" />
        </Link>
        <div className="flex items-center gap-1 md:gap-2">
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            <LearnMoreMenu />
            {session.status === 'signed-in' ? null : <ThemeToggle />}
            {session.status === 'signed-in' ? null : (
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
          {session.status === 'signed-in' ? (
            <SignedInActions user={session.user} />
          ) : (
            <div className="flex items-center gap-1 md:hidden">
              <Button asChild size="sm">
                <Link to="/auth">Join</Link>
              </Button>
              <MobileDrawer />
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
