/**
 * The route table of SPEC §2. Every page but home is its own lazily loaded chunk; the admin
 * panel's code never ships with the home page. Declarative mode (<BrowserRouter> in main.tsx and
 * `useRoutes`): nothing here uses loaders or actions, and react-router's data router would add
 * ~17 KiB gzip to the home route's first load (bench/RESULTS.md).
 */
import { Suspense, type ComponentType, lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject, useParams, useRoutes } from 'react-router';
import { FullScreenLoading } from '../components/layout/full-screen-loading';
import HomePage from '../features/ideas/pages/home-page';
import { BareLayout, FrameLayout, SiteLayout } from './layouts';
import { RequireAuth } from './require-auth';

/**
 * A page in its own chunk (React's lazy). The server waits for it before it sends a page; the
 * browser hydrates that markup once the chunk is in (the layouts' Suspense keeps it meanwhile).
 */
const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'element'> => {
  const Page = lazy(load);
  return { element: <Page /> };
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

/** The page for the current address. */
export function AppRoutes() {
  return useRoutes(routes);
}
