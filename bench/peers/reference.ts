/**
 * The bare reference server of bench/peers.bench.ts (issue 29 point 1): node:http and pg, nothing
 * else in the request's path. For each address and person it runs the statements IdeaHub sent for
 * that request once warm (captured by bench/peers/ideahub.ts, same text, same values, prepared under
 * the same names), after the same session check (the cookie read, its signature checked with
 * node:crypto), and answers the rows as JSON compressed with brotli at IdeaHub's quality and with
 * IdeaHub's headers. So the difference between the two is IdeaHub's own overhead.
 *
 * BENCH_PLAN: a JSON file { databaseUrl, poolSize, secret, cookieName, brotliQuality, headers, routes }.
 * Prints one JSON line { "url" } once listening.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';
import pg from 'pg';
import type { Statement } from './ideahub.ts';

export interface ReferencePlan {
  databaseUrl: string;
  poolSize: number;
  secret: string;
  cookieName: string;
  brotliQuality: number;
  /** IdeaHub's answer headers (less date, length, encoding and request id). */
  headers: [string, string][];
  /** Per address, per session token: the statements of one request. */
  routes: Record<string, Record<string, Statement[]>>;
  /** Rows per page: a list answers this many and says whether there is more. */
  pageSize: number;
}

const plan = JSON.parse(readFileSync(process.env.BENCH_PLAN!, 'utf8')) as ReferencePlan;
const pool = new pg.Pool({ connectionString: plan.databaseUrl, max: plan.poolSize });
const headers = Object.fromEntries(plan.headers);

function sessionToken(cookie: string | undefined): string | null {
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== plan.cookieName) continue;
    const value = decodeURIComponent(part.slice(at + 1).trim());
    const dot = value.lastIndexOf('.');
    const token = value.slice(0, dot);
    const expected = Buffer.from(createHmac('sha256', plan.secret).update(token).digest('base64'));
    const given = Buffer.from(value.slice(dot + 1));
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }
  return null;
}

const server = http.createServer((req, res) => {
  void (async () => {
    const byToken = plan.routes[req.url ?? ''];
    const token = sessionToken(req.headers.cookie);
    const statements = byToken && token ? byToken[token] : undefined;
    if (!statements) {
      res.writeHead(404).end();
      return;
    }
    // The answer is drawn from the request's main query: its longest statement (the others are the
    // session, a count, the settings).
    let rows: unknown[] = [];
    let longest = -1;
    for (const s of statements) {
      const result = await pool.query({ name: s.name, text: s.text, values: s.values });
      if (s.text.length > longest) [rows, longest] = [result.rows, s.text.length];
    }
    const isList = (req.url ?? '').startsWith('/api/ideas?');
    const answer = isList ? { items: rows.slice(0, plan.pageSize), nextCursor: rows.length > plan.pageSize ? 'more' : null } : rows[0];
    const json = Buffer.from(JSON.stringify(answer));
    const body = brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: plan.brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: json.byteLength } });
    res.writeHead(200, { ...headers, 'Content-Encoding': 'br', 'Content-Length': body.byteLength });
    res.end(body);
  })().catch((error: unknown) => {
    console.error(error);
    res.writeHead(500).end();
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
