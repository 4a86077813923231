/**
 * The server's part of a page before it renders (entry.server.tsx): the screen at the address
 * (router.tsx's table), what every page is drawn from (the maintenance status; a signed-in
 * reader's unread count for their header), then the screen's own loader. Answers go into the query
 * cache under the keys the page's hooks read, so the server's render shows them and the browser,
 * which hydrates the same cache, asks nothing again.
 */
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { maintenanceKey } from '../features/admin/api/maintenance';
import { sessionQueryKey } from '../features/auth/hooks/use-session';
import { notificationsKeys } from '../features/notifications/api/notifications-keys';
import { type AskApi, parseAnswer } from './route';
import { type RouteHandle, routes } from './router';

export interface PageLoad {
  /** True: the server renders the page; false: the browser does (the signed-in areas: dashboard, admin…). */
  rendered: boolean;
  status: 200 | 404;
  /** The page's own chunk (its module under src/web, as the build manifest names it), fetched with the entry. */
  page: string | null;
}

/**
 * Puts the page at `url`'s data in `client` and says how it is served. An answer other than 200
 * leaves its query pending, for the browser to ask (the server's render draws it loading), unless
 * the screen's loader keeps it as the error the page shows (an item that does not exist).
 */
export async function loadPage(client: QueryClient, url: URL, ask: AskApi): Promise<PageLoad> {
  const match = matchRoutes(routes, url.pathname)?.at(-1);
  const { screen, redirectTo } = match?.route.handle as RouteHandle;
  // Every page is behind the maintenance gate (MaintenanceGate), which reads this first.
  const maintenance = ask('/api/maintenance').then((answer) => {
    const status = answer.status === 200 ? parseAnswer(answer) : undefined;
    if (status !== undefined) client.setQueryData(maintenanceKey, status);
  });
  // A signed-in reader's header shows their unread count: drawn by the server, hydrated as drawn.
  const unread = client.getQueryData(sessionQueryKey)
    ? ask('/api/notifications/unread-count').then((answer) => {
        const count = answer.status === 200 ? parseAnswer<{ unread: number }>(answer) : undefined;
        if (typeof count?.unread === 'number') client.setQueryData(notificationsKeys.unread(), { unread: count.unread });
      })
    : null;
  // An old address is answered 301 by the server itself (the route manifest); the router redirects too.
  if (screen.render === 'browser' || redirectTo) {
    await Promise.all([maintenance, unread]);
    return { rendered: false, status: 200, page: null };
  }
  const [loaded] = await Promise.all([screen.loader?.({ client, url, params: match!.params, ask }), maintenance, unread]);
  return { rendered: true, status: loaded?.status ?? screen.status ?? 200, page: screen.chunk };
}
