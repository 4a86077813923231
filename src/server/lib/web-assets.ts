/**
 * Serves the built web app: hashed assets with immutable caching, other files briefly cached, and
 * the pages themselves, rendered by the web app's server entry (src/web/entry.server.tsx, built
 * by `vite build --ssr` into the build's `.server/` folder, never served) with the same React and
 * components as the browser. Only files found under the web root at start-up are ever served (no
 * path traversal).
 *
 * The build's manifest (`.vite/manifest.json`, not served) gives a page's assets: the stylesheet,
 * the entry and its static imports, and the page's own chunk with what it imports beyond the entry,
 * all fetched at once instead of one after another. The renderer is loaded a moment after
 * start-up rather than during it (the cold start stays as it was) or on the first visit, and what
 * it renders is kept for a few seconds: the same answers for the same address and reader give the
 * same HTML, and rendering a whole page costs milliseconds of CPU.
 *
 * index.html (Vite's, with the entry's tags) is the plain app, served only when a page cannot be
 * rendered (no renderer in the build, the database is down).
 *
 * In development the same pages come from the sources through Vite (lib/web-dev.ts): the same
 * rendering (`createPageRenderer`), with the server entry loaded by Vite and nothing kept.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import { isAppRoute } from '../../shared/routes.ts';
import { compressBytes, type Encoding, JSON_BROTLI_QUALITY } from './compression.ts';

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
  css?: string[];
}

/** Chunk files a manifest entry loads before it runs: itself and its static imports, transitively. */
function staticFiles(manifest: Record<string, ManifestChunk>, key: string, out = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || out.has(chunk.file)) return out;
  out.add(chunk.file);
  for (const i of chunk.imports ?? []) staticFiles(manifest, i, out);
  return out;
}

/** What a page needs from the build: its stylesheets, the entry, and the modules to fetch alongside it. */
/** The header's lazily loaded menus (components/layout/lazy-header-menus.tsx), as the manifest names them. */
const HEADER_MENUS = 'components/layout/learn-more-menu.tsx';

function assetsOf(manifestJson: Buffer | undefined): ((page: string | null, rendered: boolean) => PageAssets) | null {
  if (!manifestJson) return null;
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(manifestJson.toString('utf8')) as Record<string, ManifestChunk>;
  } catch {
    return null;
  }
  const entryChunk = manifest['index.html'];
  if (!entryChunk) return null;
  const url = (file: string) => `/${file}`;
  const entryFiles = staticFiles(manifest, 'index.html');
  const entryModules = [...entryFiles].filter((f) => f !== entryChunk.file).map(url);
  const styles = (entryChunk.css ?? []).map(url);
  const beyondEntry = (key: string) => [...staticFiles(manifest, key)].filter((f) => f.endsWith('.js') && !entryFiles.has(f));
  return (page, rendered) => {
    // A drawn page's header menus are lazy parts it shows at once: their code comes with the
    // entry, so React hydrates them in its first passes and a press on them is never lost.
    const own = [...(page ? beyondEntry(page) : []), ...(rendered ? beyondEntry(HEADER_MENUS) : [])];
    return { styles, entry: url(entryChunk.file), modules: [...new Set([...entryModules, ...own.map(url)])] };
  };
}

/** What src/web/entry.server.tsx exports, built or loaded by Vite. */
export interface ServerEntry {
  preparePage(url: string, sessionJson: string, ask: AskApi): Promise<PageLoad & { queries: unknown }>;
  renderDocument(url: string, stateText: string): Promise<string>;
  pageStateText(state: unknown): string;
}

export interface PageAssets {
  styles: string[];
  entry: string;
  modules: string[];
}

interface PageLoad {
  rendered: boolean;
  status: 200 | 404;
  page: string | null;
}

type AskApi = (apiPath: string) => Promise<{ status: number; body: string }>;

export interface PageRequest {
  /** The page's path and query. */
  url: string;
  /** Who the page is for: a SessionUser as JSON, or 'null'. */
  session: string;
  publicUrl: string;
  ask: AskApi;
}

/** How long a rendered page is reused, and for how many pages at most. */
const RENDERED_TTL_MS = 10_000;
const RENDERED_CACHE_SIZE = 64;
const RENDERER_WARM_UP_DELAY_MS = 2_000;

export interface RenderedPage {
  status: 200 | 404;
  html: string;
  /** The HTML compressed for `encoding`, made once per rendered page and encoding. */
  encoded(encoding: Encoding): Uint8Array<ArrayBuffer>;
}

