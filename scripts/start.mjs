// `npm start` / `npm run demo`: builds what is missing or out of date, then runs the server.
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';
import { SERVER_NODE_ARGS } from './server-args.mjs';

try {
  buildIfStale();
} catch (error) {
  console.error(`ideahub: ${error.message}`);
  process.exit(1);
}

const env = { ...process.env };
if (process.argv.includes('--demo')) {
  env.DATA_DIR ??= './data/demo';
  env.IDEAHUB_DEMO = '1';
}
const child = spawn(process.execPath, [...SERVER_NODE_ARGS, 'dist/server/main.js'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
