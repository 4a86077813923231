/**
 * The production entry, dist/server/main.js (scripts/build-server.mjs). On an embedded database's
 * first start (no DATABASE_URL, an empty DATA_DIR) it begins copying the database template, then
 * loads the server (dist/server/ideahub.js, from main.ts): the copy runs on libuv's threads while
 * the server's code is read and compiled (~0.6 s), and the database opener takes it over
 * (db/template-copy.ts). Anything unusual (an invalid setting, a folder in use) is left to the
 * server, which reports it as it always does.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beginEarlyTemplateCopy } from './db/template-copy.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = (process.env.DATA_DIR ?? './data').trim();
if (!process.env.DATABASE_URL?.trim() && dataDir && dataDir !== 'memory://') {
  beginEarlyTemplateCopy(dataDir, path.join(here, 'pglite-template'));
}
// A variable, so the bundler leaves the server's own bundle to be loaded at run time.
const server = './ideahub.js';
await import(server);
