/**
 * The first screen of a page, rendered on the server from the app's own components (issue 7,
 * docs/decisions/0009-first-paint-from-the-server.md). The browser paints this HTML as soon as
 * the CSS has arrived, instead of waiting for every script; the app then hydrates it (main.tsx),
 * so this must be exactly the app's first render there. Built by `vite build --ssr` into the web build's `.server/` folder (never
 * served), with the same Preact aliases as the browser's code, and run by the server
 * (src/server/lib/web-assets.ts) for the visitors' details page and home page only.
 *
 * Everything is rendered by Preact, which escapes every text and attribute value, from the
 * visitor's own answer of GET /api/ideas/{id} or GET /api/ideas: nothing the visitor may not see
 * is ever at hand.
 */
import type { IdeaDetail, IdeaListResponse } from '@shared/schemas/ideas';
import { type InfiniteData, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStringAsync } from 'preact-render-to-string';
import { StrictMode } from 'react';
import { StaticRouter } from 'react-router';
import { AppRoutes, preloadRoute } from './app/router';
import { ideaQuery } from './features/idea-details/api/get-idea';
import { ideasKeys } from './features/ideas/api/ideas-keys';
import { browseFilterOf } from './features/ideas/api/list-ideas';
import { ThemeProvider } from './lib/theme';

/**
 * The markup of `#root` for the details page at `url` showing `detailsJson` (the visitor's answer
 * of GET /api/ideas/{id}), as the app's first render draws it for a visitor: the session and the
 * maintenance status still being asked, the item already known, the theme not known (light).
 * Providers as in main.tsx and app/providers.tsx, less the toasts, which come after the page (and
 * so do not move its useId ids) and have nothing to show yet. Rejects for an answer that is not an item.
 */
export async function renderIdeaDetails(url: string, detailsJson: string): Promise<string> {
  const idea = JSON.parse(detailsJson) as IdeaDetail;
  if (!idea || typeof idea.id !== 'string') throw new Error('not an idea');
  return renderPage(url, (client) => client.setQueryData(ideaQuery(idea.id).queryKey, idea));
}

/**
 * The markup of `#root` for home at `url` (`/`, maybe `?category=`) showing `listJson` (the
 * visitor's answer of GET /api/ideas for that category's first page, homeListRequest): the list
 * as the app's first render draws it once main.tsx has put the page's list in the cache
 * (seedIdeasFromPage). Rejects for an answer that is not a list, or an address with a search.
 */
export async function renderHome(url: string, listJson: string): Promise<string> {
  const page = JSON.parse(listJson) as IdeaListResponse;
  if (!page || !Array.isArray(page.items)) throw new Error('not a list of ideas');
  const filter = browseFilterOf(new URL(url, 'http://x').searchParams);
  if (filter.q) throw new Error('a search is not rendered on the server');
  const data: InfiniteData<IdeaListResponse, string | null> = { pages: [page], pageParams: [null] };
  return renderPage(url, (client) => client.setQueryData(ideasKeys.list(filter), data));
}

/** The app at `url` with `seed` put in its cache, as the browser's first render draws it. */
async function renderPage(url: string, seed: (client: QueryClient) => void): Promise<string> {
  // Nothing is fetched here (queries fetch once mounted, which a render to a string never is):
  // queries without data stay pending, as in the browser's first render.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  seed(client);
  // Everything loaded first, as main.tsx does before hydrating: nothing suspends, so every part
  // renders in the same order as in the browser and gets the same useId ids.
  await preloadRoute(new URL(url, 'http://x').pathname);
  try {
    return await renderToStringAsync(
      <StrictMode>
        <ThemeProvider>
          <QueryClientProvider client={client}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </QueryClientProvider>
        </ThemeProvider>
      </StrictMode>,
    );
  } finally {
    client.clear();
  }
}
