import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { ApiError } from '../lib/api-client';
import { ThemeProvider } from '../lib/theme';
import { SiteUrlContext } from './site-url';

// The toast store (components/ui/use-toast) is plain module state, so toasts raised before this
// chunk arrives are shown once it does. Loading Radix Toast lazily keeps it out of the home
// route's initial JavaScript (bench/bundle-size.ts). No <TooltipProvider> here either: nothing
// uses a tooltip yet, and a <Tooltip> without a provider above it makes its own.
const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** The app's query client, the same on the server's render and in the browser. */
export function makeQueryClient() {
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
 * Theme, queries, the site's address and toasts around the app: the same in the browser (main.tsx)
 * and in the server's render (entry.server.tsx), so hydration meets exactly the tree the server drew.
 */
export function AppProviders({ client, publicUrl, children }: { client: QueryClient; publicUrl: string; children: ReactNode }) {
  return (
    <ThemeProvider>
      <SiteUrlContext value={publicUrl}>
        <QueryClientProvider client={client}>
          {children}
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </QueryClientProvider>
      </SiteUrlContext>
    </ThemeProvider>
  );
}
