/**
 * The server's renderer of the details page's first screen (src/web/first-screen.tsx), built for
 * an API test exactly as `npm run build:web` builds it (`vite build --ssr`, vite.config.ts), into
 * a fake web build's `.server/` folder: the test then checks the real components' markup.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function buildFirstScreenRenderer(webRoot: string): Promise<void> {
  // vitest sets NODE_ENV=test, and vite keeps a NODE_ENV it finds: libraries would be built in
  // development mode (as in tests/api/bundle-size.api.test.ts).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { ssr: true, outDir: path.join(webRoot, '.server') },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
