/**
 * The route table of SPEC §2. Every page but home is its own lazily loaded chunk; the admin
 * panel's code never ships with the home page. Declarative mode (<BrowserRouter> in main.tsx and
 * `useRoutes`): nothing here uses loaders or actions, and react-router's data router would add
 * ~17 KiB gzip to the home route's first load (bench/RESULTS.md).
 */
import { Suspense, type ComponentType, lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject, useParams, useRoutes } from 'react-router';
import { FullScreenLoading } from '../components/layout/full-screen-loading';
import { PageMeta } from '../components/layout/page-meta';
import HomePage from '../features/ideas/pages/home-page';
import { BareLayout, FrameLayout, SiteLayout } from './layouts';
import { TookOver } from './took-over';
import { RequireAuth } from './require-auth';

/** A route's head (React 19 puts it in the document's head); pages whose head depends on their data render their own. */
type Meta = { title: string; description?: string };

/**
 * A page in its own chunk (React's lazy), with its route's head. The server waits for it before
 * it sends a page; the browser hydrates that markup once the chunk is in (the layouts' Suspense
 * keeps it meanwhile).
 */
const page = (load: () => Promise<{ default: ComponentType }>, meta?: Meta): Pick<RouteObject, 'element'> => {
  const Page = lazy(load);
  return { element: withMeta(<Page />, meta) };
};
// TookOver sits beside the page, inside its Suspense boundary: it runs once the page has hydrated.
const withMeta = (node: ReactNode, meta?: Meta) => (
  <>
    {meta ? <PageMeta {...meta} /> : null}
    {node}
    <TookOver part="page" />
  </>
);

const HOME_META: Meta = {
  title: 'IdeaHub — Discover brilliant ideas and amazing products',
  description:
    'IdeaHub is the platform for sharing brilliant ideas and discovering amazing products. Share your ideas with a price, get community feedback and unlock premium insights.',
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
      { path: '/', element: withMeta(<HomePage />, HOME_META) },
      {
        path: '/about',
        ...page(() => import('../features/marketing/pages/about-page'), {
          title: 'About | IdeaHub',
          description:
            'IdeaHub is the official platform for sharing brilliant ideas and discovering amazing products. Share ideas with descriptions and pricing, get community feedback and unlock premium features.',
        }),
      },
      { path: '/privacy', ...page(() => import('../features/marketing/pages/privacy-page')) },
      { path: '/terms', ...page(() => import('../features/marketing/pages/terms-page')) },
      { path: '/ideas/:id', ...page(() => import('../features/idea-details/pages/idea-details-page')) },
      { path: '/idea/:id', element: <LegacyIdeaRedirect /> },
      { path: '/makers/:userId', ...page(() => import('../features/makers/pages/maker-page')) },
      {
        path: '/notifications',
        element: guarded(page(() => import('../features/notifications/pages/notifications-page'), { title: 'Notifications | IdeaHub' }).element),
      },
      {
        path: '/messages/:conversationId',
        element: guarded(page(() => import('../features/messages/pages/conversation-page')).element),
      },
      { path: '/dashboard', element: guarded(page(() => import('../features/dashboard/pages/dashboard-page'), { title: 'Dashboard | IdeaHub' }).element) },
      { path: '/profile', element: guarded(page(() => import('../features/profile/pages/profile-page'), { title: 'Profile | IdeaHub' }).element) },
      {
        path: '/create-idea',
        element: guarded(page(() => import('../features/create-idea/pages/create-idea-page'), { title: 'Share an Idea or Product | IdeaHub' }).element),
      },
      { path: '/unsubscribe', ...page(() => import('../features/notifications/pages/unsubscribe-page')) },
      {
        path: '*',
        ...page(() => import('../features/marketing/pages/not-found-page'), {
          title: 'Page not found | IdeaHub',
          description: 'The page you are looking for does not exist on IdeaHub.',
        }),
      },
    ],
  },
  {
    element: <BareLayout />,
    children: [
      // Its title follows its tab (Sign In or Sign Up): the page sets its own head.
      { path: '/auth', ...page(() => import('../features/auth/pages/auth-page')) },
      { path: '/auth/reset-password', ...page(() => import('../features/auth/pages/reset-password-page'), { title: 'Choose a new password | IdeaHub' }) },
      { path: '/auth/verified', ...page(() => import('../features/auth/pages/verified-page'), { title: 'Email confirmation | IdeaHub' }) },
      { path: '/dev/outbox', ...page(() => import('../features/dev-outbox/pages/outbox-page'), { title: 'Development outbox | IdeaHub' }) },
      // The newsletter's mail links: confirm (double opt-in) and unsubscribe; the page sets its own head.
      { path: '/newsletter/confirm', ...page(() => import('../features/newsletter/pages/newsletter-link-page')) },
      { path: '/newsletter/unsubscribe', ...page(() => import('../features/newsletter/pages/newsletter-link-page')) },
    ],
  },
  {
    element: <FrameLayout />,
    children: [{ path: '/coupons/redeem', element: guarded(page(() => import('../features/coupons/pages/redeem-page'), { title: 'Redeem coupon | IdeaHub' }).element) }],
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
