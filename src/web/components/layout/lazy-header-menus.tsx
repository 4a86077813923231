/**
 * The header's Learn More dropdown, mobile drawer and account menu in a chunk of their own (React's lazy):
 * Radix Menu, Dialog and floating-ui are a large part of the home route's JavaScript
 * (bench/bundle-size.ts). On a server-painted page the server renders them in full and React
 * hydrates them once their chunk is in, replaying a press made before; a page the app renders
 * itself keeps their place empty for that moment, so nothing moves.
 */
import type { SessionUser } from '@shared/schemas/auth';
import { lazy, Suspense } from 'react';
import type { SignOutAction } from './learn-more-menu';

const load = () => import('./learn-more-menu');
const LazyLearnMoreMenu = lazy(() => load().then((m) => ({ default: m.LearnMoreMenu })));
const LazyMobileDrawer = lazy(() => load().then((m) => ({ default: m.MobileDrawer })));
const LazyAccountMenu = lazy(() => load().then((m) => ({ default: m.AccountMenu })));

export function LearnMoreMenu() {
  return (
    <Suspense fallback={<span className="inline-block h-9 w-[7.5rem]" aria-hidden />}>
      <LazyLearnMoreMenu />
    </Suspense>
  );
}

export function MobileDrawer() {
  return (
    <Suspense fallback={<span className="inline-block size-9" aria-hidden />}>
      <LazyMobileDrawer />
    </Suspense>
  );
}

export function AccountMenu({ user, signOut }: { user: SessionUser; signOut: SignOutAction }) {
  return (
    <Suspense fallback={<span className="inline-block size-9 shrink-0" aria-hidden />}>
      <LazyAccountMenu user={user} signOut={signOut} />
    </Suspense>
  );
}
