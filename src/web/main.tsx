// React Fast Refresh's runtime in development (npm run dev renders on the server, not from an index.html); nothing in a build.
import '@vitejs/plugin-react/preamble';
import './styles/index.css';
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Document } from './app/document';
import { readPageState } from './app/page-state';
import { AppProviders, makeQueryClient } from './app/providers';
import { AppRoutes } from './app/router';
import { cn } from './lib/cn';
import { keepTypedEarly } from './lib/typed-early';

const page = readPageState(document);
const client: QueryClient = makeQueryClient();
// What the server drew the page from (entry.server.tsx): the first render draws the same.
if (page) hydrate(client, page.state.queries);

const app = (
  <StrictMode>
    <AppProviders client={client} publicUrl={page?.state.publicUrl ?? ''}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// tailwind-merge builds its class map on its first call, which is slow on a phone: that is
// done in a task of its own first, not inside hydration's first pass.
const warmUpClassMerging = () => new Promise<void>((resolve) => setTimeout(() => resolve(void cn('p-0', 'p-1')), 0));

if (page?.state.rendered) {
  // The server rendered the whole document (entry.server.tsx): React hydrates it. The parts inside
  // Suspense boundaries (header, footer, lazily loaded pages, each card) hydrate separately, the one
  // a person presses first before the others.
  const { state, text } = page;
  keepTypedEarly(document);
  void warmUpClassMerging().then(() =>
    hydrateRoot(
      document,
      <Document state={state} stateText={text}>
        {app}
      </Document>,
    ),
  );
} else {
  // Pages the browser renders (the signed-in areas; the plain index.html when a page could not be drawn).
  createRoot(document.getElementById('root')!).render(app);
}
