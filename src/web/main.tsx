import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, makeBrowserQueryClient } from './app/providers';
import { AppRoutes } from './app/router';
import { cn } from './lib/cn';

const root = document.getElementById('root')!;

const app = (
  <StrictMode>
    <AppProviders client={makeBrowserQueryClient(window.location)}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// The server may have painted the page already (home and details for visitors: first-screen.tsx,
// rendered by react-dom/server). React then hydrates that markup: the parts inside Suspense
// boundaries (header, footer, lazily loaded pages, each card) hydrate separately, the one a person
// presses first before the others, and a lazily loaded page keeps the server's markup until its
// chunk (preloaded by the server) arrives.
// tailwind-merge builds its class map on its first call (~50 ms on Lighthouse's phone): that is
// done in a task of its own first, not inside hydration's first pass.
const warmUpClassMerging = () => new Promise<void>((resolve) => setTimeout(() => resolve(void cn('p-0', 'p-1')), 0));

if (root.hasAttribute('data-server-rendered')) {
  void warmUpClassMerging().then(() => hydrateRoot(root, app));
} else {
  createRoot(root).render(app);
}
