import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { prefetchIdeaForPath } from '../features/idea-details/api/get-idea';
import { seedIdeasFromPage } from '../features/ideas/api/list-ideas';
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
 * Theme, queries and toasts around the app: the same in the browser (main.tsx) and in the server's
 * render (first-screen.tsx), so hydration meets exactly the tree the server drew.
 */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={client}>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
