import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The browser runs the app on Preact (preact/compat) instead of React: react-dom alone was ~64 KiB
 * of the home route's first ~150 KiB of JavaScript, against a budget of 120 KiB (issue 7,
 * bench/RESULTS.md). Preact 11 keeps React 19's `ref` as a plain prop, so the components stay as
 * they are. Dev server and build alike, so what runs in development is what ships. Unit tests
 * (vitest.config.ts) still render with React and testing-library; the browser journeys
 * (tests/e2e) run on the production build, i.e. on Preact.
 */
const preactCompat = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

/**
 * `vite build --ssr` (npm run build:web, after the browser's build): the details page's first
 * screen for the server to render (src/web/first-screen.tsx), one self-contained ES module with
 * every dependency bundled, so the same aliases make it Preact, as in the browser. It goes into the
 * web build's `.server/` folder, which the server reads but never serves (lib/web-assets.ts).
 */
// react-router reads React.useOptimistic and falls back when it is missing (Preact has none).
const quietOptimistic = (warning: { code?: string; message: string }, warn: (w: never) => void) => {
  if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
  warn(warning as never);
};

const ssrBuild = {
  outDir: r('./dist/web/.server'),
  emptyOutDir: true,
  sourcemap: false,
  copyPublicDir: false,
  rolldownOptions: {
    input: r('./src/web/first-screen.tsx'),
    onwarn: quietOptimistic,
    output: { entryFileNames: '[name].mjs', codeSplitting: false },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: r('./src/web'),
  publicDir: r('./src/web/public'),
  // React Fast Refresh cannot patch Preact components: an edit reloads the page instead.
  plugins: [react({ refreshExclude: /./ }), tailwindcss()],
  resolve: {
    alias: [{ find: '@shared', replacement: r('./src/shared') }, { find: '@web', replacement: r('./src/web') }, ...preactCompat],
  },
  ssr: { noExternal: true },
  build: isSsrBuild ? ssrBuild : {
    outDir: r('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    assetsDir: 'assets',
    // .vite/manifest.json: the server reads which chunks a page needs, to preload them (lib/web-assets.ts).
    manifest: true,
    rolldownOptions: {
      onwarn: quietOptimistic,
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      '/storage': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
}));
