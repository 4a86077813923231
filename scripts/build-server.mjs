// Bundles the server into dist/server (dependencies stay in node_modules) and copies the migrations beside it.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: Object.fromEntries(
    [['main', 'src/server/main.ts'], ['cli', 'src/server/cli.ts']].filter(([, file]) => existsSync(file)),
  ),
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
console.log('built dist/server');
