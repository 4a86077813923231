/**
 * Every page's HTML, rendered by React's streaming renderer (react-dom/server) from the app's own
 * components: the server entry of the web app (docs/decisions/0012-react-19-in-the-browser.md).
 * Built by `vite build --ssr` into the web build's `.server/` folder (never served) with the same
 * React as the browser's code, and run by the server (src/server/lib/web-assets.ts) in two steps:
 *
 * 1. `preparePage`: the screen at the address (app/routes/*.tsx) is loaded as the reader
 *    (app/load-page.ts): its loader asks the API as them, and the answers, with who the reader is,
 *    become the dehydrated query cache;
 * 2. `renderDocument`: the whole document (app/document.tsx) from the page's state (its text), as
 *    the browser hydrates it (main.tsx). The same state gives the same HTML, so the server may keep it.
 */
import { Writable } from 'node:stream';
import { sessionUserOf } from '@shared/session-user';
import { defaultShouldDehydrateQuery, dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Document } from './app/document';
import { loadPage, type PageLoad } from './app/load-page';
import type { PageState } from './app/page-state';
import type { AskApi } from './app/route';
import { AppProviders, makeQueryClient } from './app/providers';
import { AppRoutes } from './app/router';
import { sessionQueryKey } from './features/auth/hooks/use-session';

export { pageStateText } from './app/page-state';
export type { PageAssets, PageState } from './app/page-state';
export type { PageLoad } from './app/load-page';
export type { ApiAnswer, AskApi } from './app/route';

export interface PreparedPage extends PageLoad {
  queries: PageState['queries'];
}

/**
 * The page at `url` for the person in `sessionJson` (a SessionUser or null, as JSON): how it is
 * served and the query cache it is drawn from. Errors (a details page's 404) are kept, so the
 * browser shows what the server showed.
 */
export async function preparePage(url: string, sessionJson: string, ask: AskApi): Promise<PreparedPage> {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, gcTime: Infinity } } });
  try {
    client.setQueryData(sessionQueryKey, sessionUserOf({ user: JSON.parse(sessionJson) as unknown }));
    const load = await loadPage(client, new URL(url, 'http://page.invalid'), ask);
    const queries = dehydrate(client, {
      shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === 'error',
    });
    return { ...load, queries };
  } finally {
    client.clear();
  }
}

/** How long a render may wait for the page's lazily loaded code before it is given up. */
const RENDER_TIMEOUT_MS = 5_000;

/** The HTML of the page at `url` with `stateText` (pageStateText of its PageState). Rejects when rendering fails. */
export async function renderDocument(url: string, stateText: string): Promise<string> {
  const state = JSON.parse(stateText) as PageState;
  const client = makeQueryClient();
  hydrate(client, state.queries);
  try {
    return await renderToText(
      <Document state={state} stateText={stateText}>
        {state.rendered ? (
          <StrictMode>
            <AppProviders client={client} publicUrl={state.publicUrl}>
              <StaticRouter location={url}>
                <AppRoutes />
              </StaticRouter>
            </AppProviders>
          </StrictMode>
        ) : null}
      </Document>,
    );
  } finally {
    client.clear();
  }
}

/**
 * React's streaming renderer, read to the end once everything is ready (lazily loaded pages
 * included), so the HTML holds no fallbacks and needs no inline script (the CSP allows none).
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
