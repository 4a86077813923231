/**
 * PostGraphile 4 for bench/peers.bench.ts (issue 29 point 2): the mature PostgreSQL-to-GraphQL layer
 * serving the same rows over the same database with its own JWT auth (HS256, audience
 * 'postgraphile'; the `user_id` claim reaches SQL as current_setting('jwt.claims.user_id')). The
 * bench adds functions for what IdeaHub's answers carry: the excerpt, the viewer's like and
 * bookmark, and a search matching what a signed-in person may search (premium: more than 20 items).
 * DATABASE_URL, JWT_SECRET. Prints one JSON line { "url", "version" } once listening.
 */
import { createRequire } from 'node:module';
import http from 'node:http';
import { postgraphile } from 'postgraphile';

export const POSTGRAPHILE_OPTIONS = {
  jwtSecret: process.env.JWT_SECRET!,
  dynamicJson: true,
  setofFunctionsContainNulls: false,
  disableQueryLog: true,
  graphiql: false,
  enableQueryBatching: false,
  retryOnInitFail: false,
  ignoreRBAC: true,
  disableDefaultMutations: true,
};

const version = (createRequire(import.meta.url)('postgraphile/package.json') as { version: string }).version;
const server = http.createServer(postgraphile(process.env.DATABASE_URL!, ['public'], POSTGRAPHILE_OPTIONS));
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, version })}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  process.exit(0);
});
