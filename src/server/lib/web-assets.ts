/**
 * Serves the built web app: hashed assets with immutable caching, other files briefly cached,
 * and index.html for app routes (real 404 status for paths that are no route of the app).
 * Only files found under the web root at start-up are ever served (no path traversal).
 *
 * The build's manifest (`.vite/manifest.json`, not served) says which chunks a lazily loaded page
 * needs; `preloadTags` turns that into `<link rel="modulepreload">` tags, so a page the
 * server writes itself (the idea details, idea-page/render.ts) fetches its code alongside the
 * entry instead of after it.
 *
 * The build's `.server/first-screen.mjs` (also not served; `vite build --ssr`, src/web/first-screen.tsx)
 * renders a page's first screen from the app's own components, for the server to write into the
 * HTML (`renderIdeaDetails`, `renderHome`). It is loaded a moment after start-up rather than during it (the
 * cold start stays as it was) or on the first visit (which would wait ~0.1-0.3 s for it), and
 * what it renders is kept for a few seconds: the same answer for the same address gives the same
 * markup, and rendering a whole page costs milliseconds of CPU.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import { isAppRoute } from '../../shared/routes.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

interface Asset {
  body: Buffer;
  type: string;
  immutable: boolean;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The details page's module in the build manifest (a path under src/web). */
export const IDEA_DETAILS_PAGE = 'features/idea-details/pages/idea-details-page.tsx';

/** Chunk files a manifest entry loads before it runs: itself and its static imports, transitively. */
function staticFiles(manifest: Record<string, ManifestChunk>, key: string, out = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || out.has(chunk.file)) return out;
  out.add(chunk.file);
  for (const i of chunk.imports ?? []) staticFiles(manifest, i, out);
  return out;
}

function pagePreloads(manifestJson: Buffer | undefined): Map<string, string> {
  const pages = new Map<string, string>();
  if (!manifestJson) return pages;
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(manifestJson.toString('utf8')) as Record<string, ManifestChunk>;
  } catch {
    return pages;
  }
  const entry = staticFiles(manifest, 'index.html');
  for (const key of Object.keys(manifest)) {
    if (!key.endsWith('.tsx') || key === 'main.tsx') continue;
    const files = [...staticFiles(manifest, key)].filter((f) => f.endsWith('.js') && !entry.has(f));
    pages.set(key, files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('\n    '));
  }
  return pages;
}

/** What src/web/first-screen.tsx exports, built. */
interface FirstScreenModule {
  renderIdeaDetails(url: string, detailsJson: string, sessionJson: string): Promise<string>;
  renderHome(url: string, listJson: string, sessionJson: string): Promise<string>;
  renderStaticPage(url: string, sessionJson: string): Promise<string>;
}

/** How long rendered markup is reused, and for how many pages at most. */
const FIRST_SCREEN_TTL_MS = 10_000;
const FIRST_SCREEN_CACHE_SIZE = 64;
const RENDERER_WARM_UP_DELAY_MS = 2_000;

export interface WebAssets {
  indexHtml: string | null;
  /**
   * The modulepreload tags for a page's chunk and what it imports beyond the entry (by its source
   * path under src/web); '' when unknown (no manifest, or a development build).
   */
  preloadTags(page: string): string;
  /**
   * The markup of the app's root element for the details page at `url` showing `detailsJson` (the
   * answer of GET /api/ideas/{id} for the person in `sessionJson`: a SessionUser, or null for a
   * visitor); null when the build has no server renderer. Rejects when rendering fails.
   */
  renderIdeaDetails(url: string, detailsJson: string, sessionJson: string): Promise<string | null>;
  /**
   * The same for home at `url` (`/`, maybe `?category=` and `?q=`) showing `listJson` (the
   * person's answer of GET /api/ideas for that first page).
   */
  renderHome(url: string, listJson: string, sessionJson: string): Promise<string | null>;
  /** The same for a page that needs no data (About, Privacy, Terms, the not-found page) at `url`. */
  renderStaticPage(url: string, sessionJson: string): Promise<string | null>;
  serve(c: Context): Response | null;
  sendIndex(c: Context, html?: string): Response;
  /** What an address that is no page of the app gets: index.html with status 404. */
  sendNotFound(c: Context): Response;
}

