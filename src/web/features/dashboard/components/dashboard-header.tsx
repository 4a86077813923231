import { Gift, Home, LogOut, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '../../../components/brand/logo';
import { Button } from '../../../components/ui/button';
import { useSession, useSignOut } from '../../auth/hooks/use-session';
import { NotificationBellSlot } from '../../notifications/components/lazy-notification-bell';

/**
 * The dashboard header (SPEC §2 Dashboard): greets the person by full name ('User' if none),
 * with the notifications bell, Profile, Home, Coupons and Sign Out. `onCoupons` opens the My Coupons
 * dialog (Ideas issue).
 */
export function DashboardHeader({ onCoupons }: { onCoupons?: () => void }) {
  const session = useSession();
  const signOut = useSignOut();
  const name = session.user?.name.trim() || 'User';
  return (
    <header className="bg-background/85 supports-[backdrop-filter]:bg-background/70 sticky top-0 z-40 border-b backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <Link to="/" className="focus-visible:ring-ring shrink-0 rounded-md focus-visible:ring-2 focus-visible:outline-none">
            <Logo size="sm" />
          </Link>
          <p className="min-w-0 truncate text-sm sm:text-base">
            Welcome, <span className="font-semibold">{name}</span>
          </p>
        </div>
        <nav aria-label="Dashboard" className="flex items-center gap-1 sm:gap-2">
          <NotificationBellSlot userId={session.user?.id} />
          <Button asChild variant="outline" size="sm">
            <Link to="/profile">
              <UserRound aria-hidden /> <span className="max-sm:sr-only">Profile</span>
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/">
              <Home aria-hidden /> <span className="max-sm:sr-only">Home</span>
            </Link>
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={onCoupons}>
            <Gift aria-hidden /> <span className="max-sm:sr-only">Coupons</span>
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            <LogOut aria-hidden /> <span className="max-sm:sr-only">{signOut.isPending ? 'Signing out...' : 'Sign Out'}</span>
          </Button>
        </nav>
      </div>
    </header>
  );
}
