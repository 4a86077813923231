/**
 * Hostile input for every operation of the OpenAPI document: wrong types, missing and extra
 * fields, huge strings and numbers, NaN/Infinity, unicode edge cases (lone surrogates, RTL,
 * zero-width, emoji), null bytes, SQL and HTML payloads, malformed JSON, wrong content types
 * and bodies over the 1 MB limit; as a visitor and as a signed-in person.
 *
 * What must hold: never a 5xx; every 4xx carries the one error body { error: { code, message } };
 * a batch in which every state-changing request was refused leaves every table exactly as it was
 * (a checksum of all rows of all tables, before and after).
 *
 * Deterministic: fast-check samples with a fixed seed, a seeded PRNG for the structure. Bounded:
 * a fixed number of requests, in batches of BATCH at a time, against one PGlite server.
 */
import http from 'node:http';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../../src/server/db/schema.ts';
import { type SignedInUser, signedInUser } from '../../support/auth.ts';
import { createIdea } from '../../support/factories.ts';
import { useTestServer } from '../../support/test-server.ts';

const SEED = 20_261_121;
const REQUESTS_PER_OPERATION_AND_CALLER = 112;
// Small enough that most batches are all refusals (more operations take a body now) and are checked.
const BATCH = 16;

const SPECIALS: unknown[] = [
  '', ' ', 'NaN', 'Infinity', '-Infinity', '1e309', '-0', '9'.repeat(400), 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -1, 0, 0.1,
  'a'.repeat(100_000), '\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\ud800y', '\u202eevil.exe', '\u200b\u200c\u200d\ufeff',
  '👩‍👩‍👧‍👦🚀', 'مرحبا بالعالم', 'e\u0301\u0301\u0301', "' OR 1=1; --", "'; drop table ideas; --", '" OR ""="', '\\', '%',
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '../../etc/passwd', '%00', '${7*7}', '{{7*7}}', '__proto__',
  'constructor', null, true, false, [], {}, [null], { $ne: null }, '2026-13-45T99:99:99Z', 'ffffffff-ffff-ffff-ffff-ffffffffffff',
];
const PROTECTED_FIELDS = {
  userId: 'someone-else',
  user_id: 'someone-else',
  role: 'admin',
  isUsed: true,
  is_used: true,
  createdAt: '2000-01-01T00:00:00Z',
  likeCount: 1_000_000,
  commentCount: 1_000_000,
  id: 'ffffffff-ffff-ffff-ffff-ffffffffffff',
  __proto__x: { polluted: true },
};
const MALFORMED_JSON = ['{', '{"a":', '{{}}', 'nul', '[1,2', '{"title": "x",}', "{'a': 1}", '\u0000', '{"a":"\\ud800"}', '{"a":1e99999}', ''];
const CONTENT_TYPES = ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=nothing', 'application/json; charset=utf-16', 'image/png'];

const badScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...SPECIALS),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.bigInt().map((n) => n.toString()),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.integer(), { maxKeys: 3 }),
);

/** A small seeded PRNG (mulberry32) for the structure of each request. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, pick: <T,>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}

/** Percent-encodes any string, lone surrogates included (they become U+FFFD). */
function encodeSegment(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Property names and a plausible value of each, from the request body schema. */
  bodyBase: Record<string, unknown> | null;
  bodyType: string | null;
}

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  $ref?: string;
}

function plausible(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'value';
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? schema.anyOf?.[0]?.type);
  switch (type) {
    case 'number':
    case 'integer':
      return 3;
    case 'boolean':
      return true;
    case 'array':
      return ['one'];
    case 'object':
      return {};
    default:
      return 'A sample text value';
  }
}

async function operationsOf(fetcher: (path: string) => Promise<Response>): Promise<Operation[]> {
  const doc = (await (await fetcher('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const params = op.parameters ?? [];
      const [bodyType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [null, null];
      const props = media?.schema.properties;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyBase: props ? Object.fromEntries(Object.entries(props).map(([k, s]) => [k, plausible(s)])) : bodyType ? {} : null,
        bodyType,
      });
      // The plausible body of DELETE /api/me confirms: it would delete the fuzzing person mid-run.
      if (path === '/api/me' && method === 'delete') ops.at(-1)!.bodyBase = { confirm: 'not yet' };
    }
  }
  return ops;
}

interface FuzzRequest {
  op: Operation;
  caller: 'visitor' | 'user';
  url: string;
  init: RequestInit;
  describe: string;
}

interface Outcome {
  status: number;
  problem: string | null;
}

