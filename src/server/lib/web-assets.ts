/**
 * Serves the built web app: hashed assets with immutable caching, other files briefly cached,
 * and index.html for app routes (real 404 status for paths that are no route of the app).
 * Only files found under the web root at start-up are ever served (no path traversal).
 *
 * The build's manifest (`.vite/manifest.json`, not served) says which chunks a lazily loaded page
 * needs; `preloadTags` turns that into `<link rel="modulepreload">` tags, so a page the
 * server writes itself (the idea details, idea-page/render.ts) fetches its code alongside the
 * entry instead of after it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
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

export interface WebAssets {
  indexHtml: string | null;
  /**
   * The modulepreload tags for a page's chunk and what it imports beyond the entry (by its source
   * path under src/web); '' when unknown (no manifest, or a development build).
   */
  preloadTags(page: string): string;
  serve(c: Context): Response | null;
  sendIndex(c: Context, html?: string): Response;
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
  // Build metadata, not part of the site.
  for (const name of [...files.keys()]) if (name.startsWith('/.vite/')) files.delete(name);
  return {
    indexHtml,
    preloadTags: (page) => preloads.get(page) ?? '',
    serve(c) {
      const asset = files.get(c.req.path);
      if (!asset) return null;
      c.header('Content-Type', asset.type);
      c.header('Cache-Control', asset.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      return c.body(new Uint8Array(asset.body));
    },
    sendIndex(c, html) {
      const body = html ?? indexHtml ?? '<!doctype html><title>IdeaHub</title><p>The web app has not been built. Run npm run build.</p>';
      c.header('Cache-Control', 'no-cache');
      return c.html(body, isAppRoute(c.req.path) ? 200 : 404);
    },
  };
}
