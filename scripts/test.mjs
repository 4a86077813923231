// `npm test`: every tier, in order, exactly as CI runs it: type-check and lint (side by side), unit + API tests
// (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then browser journeys in Chromium.
// Ends with one line 'tests: N passed, N failed' and a non-zero exit on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
mkdirSync('.tmp', { recursive: true });

function step(name, cmd, args, env = {}) {
  console.log(`\n── ${name} ──`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`── ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) failures.push(name);
  return r.status === 0;
}

/** A step run beside others: its output is kept and printed in one piece when it ends. */
function sideStep(name, cmd, args) {
  const started = Date.now();
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      console.log(`\n── ${name} ──\n${output.trimEnd()}`);
      console.log(`── ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (code !== 0) failures.push(name);
      resolve(code === 0);
    });
  });
}

function vitest(name, projects, file) {
  rmSync(file, { force: true });
  const ok = step(name, 'npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    results.passed += report.numPassedTests;
    results.failed += report.numFailedTests;
    results.skipped += report.numPendingTests + report.numTodoTests;
    if (report.numTotalTests === 0) failures.push(`${name}: no tests ran`);
  } else if (ok) failures.push(`${name}: no report`);
  return ok;
}

if (!process.env.TEST_DATABASE_URL) {
  console.log('Note: TEST_DATABASE_URL is not set, so API tests run on PGlite only (CI sets it to run them on PostgreSQL too).');
}
// Type-check and lint each keep one core busy: side by side, each one's output printed when it ends.
await Promise.all([sideStep('type-check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']), sideStep('lint', 'npm', ['run', 'lint'])]);
vitest('unit and API tests', ['unit', 'api', 'api-dev'], '.tmp/vitest-unit-api.json');
if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  console.log('\nChromium is missing: install it with `apt-get install chromium` (CI does) to run the browser journeys.');
  failures.push('browser journeys: chromium missing');
} else {
  vitest('browser journeys', ['e2e'], '.tmp/vitest-e2e.json');
}

console.log('');
if (failures.length) console.log(`Failed: ${failures.join('; ')}`);
console.log(`tests: ${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`);
process.exit(failures.length || results.failed ? 1 : 0);
