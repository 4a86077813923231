/**
 * The route table of SPEC §2. Every page but home is its own lazily loaded chunk; the admin
 * panel's code never ships with the home page. Declarative mode (<BrowserRouter> in main.tsx and
 * `useRoutes`): nothing here uses loaders or actions, and react-router's data router would add
 * ~17 KiB gzip to the home route's first load (bench/RESULTS.md).
 */
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Navigate, type RouteObject, useParams, useRoutes } from 'react-router';
import { FullScreenLoading } from '../components/layout/full-screen-loading';
import { preloadable } from '../lib/preloadable';
import HomePage from '../features/ideas/pages/home-page';
import { BareLayout, FrameLayout, SiteLayout } from './layouts';
import { RequireAuth } from './require-auth';

/** What a lazily loaded page's route carries so it can be loaded ahead of the first render. */
interface PageHandle {
  preload: () => Promise<unknown>;
}

/**
 * A page in its own chunk. Loaded ahead (`preloadRoute`), its first render is the page itself
 * rather than the loading view: the server renders a page that way (first-screen.tsx), and the
 * app hydrates it the same way (main.tsx). A page module may export `preloadParts` for its own
 * lazy parts, which then render at once too.
 */
const page = (load: () => Promise<{ default: ComponentType; preloadParts?: () => Promise<unknown> }>): Pick<RouteObject, 'element' | 'handle'> => {
  let parts: (() => Promise<unknown>) | undefined;
  const Page = preloadable(() =>
    load().then((m) => {
      parts = m.preloadParts;
      return m.default;
    }),
  );
  // The parts only when preloading for a painted page: a page opened in the app shows them when they come.
  const handle: PageHandle = { preload: () => Page.preload().then(() => parts?.()) };
  return { element: <Page />, handle };
};
const guarded = (node: ReactNode) => <RequireAuth>{node}</RequireAuth>;

function LegacyIdeaRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/ideas/${encodeURIComponent(id)}`} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/about', ...page(() => import('../features/marketing/pages/about-page')) },
      { path: '/privacy', ...page(() => import('../features/marketing/pages/privacy-page')) },
      { path: '/terms', ...page(() => import('../features/marketing/pages/terms-page')) },
      { path: '/ideas/:id', ...page(() => import('../features/idea-details/pages/idea-details-page')) },
      { path: '/idea/:id', element: <LegacyIdeaRedirect /> },
      { path: '*', ...page(() => import('../features/marketing/pages/not-found-page')) },
    ],
  },
  {
    element: <BareLayout />,
    children: [
      { path: '/auth', ...page(() => import('../features/auth/pages/auth-page')) },
      { path: '/auth/reset-password', ...page(() => import('../features/auth/pages/reset-password-page')) },
      { path: '/auth/verified', ...page(() => import('../features/auth/pages/verified-page')) },
      { path: '/dashboard', element: guarded(page(() => import('../features/dashboard/pages/dashboard-page')).element) },
      { path: '/profile', element: guarded(page(() => import('../features/profile/pages/profile-page')).element) },
      { path: '/create-idea', element: guarded(page(() => import('../features/create-idea/pages/create-idea-page')).element) },
      { path: '/dev/outbox', ...page(() => import('../features/dev-outbox/pages/outbox-page')) },
    ],
  },
  {
    element: <FrameLayout />,
    children: [{ path: '/coupons/redeem', element: guarded(page(() => import('../features/coupons/pages/redeem-page')).element) }],
  },
  {
    // The admin panel: its own chunk, with its own layout, nested routes and access check.
    path: '/admin/*',
    element: <Suspense fallback={<FullScreenLoading />}>{guarded(page(() => import('../features/admin/admin-app')).element)}</Suspense>,
  },
];

/**
 * Loads the code of the page(s) for `pathname`, so the next render shows them without suspending.
 * Resolves (never rejects) once loaded, or failed: then the page loads as usual, behind its view.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map((m) => (m.route.handle as PageHandle | undefined)?.preload().catch(() => undefined)));
}

/** The page for the current address. */
export function AppRoutes() {
  return useRoutes(routes);
}
