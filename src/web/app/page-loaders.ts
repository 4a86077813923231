/**
 * What each public page is drawn from, asked of the API by the server before it renders the page
 * (entry.server.tsx), the way React Router's loaders do: the answers go into the query cache under
 * the keys the page's own hooks read, so the server's render shows them and the browser, which
 * hydrates the same cache, asks nothing again. `ask` answers exactly as the API answers the page's
 * reader (their cookies), so nothing reaches a page that its reader could not fetch themselves.
 */
import { homeListRequest } from '@shared/constants';
import type { ErrorBody } from '@shared/schemas/errors';
import type { IdeaDetail, IdeaListResponse } from '@shared/schemas/ideas';
import type { Maker } from '@shared/schemas/makers';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { maintenanceKey } from '../features/admin/api/maintenance';
import { sessionQueryKey } from '../features/auth/hooks/use-session';
import { notificationsKeys } from '../features/notifications/api/notifications-keys';
import { unsubscribeQuery } from '../features/notifications/api/notifications';
import { ideaQuery } from '../features/idea-details/api/get-idea';
import { ideasKeys } from '../features/ideas/api/ideas-keys';
import { browseFilterOf } from '../features/ideas/api/list-ideas';
import { makerIdeasRequest, makerKeys } from '../features/makers/api/maker';
import { ApiError } from '../lib/api-client';
import { isAppRoute } from '@shared/routes';

export interface ApiAnswer {
  status: number;
  body: string;
}

/** The reader's answer of a GET on the API at `path`. */
export type AskApi = (path: string) => Promise<ApiAnswer>;

export interface PageLoad {
  /** True: the server renders the page; false: the browser does (the signed-in areas: dashboard, admin…). */
  rendered: boolean;
  status: 200 | 404;
  /** The page's own chunk (its module under src/web, as the build manifest names it), fetched with the entry. */
  page: string | null;
}

const DETAILS_PATH = /^\/ideas\/([^/]+)\/?$/;
const MAKER_PATH = /^\/makers\/([^/]+)\/?$/;
const STATIC_PAGES: Record<string, string> = {
  '/about': 'features/marketing/pages/about-page.tsx',
  '/privacy': 'features/marketing/pages/privacy-page.tsx',
  '/terms': 'features/marketing/pages/terms-page.tsx',
};
export const DETAILS_PAGE = 'features/idea-details/pages/idea-details-page.tsx';
export const MAKER_PAGE = 'features/makers/pages/maker-page.tsx';
const NOT_FOUND_PAGE = 'features/marketing/pages/not-found-page.tsx';
const UNSUBSCRIBE_PAGE = 'features/notifications/pages/unsubscribe-page.tsx';

const parse = <T,>(answer: ApiAnswer): T | undefined => {
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    return undefined;
  }
};

/**
 * Puts the page at `url`'s data in `client` and says how it is served. An answer other than 200
 * leaves its query pending, for the browser to ask (the server's render draws it loading), except
 * a details page's 404, which the page shows as not found.
 */
