/**
 * Once per API test run: builds the web app's server entry (src/web/entry.server.tsx) as
 * `npm run build:web` builds it, for the test files that serve pages (tests/support/web-build.ts,
 * useServerEntryBuild); and migrates one database of each kind, which every test database then
 * starts as a copy of (tests/support/databases.ts), instead of running every migration again.
 */
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildServerEntry, SHARED_SERVER_ENTRY_DIR } from '../support/web-build.ts';
import { type MigratedImages, makeMigratedImages } from '../support/databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    migratedImages: MigratedImages;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  rmSync(SHARED_SERVER_ENTRY_DIR, { recursive: true, force: true });
  const [images] = await Promise.all([makeMigratedImages(), buildServerEntry(SHARED_SERVER_ENTRY_DIR)]);
  project.provide('migratedImages', images.images);
  return images.drop;
}
