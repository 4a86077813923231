import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadRoute } from './app/router';
import { cn } from './lib/cn';
import { hydrateInTurns } from './lib/hydrate-later';

const root = document.getElementById('root')!;

const app = (
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// The server may have painted the page already (a visitor's details page: idea-page/render.ts,
// first-screen.tsx). The app then hydrates that markup, which must be exactly its own first
// render: the code of what the server painted is loaded first (the page and its lazy parts, as
// the server loaded them; the server preloads the page's chunks) so nothing suspends, and the item comes from the page itself (prefetchIdeaForPath). Until then the
// server's markup stays on screen. Hydrating keeps its DOM instead of building it again; the
// parts marked <HydrateLater> (header, footer, the page's lower parts) each get a task of their
// own after the first pass, so no single task blocks the page for long (lib/hydrate-later.tsx).
// tailwind-merge builds its class map on its first call (~50 ms on Lighthouse's phone): that is
// done in a task of its own while the page's chunks load, not inside the first hydration pass.
const warmUpClassMerging = () => new Promise<void>((resolve) => setTimeout(() => resolve(void cn('p-0', 'p-1')), 0));

if (root.hasAttribute('data-server-rendered')) {
  void Promise.all([preloadRoute(window.location.pathname), warmUpClassMerging()]).then(() =>
    hydrateInTurns(() => hydrateRoot(root, app)),
  );
} else {
  createRoot(root).render(app);
}