export async function loadPage(client: QueryClient, url: URL, ask: AskApi): Promise<PageLoad> {
  const path = url.pathname.replace(/(.)\/$/, '$1');
  // Every page is behind the maintenance gate (MaintenanceGate), which reads this first.
  const maintenance = ask('/api/maintenance').then((answer) => {
    const status = answer.status === 200 ? parse(answer) : undefined;
    if (status !== undefined) client.setQueryData(maintenanceKey, status);
  });
  // A signed-in reader's header shows their unread count: drawn by the server, hydrated as drawn.
  const unread = client.getQueryData(sessionQueryKey)
    ? ask('/api/notifications/unread-count').then((answer) => {
        const count = answer.status === 200 ? parse<{ unread: number }>(answer) : undefined;
        if (typeof count?.unread === 'number') client.setQueryData(notificationsKeys.unread(), { unread: count.unread });
      })
    : null;
  const load = async (): Promise<PageLoad> => {
    if (path === '/') {
      const filter = browseFilterOf(url.searchParams);
      const answer = await ask(homeListRequest(filter));
      const page = answer.status === 200 ? parse<IdeaListResponse>(answer) : undefined;
      if (page && Array.isArray(page.items)) {
        const data: InfiniteData<IdeaListResponse, string | null> = { pages: [page], pageParams: [null] };
        client.setQueryData(ideasKeys.list(filter), data);
      } else if (answer.status === 400) {
        // A refused filter (a negative price, say): the page says why, on the server and in the browser.
        const body = parse<ErrorBody>(answer)?.error;
        const refused = new ApiError(400, body?.code ?? 'bad_request', body?.message ?? 'The filters are not valid.', body?.fields);
        await client.prefetchInfiniteQuery({ queryKey: ideasKeys.list(filter), queryFn: () => Promise.reject(refused), initialPageParam: null, retry: false });
      }
      return { rendered: true, status: 200, page: null };
    }
    const maker = MAKER_PATH.exec(path);
    if (maker) {
      const userId = decodeSegment(maker[1]!);
      const start = url.searchParams.get('cursor') || null;
      const [profile, items] = await Promise.all([ask(`/api/makers/${encodeURIComponent(userId)}`), ask(makerIdeasRequest(userId, start))]);
      if (profile.status === 404 || profile.status === 400) {
        const missing = new ApiError(404, 'not_found', 'Maker not found.');
        await client.prefetchQuery({ queryKey: makerKeys.profile(userId), queryFn: () => Promise.reject(missing), retry: false });
        return { rendered: true, status: 404, page: MAKER_PAGE };
      }
      const found = profile.status === 200 ? parse<Maker>(profile) : undefined;
      if (found) client.setQueryData(makerKeys.profile(userId), found);
      const first = items.status === 200 ? parse<IdeaListResponse>(items) : undefined;
      if (first && Array.isArray(first.items)) {
        const data: InfiniteData<IdeaListResponse, string | null> = { pages: [first], pageParams: [start] };
        client.setQueryData(makerKeys.ideas(userId, start), data);
      }
      return { rendered: true, status: 200, page: MAKER_PAGE };
    }
    const details = DETAILS_PATH.exec(path);
    if (details) {
      const id = decodeSegment(details[1]!);
      const answer = await ask(`/api/ideas/${encodeURIComponent(id)}`);
      const { queryKey } = ideaQuery(id);
      if (answer.status === 200) {
        const idea = parse<IdeaDetail>(answer);
        if (idea) {
          client.setQueryData(queryKey, idea);
          return { rendered: true, status: 200, page: DETAILS_PAGE };
        }
      }
      if (answer.status === 404 || answer.status === 400) {
        // The page shows 'Idea not found' from this error, on the server and in the browser.
        const missing = new ApiError(404, 'not_found', 'Idea not found.');
        await client.prefetchQuery({ queryKey, queryFn: () => Promise.reject(missing), retry: false });
        return { rendered: true, status: 404, page: DETAILS_PAGE };
      }
      return { rendered: true, status: 200, page: DETAILS_PAGE };
    }
    if (path === '/unsubscribe') {
      // An email's unsubscribe link: what it turns off, drawn by the server (its form works without JavaScript).
      const token = url.searchParams.get('token') ?? '';
      const query = unsubscribeQuery(token);
      const answer = await ask(`/api/unsubscribe?${new URLSearchParams({ token }).toString()}`);
      const state = answer.status === 200 ? parse<{ kind: string; email: boolean }>(answer) : undefined;
      if (state) client.setQueryData(query.queryKey, state);
      else if (answer.status === 400 || answer.status === 404) {
        const invalid = new ApiError(answer.status, 'bad_request', 'This unsubscribe link is not valid.');
        await client.prefetchQuery({ ...query, queryFn: () => Promise.reject(invalid) });
      }
      return { rendered: true, status: 200, page: UNSUBSCRIBE_PAGE };
    }
    const staticPage = STATIC_PAGES[path];
    if (staticPage) return { rendered: true, status: 200, page: staticPage };
    if (isAppRoute(url.pathname)) return { rendered: false, status: 200, page: null };
    return { rendered: true, status: 404, page: NOT_FOUND_PAGE };
  };
  const [page] = await Promise.all([load(), maintenance, unread]);
  return page;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

