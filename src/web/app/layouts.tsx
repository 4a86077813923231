import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ScrollToTop } from './scroll-to-top';
import { FullScreenLoading } from '../components/layout/full-screen-loading';
import { SiteFooter, SiteHeader } from '../features/site-frame';
import { MaintenanceGate } from '../features/admin/components/maintenance-gate';

/**
 * Public pages: the site header, the page, the footer. The header and the footer are Suspense
 * boundaries of their own, so on a server-painted page React hydrates them apart from the page.
 */
export function SiteLayout() {
  return (
    <MaintenanceGate>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="bg-primary text-primary-foreground sr-only z-50 rounded-md px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <Suspense fallback={null}>
          <SiteHeader />
        </Suspense>
        <main id="main" className="flex-1">
          <Suspense fallback={<FullScreenLoading />}>
            <Outlet />
          </Suspense>
        </main>
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
        <ScrollToTop />
      </div>
    </MaintenanceGate>
  );
}

/** Pages with their own frame (sign-in, password reset, mail links): the page and the footer. */
export function BareLayout() {
  return (
    <MaintenanceGate>
      <div className="flex min-h-dvh flex-col">
        <main id="main" className="flex-1">
          <Suspense fallback={<FullScreenLoading />}>
            <Outlet />
          </Suspense>
        </main>
        <SiteFooter />
        <ScrollToTop />
      </div>
    </MaintenanceGate>
  );
}

/** Pages shown inside a frame of our own (the coupon redeem page in My Coupons): the page only. */
export function FrameLayout() {
  return (
    <main id="main" className="min-h-dvh">
      <Suspense fallback={<FullScreenLoading />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
