import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadRoute } from './app/router';

const root = document.getElementById('root')!;

function start() {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

// The server may have painted the page already (a visitor's details page: idea-page/render.ts).
// The app's first render replaces that markup in one go, so it must be the same page, not the
// 'Loading...' view: the page's code is loaded first (the server preloads it), and the item comes
// from the page itself (prefetchIdeaForPath). Until then the server's markup stays on screen.
if (root.hasAttribute('data-server-rendered')) void preloadRoute(window.location.pathname).then(start);
else start();
