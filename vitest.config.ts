import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@shared': r('./src/shared'), '@web': r('./src/web') };
const DEV_SERVER_TEST = 'tests/api/dev-server.api.test.ts';

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: ['src/**/*.api.test.ts', 'node_modules/**'],
          environment: 'node',
          setupFiles: ['tests/support/component-setup.ts'],
          // Property tests run hundreds of cases: room for a busy machine.
          testTimeout: 30_000,
          // Unit and API tests run in one vitest process, which needs one worker count for both.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['src/server/**/*.api.test.ts', 'tests/api/**/*.api.test.ts'],
          exclude: [DEV_SERVER_TEST, 'node_modules/**'],
          environment: 'node',
          // Once per run: the web app's server entry for the files that serve pages, and the migrated databases every test database copies.
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file boots its own databases; two cores, so keep the parallelism modest.
          maxWorkers: 2,
          // The files share a worker's modules: none replaces a module, each starts its own server (docs/decisions/0051-ci-time.md).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // The development server runs Vite's module runner in the test's process: modules of its own, unshared.
          name: 'api-dev',
          include: [DEV_SERVER_TEST],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          fileParallelism: true,
        },
      },
    ],
  },
});
