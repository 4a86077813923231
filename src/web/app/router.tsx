/**
 * The route table, read from the screens (app/routes/*.tsx, one module per screen): each screen's
 * addresses in its layout, its page behind the sign-in check when it asks for one, its head, its
 * error view. Declarative mode (<BrowserRouter> in main.tsx, <StaticRouter> in entry.server.tsx,
 * `useRoutes`): the data router would add to the home page's first load what our loaders, run by
 * the server (load-page.ts), do not need (docs/decisions/0032-one-module-per-screen.md).
 */
import { type ReactNode, Suspense } from 'react';
import { Navigate, type RouteObject, useParams, useRoutes } from 'react-router';
import { FullScreenLoading } from '../components/layout/full-screen-loading';
import { PageMeta } from '../components/layout/page-meta';
import { BareLayout, FrameLayout, SiteLayout } from './layouts';
import { RequireAuth } from './require-auth';
import { fillPath, type Layout, pathsOf, type Screen } from './route';
import { RouteErrorBoundary } from './route-error-boundary';
import { TookOver } from './took-over';

/** Every screen, by its module's file name (sorted): adding a file under routes/ adds the screen. */
export const screens: readonly Screen[] = Object.values(import.meta.glob<Screen>('./routes/*.tsx', { eager: true, import: 'default' }));

/** What a matched route of the table is: a screen at one of its addresses, or an old address of one. */
export interface RouteHandle {
  screen: Screen;
  /** Set on an old address (redirectFrom): the address it leads to, with the same parameters. */
  redirectTo?: string;
}

function Redirect({ to }: { to: string }) {
  return <Navigate to={fillPath(to, useParams())} replace />;
}

function screenElement(screen: Screen): ReactNode {
  const { Page, meta, ErrorView, signedIn } = screen;
  // TookOver sits beside the page, inside its Suspense boundary: it runs once the page has hydrated.
  const page = (
    <>
      {meta ? <PageMeta {...meta} /> : null}
      <RouteErrorBoundary view={ErrorView}>
        <Page />
      </RouteErrorBoundary>
      <TookOver part="page" />
    </>
  );
  return signedIn ? <RequireAuth>{page}</RequireAuth> : page;
}

function routesOf(screen: Screen): RouteObject[] {
  const element = screenElement(screen);
  const handle: RouteHandle = { screen };
  const own = pathsOf(screen).map((path): RouteObject => ({ path, element, handle }));
  const old = (screen.redirectFrom ?? []).map((path): RouteObject => {
    const to = pathsOf(screen)[0]!;
    return { path, element: <Redirect to={to} />, handle: { screen, redirectTo: to } satisfies RouteHandle };
  });
  return [...own, ...old];
}

const LAYOUTS: Record<Exclude<Layout, 'none'>, ReactNode> = { site: <SiteLayout />, bare: <BareLayout />, frame: <FrameLayout /> };
const inLayout = (layout: Layout) => screens.filter((s) => s.layout === layout).flatMap(routesOf);

export const routes: RouteObject[] = [
  ...(['site', 'bare', 'frame'] as const).map((layout): RouteObject => ({ element: LAYOUTS[layout], children: inLayout(layout) })),
  // Screens with their own frame (the admin panel): loading view while their chunk arrives.
  ...inLayout('none').map((route) => ({ ...route, element: <Suspense fallback={<FullScreenLoading />}>{route.element}</Suspense> })),
];

/** The page for the current address. */
export function AppRoutes() {
  return useRoutes(routes);
}
