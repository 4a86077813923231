/**
 * Web builds for API tests: the real server entry (src/web/entry.server.tsx) built exactly as
 * `npm run build:web` builds it (`vite build --ssr`, vite.config.ts) into a fake web build, so a
 * test checks the real components' HTML; or a fake build with a renderer of the test's own.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildEnvironmentOptions } from 'vite';
import { afterAll } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `vite build` with the project's vite.config.ts, for production as `npm run build:web` runs it.
 * vitest sets NODE_ENV=test, and vite keeps a NODE_ENV it finds: libraries would be built in
 * development mode, so it is production for the build's duration.
 */
export async function productionWebBuild(options: BuildEnvironmentOptions, logLevel: 'error' | 'silent' = 'error'): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(ROOT, 'vite.config.ts'), mode: 'production', logLevel, build: options });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** Where the API tests' global setup (tests/api/global-setup.ts) builds the server entry, once per run. */
export const SHARED_SERVER_ENTRY_DIR = path.join(ROOT, '.tmp', 'api-server-entry');

export async function buildServerEntry(webRoot: string): Promise<void> {
  await productionWebBuild({ ssr: true, outDir: path.join(webRoot, '.server') });
}

/** index.html of a build with one entry script: the plain app. */
export const FAKE_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>IdeaHub</title>
    <script type="module" crossorigin src="/assets/index-ENTRY.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * The shape Vite writes: keys are source paths under src/web, `imports` are static imports. The
 * entry imports a shared chunk; the details page its own badge chunk and the entry's shared one.
 */
export const FAKE_MANIFEST = {
  'index.html': {
    file: 'assets/index-ENTRY.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_shared-REACT.js'],
    css: ['assets/index-STYLE.css'],
    dynamicImports: ['features/idea-details/pages/idea-details-page.tsx'],
  },
  '_shared-REACT.js': { file: 'assets/shared-REACT.js' },
  'features/idea-details/pages/idea-details-page.tsx': {
    file: 'assets/idea-details-page-DETAILS.js',
    src: 'features/idea-details/pages/idea-details-page.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-REACT.js', '_badge-BADGE.js'],
    dynamicImports: ['features/idea-details/components/discussion-section.tsx'],
  },
  '_badge-BADGE.js': { file: 'assets/badge-BADGE.js', imports: ['_shared-REACT.js'] },
  'features/idea-details/components/discussion-section.tsx': { file: 'assets/discussion-section-LAZY.js', isDynamicEntry: true, imports: ['index.html'] },
};

/** A web build folder with that index.html and manifest and, when given, `.server/entry.server.mjs` holding `renderer`. */
export function fakeWebBuild(renderer?: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ideahub-web-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, 'index.html'), FAKE_INDEX);
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(FAKE_MANIFEST));
  for (const chunk of Object.values(FAKE_MANIFEST)) writeFileSync(path.join(dir, chunk.file), 'export {};');
  writeFileSync(path.join(dir, 'assets', 'index-STYLE.css'), 'body{}');
  if (renderer !== undefined) {
    mkdirSync(path.join(dir, '.server'));
    writeFileSync(path.join(dir, '.server', 'entry.server.mjs'), renderer);
  }
  return dir;
}

/**
 * For a test file: a fake web build with the real server entry (built once by the API tests'
 * global setup) linked into it, removed afterwards.
 */
export function useServerEntryBuild(): string {
  const webRoot = fakeWebBuild();
  symlinkSync(path.join(SHARED_SERVER_ENTRY_DIR, '.server'), path.join(webRoot, '.server'), 'dir');
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));
  return webRoot;
}
