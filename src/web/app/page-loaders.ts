/**
 * What each public page is drawn from, asked of the API by the server before it renders the page
 * (entry.server.tsx), the way React Router's loaders do: the answers go into the query cache under
 * the keys the page's own hooks read, so the server's render shows them and the browser, which
 * hydrates the same cache, asks nothing again. `ask` answers exactly as the API answers the page's
 * reader (their cookies), so nothing reaches a page that its reader could not fetch themselves.
 */
import { homeListRequest } from '@shared/constants';
import type { IdeaDetail, IdeaListResponse } from '@shared/schemas/ideas';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { maintenanceKey } from '../features/admin/api/maintenance';
import { ideaQuery } from '../features/idea-details/api/get-idea';
import { ideasKeys } from '../features/ideas/api/ideas-keys';
import { browseFilterOf } from '../features/ideas/api/list-ideas';
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
const STATIC_PAGES: Record<string, string> = {
  '/about': 'features/marketing/pages/about-page.tsx',
  '/privacy': 'features/marketing/pages/privacy-page.tsx',
  '/terms': 'features/marketing/pages/terms-page.tsx',
};
export const DETAILS_PAGE = 'features/idea-details/pages/idea-details-page.tsx';
const NOT_FOUND_PAGE = 'features/marketing/pages/not-found-page.tsx';

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
  const load = async (): Promise<PageLoad> => {
    if (path === '/') {
      const filter = browseFilterOf(url.searchParams);
      const answer = await ask(homeListRequest(filter.category, filter.q));
      const page = answer.status === 200 ? parse<IdeaListResponse>(answer) : undefined;
      if (page && Array.isArray(page.items)) {
        const data: InfiniteData<IdeaListResponse, string | null> = { pages: [page], pageParams: [null] };
        client.setQueryData(ideasKeys.list(filter), data);
      }
      return { rendered: true, status: 200, page: null };
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
    const staticPage = STATIC_PAGES[path];
    if (staticPage) return { rendered: true, status: 200, page: staticPage };
    if (isAppRoute(url.pathname)) return { rendered: false, status: 200, page: null };
    return { rendered: true, status: 404, page: NOT_FOUND_PAGE };
  };
  const [page] = await Promise.all([load(), maintenance]);
  return page;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

