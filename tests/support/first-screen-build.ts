/**
 * The server's renderer of the details page's first screen (src/web/first-screen.tsx), built for
 * an API test exactly as `npm run build:web` builds it (`vite build --ssr`, vite.config.ts), into
 * a fake web build's `.server/` folder: the test then checks the real components' markup.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildEnvironmentOptions } from 'vite';
import { afterAll, beforeAll } from 'vitest';

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

export async function buildFirstScreenRenderer(webRoot: string): Promise<void> {
  await productionWebBuild({ ssr: true, outDir: path.join(webRoot, '.server') });
}

/** index.html of a build with one entry script. */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>IdeaHub</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" crossorigin src="/assets/index-ENTRY.js"></script>
  </body>
</html>`;

/** A web build folder with that index.html and, when given, `.server/first-screen.mjs` holding `renderer`. */
export function fakeWebBuild(renderer?: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ideahub-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  if (renderer !== undefined) {
    mkdirSync(path.join(dir, '.server'));
    writeFileSync(path.join(dir, '.server', 'first-screen.mjs'), renderer);
  }
  return dir;
}

/** For a test file: a fake web build with the real first-screen renderer built into it, removed afterwards. */
export function useFirstScreenBuild(): string {
  const webRoot = fakeWebBuild();
  beforeAll(() => buildFirstScreenRenderer(webRoot), 120_000);
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));
  return webRoot;
}
