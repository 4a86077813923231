/**
 * `npm run dev` (scripts/dev.mjs): the web app from its sources, in the server's own process. Vite
 * runs in middleware mode: it answers its own requests first (the modules the browser imports,
 * src/web/public's files, hot updates over this server's WebSocket upgrade) and the app the rest;
 * and it loads the server entry (src/web/entry.server.tsx) from the sources for every page, so a
 * page is rendered on the server exactly as a build renders it (web-assets.ts's
 * createPageRenderer), from the latest code, and hydrated by the browser.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViteDevServer } from 'vite';
import { isAppRoute } from '../../shared/routes.ts';
import { createPageRenderer, sendPlainPage, type ServerEntry, type WebAssets } from './web-assets.ts';

export interface DevWeb {
  assets: WebAssets;
  /** Vite's own requests; anything else goes on to `next` (the app). */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** Starts Vite on the HTTP server: its hot updates share the server's port (the CSP's connect-src 'self'). */
  attach(server: Server): Promise<void>;
  close(): Promise<void>;
}

/** The entry and the stylesheet as Vite serves them from src/web (its root). */
const DEV_ASSETS = { styles: ['/styles/index.css'], entry: '/main.tsx', modules: [] };

export function createDevWeb(): DevWeb {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  let started!: (vite: ViteDevServer) => void;
  let failed!: (error: unknown) => void;
  const vite = new Promise<ViteDevServer>((resolve, reject) => {
    started = resolve;
    failed = reject;
  });
  vite.catch(() => {});
  // The plain app, for a page that cannot be drawn: index.html with its entry addressed from the root.
  const indexHtml = readFileSync(path.join(root, 'src/web/index.html'), 'utf8').replace('src="./main.tsx"', 'src="/main.tsx"');
  const entry = async () => {
    const server = await vite;
    return (await server.ssrLoadModule('/entry.server.tsx')) as ServerEntry;
  };
  const render = createPageRenderer({ entry, assets: () => DEV_ASSETS, keep: false });
  return {
    assets: {
      indexHtml,
      async renderPage(request) {
        try {
          return await render(request);
        } catch (error) {
          // Stack traces name the sources' lines, not Vite's transformed code.
          if (error instanceof Error) (await vite).ssrFixStacktrace(error);
          throw error;
        }
      },
      serve: () => null,
      sendIndex: (c, html) => sendPlainPage(c, html ?? indexHtml, isAppRoute(c.req.path) ? 200 : 404),
      sendNotFound: (c) => sendPlainPage(c, indexHtml, 404),
    },
    handle(req, res, next) {
      vite.then(
        (server) => server.middlewares(req, res, next),
        () => next(),
      );
    },
    async attach(server) {
      try {
        const { createServer } = await import('vite');
        started(
          await createServer({
            configFile: path.join(root, 'vite.config.ts'),
            appType: 'custom',
            server: { middlewareMode: true, hmr: { server } },
          }),
        );
      } catch (error) {
        failed(error);
        throw error;
      }
    },
    async close() {
      await (await vite.catch(() => null))?.close();
    },
  };
}