function walk(dir: string, base = dir, out = new Map<string, Asset>()): Map<string, Asset> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full, base, out);
    else {
      const rel = `/${path.relative(base, full).split(path.sep).join('/')}`;
      out.set(rel, {
        body: readFileSync(full),
        type: TYPES[path.extname(entry).toLowerCase()] ?? 'application/octet-stream',
        immutable: rel.startsWith('/assets/'),
      });
    }
  }
  return out;
}

export function loadWebAssets(webRoot: string | null): WebAssets {
  let files = new Map<string, Asset>();
  try {
    if (webRoot) files = walk(webRoot);
  } catch {
    files = new Map();
  }
  const indexHtml = files.get('/index.html')?.body.toString('utf8') ?? null;
  files.delete('/index.html');
  const preloads = pagePreloads(files.get('/.vite/manifest.json')?.body);
  // Build metadata and the server's own renderer: not part of the site.
  for (const name of [...files.keys()]) if (name.startsWith('/.vite/') || name.startsWith('/.server/')) files.delete(name);
  const rendererFile = webRoot ? path.join(webRoot, '.server', 'first-screen.mjs') : null;
  const hasRenderer = rendererFile !== null && existsSync(rendererFile);
  let renderer: Promise<FirstScreenModule> | null = null;
  const loadRenderer = () => (renderer ??= import(pathToFileURL(rendererFile!).href) as Promise<FirstScreenModule>);
  if (hasRenderer) {
    // A failure here shows (and is logged) on the first page that needs the renderer.
    setTimeout(() => void loadRenderer().catch(() => {}), RENDERER_WARM_UP_DELAY_MS).unref();
  }
  // Keyed by address and answer: any change to the item (a like, a new rating) is a new entry.
  const rendered = new Map<string, { markup: Promise<string>; at: number }>();
  const render = (page: keyof FirstScreenModule, url: string, json: string, sessionJson: string): Promise<string | null> => {
    if (!hasRenderer) return Promise.resolve(null);
    const key = `${page}\n${url}\n${sessionJson}\n${json}`;
    const now = Date.now();
    const hit = rendered.get(key);
    if (hit && now - hit.at < FIRST_SCREEN_TTL_MS) return hit.markup;
    rendered.delete(key);
    const markup = loadRenderer().then((mod) => (page === 'renderStaticPage' ? mod[page](url, sessionJson) : mod[page](url, json, sessionJson)));
    markup.catch(() => rendered.delete(key));
    rendered.set(key, { markup, at: now });
    // Oldest first (insertion order): drop the expired and anything beyond the limit.
    for (const [k, v] of rendered) {
      if (rendered.size <= FIRST_SCREEN_CACHE_SIZE && now - v.at < FIRST_SCREEN_TTL_MS) break;
      rendered.delete(k);
    }
    return markup;
  };
  const sendPage = (c: Context, html: string | undefined, status: 200 | 404) => {
    const body = html ?? indexHtml ?? '<!doctype html><title>IdeaHub</title><p>The web app has not been built. Run npm run build.</p>';
    c.header('Cache-Control', 'no-cache');
    return c.html(body, status);
  };
  return {
    indexHtml,
    preloadTags: (page) => preloads.get(page) ?? '',
    renderIdeaDetails: (url, detailsJson, sessionJson) => render('renderIdeaDetails', url, detailsJson, sessionJson),
    renderHome: (url, listJson, sessionJson) => render('renderHome', url, listJson, sessionJson),
    renderStaticPage: (url, sessionJson) => render('renderStaticPage', url, '', sessionJson),
    serve(c) {
      const asset = files.get(c.req.path);
      if (!asset) return null;
      c.header('Content-Type', asset.type);
      c.header('Cache-Control', asset.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      return c.body(new Uint8Array(asset.body));
    },
    sendIndex(c, html) {
      return sendPage(c, html, isAppRoute(c.req.path) ? 200 : 404);
    },
    sendNotFound(c) {
      return sendPage(c, undefined, 404);
    },
  };
}