export interface WebAssets {
  indexHtml: string | null;
  /**
   * The page at `request.url` for its reader, rendered by React with its status; null when the
   * build has no server renderer. Rejects when rendering fails.
   */
  renderPage(request: PageRequest): Promise<RenderedPage | null>;
  serve(c: Context): Response | null;
  sendIndex(c: Context, html?: string): Response;
  /** What an address that is no page of the app gets: index.html with status 404. */
  sendNotFound(c: Context): Response;
}

export interface PageRendererOptions {
  entry: () => Promise<ServerEntry>;
  /** What a page needs to load: its stylesheets, the entry, and the modules to fetch alongside it. */
  assets: (page: string | null, rendered: boolean) => PageAssets;
  /** Keep rendered pages for a few seconds (a build); false renders every time (development). */
  keep: boolean;
}

/**
 * A page's HTML in two steps (src/web/entry.server.tsx): its screen's data asked as the reader,
 * then the document drawn from it. Kept by address, reader and every answer it was drawn from:
 * any change (a like, a new rating) is a new entry.
 */
export function createPageRenderer(opts: PageRendererOptions): (request: PageRequest) => Promise<RenderedPage> {
  const rendered = new Map<string, { html: Promise<string>; at: number; encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>> }>();
  return async (request) => {
    const entry = await opts.entry();
    const answers: string[] = [];
    const ask: AskApi = async (apiPath) => {
      const answer = await request.ask(apiPath);
      answers.push(`${apiPath} ${answer.status} ${answer.body}`);
      return answer;
    };
    const prepared = await entry.preparePage(request.url, request.session, ask);
    const key = `${request.url}\n${request.session}\n${answers.sort().join('\n')}`;
    const now = Date.now();
    let hit = opts.keep ? rendered.get(key) : undefined;
    if (!hit || now - hit.at >= RENDERED_TTL_MS) {
      rendered.delete(key);
      const state = {
        publicUrl: request.publicUrl,
        rendered: prepared.rendered,
        assets: opts.assets(prepared.page, prepared.rendered),
        queries: prepared.queries,
      };
      const html = entry.renderDocument(request.url, entry.pageStateText(state));
      html.catch(() => rendered.delete(key));
      hit = { html, at: now, encoded: {} };
      if (opts.keep) rendered.set(key, hit);
      // Oldest first (insertion order): drop the expired and anything beyond the limit.
      for (const [k, v] of rendered) {
        if (rendered.size <= RENDERED_CACHE_SIZE && now - v.at < RENDERED_TTL_MS) break;
        rendered.delete(k);
      }
    }
    const html = await hit.html;
    const encoded = hit.encoded;
    return { status: prepared.status, html, encoded: (encoding: Encoding) => (encoded[encoding] ??= compressBytes(Buffer.from(html), encoding, false, JSON_BROTLI_QUALITY)) };
  };
}

/** The plain app (or a line saying the web app is not built) with `status`, never cached. */
export function sendPlainPage(c: Context, indexHtml: string | null, status: 200 | 404): Response {
  const body = indexHtml ?? '<!doctype html><title>IdeaHub</title><p>The web app has not been built. Run npm run build.</p>';
  c.header('Cache-Control', 'no-cache');
  return c.html(body, status);
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
  const pageAssets = assetsOf(files.get('/.vite/manifest.json')?.body);
  // Build metadata and the server's own renderer: not part of the site.
  for (const name of [...files.keys()]) if (name.startsWith('/.vite/') || name.startsWith('/.server/')) files.delete(name);
  const rendererFile = webRoot ? path.join(webRoot, '.server', 'entry.server.mjs') : null;
  const hasRenderer = rendererFile !== null && existsSync(rendererFile) && pageAssets !== null;
  let renderer: Promise<ServerEntry> | null = null;
  const loadRenderer = () => (renderer ??= import(pathToFileURL(rendererFile!).href) as Promise<ServerEntry>);
  if (hasRenderer) {
    // A failure here shows (and is logged) on the first page that needs the renderer.
    setTimeout(() => void loadRenderer().catch(() => {}), RENDERER_WARM_UP_DELAY_MS).unref();
  }
  const render = hasRenderer ? createPageRenderer({ entry: loadRenderer, assets: pageAssets!, keep: true }) : null;
  return {
    indexHtml,
    renderPage: async (request) => (render ? render(request) : null),
    serve(c) {
      const asset = files.get(c.req.path);
      if (!asset) return null;
      c.header('Content-Type', asset.type);
      c.header('Cache-Control', asset.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      return c.body(new Uint8Array(asset.body));
    },
    sendIndex(c, html) {
      return sendPlainPage(c, html ?? indexHtml, isAppRoute(c.req.path) ? 200 : 404);
    },
    sendNotFound(c) {
      return sendPlainPage(c, indexHtml, 404);
    },
  };
}
