// Builds the web app and the server when their output is missing or older than their sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const stale = (output, inputs) => !existsSync(output) || inputs.some((i) => newestMtime(i) > statSync(output).mtimeMs);

// Always a production build, whatever NODE_ENV the caller runs under (vitest sets 'test', and
// vite keeps a NODE_ENV it finds: React would be built in development mode).
function run(script) {
  const r = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error(`npm run ${script} failed`);
}

export function buildIfStale() {
  const shared = ['src/shared', 'package-lock.json'];
  if (stale('dist/web/index.html', ['src/web', 'vite.config.ts', ...shared])) {
    console.log('Building the web app…');
    run('build:web');
  }
  if (stale('dist/server/main.js', ['src/server', 'scripts/build-server.mjs', ...shared])) {
    console.log('Building the server…');
    run('build:server');
  }
}
