/**
 * Serves the built web app: hashed assets with immutable caching, other files briefly cached,
 * and index.html for app routes (real 404 status for paths that are no route of the app).
 * Only files found under the web root at start-up are ever served (no path traversal).
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

export interface WebAssets {
  indexHtml: string | null;
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
  return {
    indexHtml,
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
