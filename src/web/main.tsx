import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadRoute } from './app/router';
import { preloadHeaderMenus } from './components/layout/lazy-header-menus';

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

function start() {
  createRoot(root).render(app);
}

// The server may have painted the page already (a visitor's details page: idea-page/render.ts).
// The app's first render replaces that markup in one go, so it must be the same screen, not
// loading views: the code of what the server painted is loaded first (the page, its lazy parts,
// the header's menus; the server preloads the page's chunks), and the item comes from the page
// itself (prefetchIdeaForPath). Until then the server's markup stays on screen.
if (root.hasAttribute('data-server-rendered')) {
  void Promise.all([preloadRoute(window.location.pathname), preloadHeaderMenus().catch(() => undefined)]).then(() => hydrateRoot(root, app));
} else start();