describe('fuzz: hostile input against every documented operation (pglite)', () => {
  const t = useTestServer('pglite');
  let user: SignedInUser;
  let ideaIds: string[] = [];
  let tableNames: string[] = [];

  beforeAll(async () => {
    user = await signedInUser(t, { name: 'Fuzz Person' });
    await t.db.update(profiles).set({ contactInfo: 'fuzz@contact.test' }).where(eq(profiles.userId, user.id));
    const old = new Date(Date.now() - 30 * 24 * 3600_000);
    ideaIds = [];
    for (let i = 0; i < 30; i++) ideaIds.push((await createIdea(t.db, { userId: user.id, createdAt: old })).id);
    const res = await t.database.pglite!.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    );
    // The per-person write counters count attempts, refused ones too: that is what stops a flood.
    tableNames = res.rows.map((r) => r.name).filter((name) => name !== 'write_limits');
  });

  /** md5 of every row of every table, in a stable order: equal before and after = nothing changed. */
  async function checksum(): Promise<string> {
    const parts = tableNames.map((n) => `select '${n}' as n, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as h from "${n}" r`);
    const res = await t.database.pglite!.query<{ h: string }>(`select string_agg(n || ':' || h, ',' order by n) as h from (${parts.join(' union all ')}) x`);
    return res.rows[0]!.h;
  }

  function buildRequests(ops: Operation[]): FuzzRequest[] {
    const rnd = prng(SEED);
    const scalars = fc.sample(badScalar, { seed: SEED, numRuns: 4000 });
    let s = 0;
    const scalar = () => scalars[s++ % scalars.length];
    const requests: FuzzRequest[] = [];
    for (const op of ops) {
      for (const caller of ['visitor', 'user'] as const) {
        for (let i = 0; i < REQUESTS_PER_OPERATION_AND_CALLER; i++) {
          const notes: string[] = [];
          let path = op.path;
          for (const name of op.pathParams) {
            const kind = rnd.next();
            let value: string;
            if (kind < 0.35) value = encodeSegment(rnd.pick(ideaIds));
            else if (kind < 0.45) value = rnd.pick(['%E0%A4%A', '%', '%%30', '..%2F..%2F', '%00', '%C0%AF']);
            else value = encodeSegment(String(JSON.stringify(scalar()) ?? 'undefined').slice(0, 20_000)) || 'x';
            notes.push(`${name}=${value.slice(0, 40)}`);
            path = path.replace(`{${name}}`, value);
          }
          const query = op.queryParams
            .filter(() => rnd.next() < 0.7)
            .map((name) => {
              const v = scalar();
              const text = typeof v === 'string' ? v : JSON.stringify(v) ?? '';
              return `${encodeURIComponent(name)}=${encodeSegment(text)}${rnd.next() < 0.1 ? `&${name}=2` : ''}`;
            });
          if (rnd.next() < 0.1) query.push(rnd.pick(['%ZZ=1', 'limit=%', 'cursor=%E0%A4%A', 'extra=1&extra=2']));
          const headers: Record<string, string> = { origin: new URL(t.url).origin };
          if (caller === 'user') headers.cookie = user.cookie;
          let body: BodyInit | undefined;
          const mutating = op.method !== 'GET';
          const kind = rnd.next();
          if (mutating) {
            const base = { ...(op.bodyBase ?? {}) };
            const keys = Object.keys(base);
            let value: unknown = base;
            if (kind < 0.25 && keys.length) {
              const key = rnd.pick(keys);
              base[key] = scalar();
              notes.push(`body.${key} bad`);
            } else if (kind < 0.35 && keys.length) {
              delete base[rnd.pick(keys)];
              notes.push('body missing a field');
            } else if (kind < 0.45) {
              value = { ...base, ...PROTECTED_FIELDS };
              notes.push('body with protected fields');
            } else if (kind < 0.55) {
              value = scalar();
              notes.push('body is a bad value');
            } else if (kind < 0.6) {
              let deep: unknown = 1;
              for (let d = 0; d < 2000; d++) deep = { a: deep };
              value = deep;
              notes.push('deep body');
            }
            if (kind >= 0.6 && kind < 0.72) {
              body = rnd.pick(MALFORMED_JSON);
              headers['content-type'] = 'application/json';
              notes.push('malformed json');
            } else if (kind >= 0.72 && kind < 0.82) {
              body = JSON.stringify(value);
              headers['content-type'] = rnd.pick(CONTENT_TYPES);
              notes.push(`content-type ${headers['content-type']}`);
            } else if (kind >= 0.82 && kind < 0.84) {
              body = JSON.stringify({ ...base, title: 'x'.repeat(1_100_000) });
              headers['content-type'] = 'application/json';
              notes.push('body over 1 MB');
            } else if (kind >= 0.84 && kind < 0.9) {
              const form = new FormData();
              const bytes = rnd.pick([
                new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
                new TextEncoder().encode('<html><script>alert(1)</script></html>'),
                new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]),
                new Uint8Array(0),
              ]);
              form.append(rnd.pick(['file', 'image', 'file[]']), new Blob([bytes], { type: rnd.pick(['image/png', 'image/svg+xml', 'text/html']) }), rnd.pick(['x.png', '../../x.png', 'x.svg', '\u202egnp.html']));
              body = form;
              notes.push('multipart');
            } else if (kind >= 0.9) {
              notes.push('no body');
            } else {
              body = JSON.stringify(value);
              headers['content-type'] = 'application/json';
            }
          }
          if (rnd.next() < 0.03) {
            headers.origin = rnd.pick(['https://evil.example', 'null', '']);
            notes.push(`origin ${headers.origin}`);
          }
          const url = `${path}${query.length ? `?${query.join('&')}` : ''}`;
          requests.push({ op, caller, url, init: { method: op.method, headers, body }, describe: `${op.method} ${op.path} as ${caller} [${notes.join('; ')}]` });
        }
      }
    }
    // Interleave operations deterministically, so each batch mixes endpoints.
    for (let i = requests.length - 1; i > 0; i--) {
      const j = Math.floor(rnd.next() * (i + 1));
      [requests[i], requests[j]] = [requests[j]!, requests[i]!];
    }
    return requests;
  }

  /**
   * Requests the server answers before reading them whole (a body over the limit, an address over
   * Node's 16 KB) end their connection. They go on a connection of their own, so a pooled
   * keep-alive connection closing under another request cannot make this test flaky.
   */
  async function sendAlone(url: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
    const request = new Request(new URL(url, t.url), init);
    const body = Buffer.from(await request.arrayBuffer());
    return new Promise<Response>((resolve, reject) => {
      const out = http.request(
        request.url,
        { method: request.method, headers: { ...Object.fromEntries(request.headers), 'content-length': String(body.length) }, agent: false, signal },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
            resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers }));
          });
          res.on('error', reject);
        },
      );
      out.on('error', reject);
      out.end(body);
    });
  }

  /**
   * A GET whose reused keep-alive connection the server closed as it was sent (ECONNRESET, a
   * race of idle timeouts on a busy machine, before the server saw the request) is sent once more;
   * any other failure to answer is a problem.
   */
  async function send(req: FuzzRequest): Promise<Outcome> {
    const first = await sendOnce(req);
    const reset = first.status === 0 && first.problem?.includes('ECONNRESET') && (req.init.method ?? 'GET') === 'GET';
    return reset ? sendOnce(req) : first;
  }

  async function sendOnce(req: FuzzRequest): Promise<Outcome> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), 20_000);
    try {
      const alone = req.url.length > 8_000 || (typeof req.init.body === 'string' && req.init.body.length > 1_000_000);
      const res = alone ? await sendAlone(req.url, req.init, abort.signal) : await t.fetch(req.url, { ...req.init, signal: abort.signal });
      const type = res.headers.get('content-type') ?? '';
      if (type.includes('text/event-stream')) {
        abort.abort();
        return { status: res.status, problem: res.status === 200 ? null : `stream answered ${res.status}` };
      }
      const text = await res.text();
      if (res.status >= 500) return { status: res.status, problem: `${res.status} ${text.slice(0, 200)}` };
      if (res.status >= 400) {
        const json = parseJson(text) as { error?: { code?: unknown; message?: unknown } } | null;
        if (!type.includes('application/json') || typeof json?.error?.code !== 'string' || typeof json.error.message !== 'string') {
          return { status: res.status, problem: `${res.status} without the error body (${type}): ${text.slice(0, 200)}` };
        }
      }
      return { status: res.status, problem: null };
    } catch (error) {
      return { status: 0, problem: `no answer: ${(error as Error).message} ${String((error as { cause?: unknown }).cause)}` };
    } finally {
      clearTimeout(timer);
    }
  }

  it('answers every bad request with a 4xx and the error body, and refused batches change nothing', async () => {
    const ops = await operationsOf((p) => t.fetch(p));
    const requests = buildRequests(ops);
    expect(requests.length).toBeGreaterThanOrEqual(10_000);
    const started = performance.now();
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let comparedBatches = 0;
    let comparedRequests = 0;
    // Nothing else writes while the test runs: the checksum after one batch is the one before the next.
    let before = await checksum();
    for (let i = 0; i < requests.length; i += BATCH) {
      const batch = requests.slice(i, i + BATCH);
      const outcomes = await Promise.all(batch.map(send));
      outcomes.forEach((o, k) => {
        statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
        if (o.problem && problems.length < 25) problems.push(`${batch[k]!.describe}: ${o.problem}`);
      });
      const allRefused = outcomes.every((o, k) => batch[k]!.op.method === 'GET' || o.status >= 400);
      const after = await checksum();
      if (allRefused) {
        if (after !== before && problems.length < 25) problems.push(`a refused batch changed the database: ${batch.map((b) => b.describe).join(' | ').slice(0, 600)}`);
        comparedBatches++;
        comparedRequests += batch.length;
      }
      before = after;
    }
    const seconds = (performance.now() - started) / 1000;
    // Figures for docs/RELIABILITY.md.
    console.info(
      `fuzz: ${requests.length} requests over ${ops.length} operations in ${seconds.toFixed(1)} s; ` +
        `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}; ` +
        `${comparedBatches} refused batches (${comparedRequests} requests) checked unchanged`,
    );
    expect(problems).toEqual([]);
    expect(comparedRequests).toBeGreaterThan(requests.length / 2);
  }, 240_000);
});
