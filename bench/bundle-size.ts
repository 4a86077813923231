/**
 * Production bundle sizes, read from a Vite build's manifest (`.vite/manifest.json`, written
 * because the measuring build passes `build.manifest`). Used by the bundle-size test
 * (tests/api/bundle-size.api.test.ts) and by the benchmark harness (bench/run.ts).
 *
 * A route's initial JavaScript is its chunk plus every chunk it imports statically, transitively;
 * the home route is the entry chunk (index.html) because router.tsx imports the home page eagerly.
 * Lazy routes are counted on top of the entry (what a first visit straight to that route loads).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface SizeFigures {
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}

export interface RouteSize extends SizeFigures {
  route: string;
}

/**
 * The home route's budget for its initial JavaScript, gzipped: React 19 and react-dom, the router
 * and TanStack Query are most of it. 140 KiB until the screens became one module each (issue 24,
 * docs/decisions/0032-one-module-per-screen.md), which made room for a router's declarations;
 * whatever grows into the room still has to earn its bytes.
 */
export const HOME_BUDGET_GZIP_BYTES = 160 * 1024;
/** What the bundle-size test enforces: the budget itself.
 * @alias
 */
export const HOME_LIMIT_GZIP_BYTES = HOME_BUDGET_GZIP_BYTES;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The output files a chunk loads before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) throw new Error(`manifest has no chunk ${k}`);
    files.push(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(key);
  return files;
}

export function measureFiles(distDir: string, files: string[]): SizeFigures {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const f of files) {
    const bytes = readFileSync(path.join(distDir, f));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { files, raw, gzip, brotli };
}

/** The home route's initial JavaScript (entry chunk + its static imports). */
export function homeInitialJs(distDir: string): SizeFigures {
  return measureFiles(distDir, staticClosure(readManifest(distDir), 'index.html').filter((f) => f.endsWith('.js')));
}

/** Each lazily loaded page (src/web/features/.../pages/*-page.tsx and the admin app): entry + its chunk closure. */
export function routeSizes(distDir: string): RouteSize[] {
  const manifest = readManifest(distDir);
  const entry = staticClosure(manifest, 'index.html').filter((f) => f.endsWith('.js'));
  const out: RouteSize[] = [{ route: 'home (entry)', ...measureFiles(distDir, entry) }];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || !/(pages\/[^/]+-page|admin-app)\.tsx$/.test(chunk.src ?? key)) continue;
    const files = [...new Set([...entry, ...staticClosure(manifest, key)])].filter((f) => f.endsWith('.js'));
    out.push({ route: (chunk.src ?? key).replace(/^.*features\//, '').replace(/\.tsx$/, ''), ...measureFiles(distDir, files) });
  }
  return out;
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
