// `npm run dev`: one process on PORT (3000) serving the API, every page rendered on the server from
// the sources (Vite in middleware mode, src/server/lib/web-dev.ts) and hot updates in the browser;
// it restarts itself when server code changes (tsx watch, run directly so a stop reaches it).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const tsx = fileURLToPath(import.meta.resolve('tsx/cli'));
const child = spawn(process.execPath, [tsx, 'watch', '--clear-screen=false', 'src/server/main.ts', '--dev'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
