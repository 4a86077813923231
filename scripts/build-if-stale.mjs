// Builds the web app and the server when their output is missing or older than their sources, and
// says in a line each what it built (the build tools' own output only when a build fails).
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
function run(script, what) {
  process.stdout.write(`Building ${what}…\n`);
  const started = Date.now();
  const r = spawnSync('npm', ['run', '--silent', script], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? '');
    throw new Error(`npm run ${script} failed`);
  }
  process.stdout.write(`Built ${what} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}

export function buildIfStale() {
  const shared = ['src/shared', 'package-lock.json'];
  let built = false;
  if (stale('dist/web/index.html', ['src/web', 'vite.config.ts', ...shared])) {
    run('build:web', 'the web app (dist/web)');
    built = true;
  }
  if (stale('dist/server/main.js', ['src/server', 'scripts/build-server.mjs', ...shared])) {
    run('build:server', 'the server and its embedded database template (dist/server)');
    built = true;
  }
  if (!built) process.stdout.write('The build in dist/ is up to date with the sources.\n');
}
