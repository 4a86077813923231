/**
 * Builds the web app's server entry (src/web/entry.server.tsx) once for the API tests, as
 * `npm run build:web` builds it; test files that serve pages link it into their own fake web
 * build (tests/support/web-build.ts, useServerEntryBuild).
 */
import { rmSync } from 'node:fs';
import { buildServerEntry, SHARED_SERVER_ENTRY_DIR } from '../support/web-build.ts';

export default async function setup(): Promise<void> {
  rmSync(SHARED_SERVER_ENTRY_DIR, { recursive: true, force: true });
  await buildServerEntry(SHARED_SERVER_ENTRY_DIR);
}
