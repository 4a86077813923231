import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { iconSprite } from './scripts/vite-icon-sprite.mjs';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * `vite build --ssr` (npm run build:web, after the browser's build): the web app's server entry
 * (src/web/entry.server.tsx, react-dom/server), one self-contained ES module with every dependency
 * bundled, so it renders with the same React and components as the browser. It goes into the web
 * build's `.server/` folder, which the server reads but never serves (lib/web-assets.ts).
 */
const ssrBuild = {
  outDir: r('./dist/web/.server'),
  emptyOutDir: true,
  sourcemap: false,
  copyPublicDir: false,
  rolldownOptions: {
    input: r('./src/web/entry.server.tsx'),
    output: { entryFileNames: '[name].mjs', codeSplitting: false },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: r('./src/web'),
  publicDir: r('./src/web/public'),
  // Icons by reference to one sprite in a build (scripts/vite-icon-sprite.mjs), not inline copies.
  plugins: [iconSprite({ root: r('.'), webRoot: r('./src/web'), iconModule: r('./src/web/components/icons/sprite-icon.tsx') }), react(), tailwindcss()],
  resolve: {
    alias: [{ find: '@shared', replacement: r('./src/shared') }, { find: '@web', replacement: r('./src/web') }],
  },
  // The built server entry carries its dependencies; in development (ssrLoadModule) Node loads them.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  // The server entry is only ever built for production: React's production build whatever
  // NODE_ENV the server runs with (otherwise `npm start` rendered with React's development build).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: isSsrBuild ? ssrBuild : {
    outDir: r('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    assetsDir: 'assets',
    // .vite/manifest.json: the server reads which chunks a page needs, to preload them (lib/web-assets.ts).
    manifest: true,
    // A feature's public entry (features/<name>/index.ts) does nothing of its own (it re-exports and
    // wraps chunks in lazy()): an import through it brings only the modules whose exports are used.
    rolldownOptions: { treeshake: { moduleSideEffects: [{ test: /\/src\/web\/features\/[^/]+\/index\.ts$/, sideEffects: false }] } },
  },
}));
