/**
 * The first screen of a page, rendered on the server from the app's own components (issue 7,
 * docs/decisions/0009-first-paint-from-the-server.md). The browser paints this HTML as soon as
 * the CSS has arrived, instead of waiting for every script; the app then hydrates it (main.tsx),
 * so this must be exactly the app's first render there. Built by `vite build --ssr` into the web
 * build's `.server/` folder (never served), with the same React as the browser's code, and run by
 * the server (src/server/lib/web-assets.ts) for the visitors' details page and home page only.
 *
 * Everything is rendered by react-dom/server, which escapes every text and attribute value, from the
 * visitor's own answer of GET /api/ideas/{id} or GET /api/ideas: nothing the visitor may not see
 * is ever at hand.
 */
import { Writable } from 'node:stream';
import type { IdeaDetail, IdeaListResponse } from '@shared/schemas/ideas';
import { sessionUserOf } from '@shared/session-user';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { sessionQueryKey } from './features/auth/hooks/use-session';
import { ideaQuery } from './features/idea-details/api/get-idea';
import { ideasKeys } from './features/ideas/api/ideas-keys';
import { browseFilterOf } from './features/ideas/api/list-ideas';

/**
 * The markup of `#root` for the details page at `url` showing `detailsJson` (the answer of
 * GET /api/ideas/{id} for the person the page is for), as the app's first render draws it:
 * the item and the person (`sessionJson`: a SessionUser, or null for a visitor) already known,
 * the maintenance status still being asked, the theme not known (light). The providers are
 * main.tsx's own (app/providers.tsx). Rejects for an answer that is not an item.
 */
export async function renderIdeaDetails(url: string, detailsJson: string, sessionJson: string): Promise<string> {
  const idea = JSON.parse(detailsJson) as IdeaDetail;
  if (!idea || typeof idea.id !== 'string') throw new Error('not an idea');
  return renderPage(url, sessionJson, (client) => client.setQueryData(ideaQuery(idea.id).queryKey, idea));
}

/**
 * The markup of `#root` for home at `url` (`/`, maybe `?category=` and `?q=`) showing `listJson`
 * (the person's answer of GET /api/ideas for that first page, homeListRequest): the list as the
 * app's first render draws it once main.tsx has put the page's list in the cache
 * (seedIdeasFromPage). Rejects for an answer that is not a list.
 */
export async function renderHome(url: string, listJson: string, sessionJson: string): Promise<string> {
  const page = JSON.parse(listJson) as IdeaListResponse;
  if (!page || !Array.isArray(page.items)) throw new Error('not a list of ideas');
  const filter = browseFilterOf(new URL(url, 'http://x').searchParams);
  const data: InfiniteData<IdeaListResponse, string | null> = { pages: [page], pageParams: [null] };
  return renderPage(url, sessionJson, (client) => client.setQueryData(ideasKeys.list(filter), data));
}

/**
 * The markup of `#root` for a page that needs no data (About, Privacy, Terms, the not-found page)
 * at `url`, as the app's first render draws it.
 */
export async function renderStaticPage(url: string, sessionJson: string): Promise<string> {
  return renderPage(url, sessionJson, () => {});
}

/** How long a render may wait for the page's lazily loaded code before it is given up. */
const RENDER_TIMEOUT_MS = 5_000;

/**
 * The app at `url` for the person in `sessionJson`, with `seed` put in its cache, as the browser's
 * first render draws it (main.tsx puts the same in from the page: seedSessionFromPage).
 */
async function renderPage(url: string, sessionJson: string, seed: (client: QueryClient) => void): Promise<string> {
  // Nothing is fetched here (queries fetch once mounted, which a server render never is):
  // queries without data stay pending, as in the browser's first render.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(sessionQueryKey, sessionUserOf({ user: JSON.parse(sessionJson) as unknown }));
  seed(client);
  try {
    return await renderToText(
      <StrictMode>
        <AppProviders client={client}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </StrictMode>,
    );
  } finally {
    client.clear();
  }
}

/**
 * React's streaming renderer, read to the end once everything is ready (lazily loaded pages
 * included), so the markup holds no fallbacks and needs no inline script (the CSP allows none).
 */
function renderToText(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed = false;
    const stream = renderToPipeableStream(element, {
      // Every boundary written in place, however large the page: outlined ones need React's inline scripts.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (!failed) stream.pipe(sink);
      },
      onShellError(error) {
        failed = true;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error) {
        // A part that fails would be left to the browser to render: the page is given up instead.
        failed = true;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
    setTimeout(() => {
      if (chunks.length === 0) {
        failed = true;
        stream.abort(new Error('render timed out'));
        reject(new Error('render timed out'));
      }
    }, RENDER_TIMEOUT_MS).unref();
  });
}
