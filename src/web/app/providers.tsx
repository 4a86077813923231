import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { prefetchIdeaForPath } from '../features/idea-details/api/get-idea';
import { seedIdeasFromPage } from '../features/ideas/api/list-ideas';
import { seedSessionFromPage } from '../features/auth/hooks/use-session';
import { ApiError } from '../lib/api-client';
import { ThemeProvider } from '../lib/theme';

// The toast store (components/ui/use-toast) is plain module state, so toasts raised before this
// chunk arrives are shown once it does. Loading Radix Toast lazily keeps it out of the home
// route's initial JavaScript (bench/bundle-size.ts). No <TooltipProvider> here either: nothing
// uses a tooltip yet, and a <Tooltip> without a provider above it makes its own.
const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** The browser's query client, with the page's own data (what the server wrote into it) put in. */
export function makeBrowserQueryClient(location: Location): QueryClient {
  const client = makeQueryClient();
  seedSessionFromPage(client);
  prefetchIdeaForPath(client, location.pathname);
  seedIdeasFromPage(client, location);
  return client;
}

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client mistakes (4xx) are final; retry only network and server trouble, briefly.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

/**
 * Marks the page once the app has taken it over (`<html data-app="ready">`): from then on React
 * answers every press, replaying one made on a part it has not hydrated yet. Browser journeys wait
 * for it; nothing else reads it.
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

/**
 * Theme, queries and toasts around the app: the same in the browser (main.tsx) and in the server's
 * render (first-screen.tsx), so hydration meets exactly the tree the server drew.
 */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={client}>
        {children}
        <AppReady />
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
