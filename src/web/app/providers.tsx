import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { prefetchIdeaForPath } from '../features/idea-details/api/get-idea';
import { seedIdeasFromPage } from '../features/ideas/api/list-ideas';
import { ApiError } from '../lib/api-client';
import { ThemeProvider } from '../lib/theme';

// The toast store (components/ui/use-toast) is plain module state, so toasts raised before this
// chunk arrives are shown once it does. Loading Radix Toast lazily keeps it out of the home
// route's initial JavaScript (bench/bundle-size.ts). No <TooltipProvider> here either: nothing
// uses a tooltip yet, and a <Tooltip> without a provider above it makes its own.
const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

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

export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(() => {
    const c = makeQueryClient();
    prefetchIdeaForPath(c, window.location.pathname);
    seedIdeasFromPage(c, window.location);
    return c;
  });
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
