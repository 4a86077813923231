// Bundles the server into dist/server and copies the migrations beside it. Dependencies are bundled
// too (one file to load: the embedded cold start spent about a quarter of its CPU resolving and
// reading node_modules, bench/RESULTS.md), except those that load files of their own at run time:
// PGlite (its WebAssembly and data files), native addons, pino (worker transports) and nodemailer;
// and pino-pretty, loaded only outside production (readable logs), so it costs production nothing.
// dist/server/main.js is a small entry (src/server/launch.ts) that begins an embedded database's
// first copy and then loads the server, dist/server/ideahub.js (src/server/main.ts).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const RUNTIME_FILE_PACKAGES = ['@electric-sql/pglite', '@node-rs/argon2', 'sharp', 'pg-native', 'pino', 'pino-pretty', 'nodemailer'];
// Loaded on first use only (features/auth/password-strength.ts): its dictionaries stay out of the
// file every start-up reads. Vite only ever runs under `npm run dev` (lib/web-dev.ts), never from a build.
// The S3 client is loaded only when S3_BUCKET is set (lib/file-store.ts).
const LAZY_PACKAGES = ['@zxcvbn-ts/core', '@zxcvbn-ts/language-common', 'vite', '@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner'];

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: Object.fromEntries(
    [['main', 'src/server/launch.ts'], ['ideahub', 'src/server/main.ts'], ['cli', 'src/server/cli.ts']].filter(([, file]) => existsSync(file)),
  ),
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: [...RUNTIME_FILE_PACKAGES, ...LAZY_PACKAGES],
  // Maps without the sources' text: stack traces still name src/ files and lines, and the map
  // Node reads at start-up is 2 MB instead of 6.7 MB.
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
// The embedded database's starting point (src/server/db/client.ts, pgliteTemplate): made once
// here so a first start on an empty DATA_DIR copies it instead of running PGlite's initdb.
await build({
  entryPoints: { 'make-template': 'src/server/db/make-template.ts' },
  outdir: 'dist/build-tools',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
});
const made = spawnSync(process.execPath, ['dist/build-tools/make-template.js', 'dist/server/pglite-template', 'dist/server/migrations'], { stdio: 'inherit' });
rmSync('dist/build-tools', { recursive: true, force: true });
if (made.status !== 0) process.exit(made.status ?? 1);
console.log('built dist/server');
