/**
 * Response compression, buffered: the whole body is compressed in one synchronous call and sent
 * with its Content-Length. hono/compress pipes every response through a web CompressionStream,
 * which costs several times more CPU per list page (a new zlib stream per request, level 6,
 * chunked writes; bench/RESULTS.md, 'HTTP pipeline').
 *
 * - Dynamic answers: brotli 4 where the client takes it (every browser does), else gzip 4: about the
 *   same CPU as gzip 4, a quarter fewer bytes on a page. JSON made by jsonAnswer: brotli 3, which on
 *   a list answer gives the bytes of 4 for half its CPU (docs/decisions).
 * - Immutable assets (hashed file names): brotli 11 or gzip 9, made once per file and kept.
 * - Skipped: bodies under 1 KiB, already encoded bodies, live streams (text/event-stream),
 *   types that do not shrink (images), HEAD requests and `Cache-Control: no-transform`.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';

const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|atom\+xml|manifest\+json)|image\/svg\+xml)/i;
/** Immutable assets compressed at the highest levels, kept by path (bounded: the build's files). */
const ASSET_CACHE_LIMIT = 512;

export type Encoding = 'br' | 'gzip';

/** The encoding to use for an Accept-Encoding header (brotli first), or null (identity). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** Bodies from this size (and assets at the highest levels) are compressed off the event loop. */
const OFF_LOOP_BYTES = 64 * 1024;

/** Brotli quality of JSON answers made by jsonAnswer, and of the server-rendered pages (lib/web-assets.ts). */
export const JSON_BROTLI_QUALITY = 3;

const brotliOptions = (body: Uint8Array, best: boolean, quality = 4): BrotliOptions => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: best ? 11 : quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
});
const gzipOptions = (best: boolean): ZlibOptions => ({ level: best ? 9 : 4 });
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function compressBytes(body: Uint8Array, encoding: Encoding, best: boolean, brotliQuality?: number): Uint8Array<ArrayBuffer> {
  if (encoding === 'br') return brotliCompressSync(body, brotliOptions(body, best, brotliQuality)) as Uint8Array<ArrayBuffer>;
  return gzipSync(body, gzipOptions(best)) as Uint8Array<ArrayBuffer>;
}

/**
 * compressBytes for the middleware: a large body (a sitemap file) or an asset at level 11 is
 * compressed in libuv's thread pool, so other requests are not held up meanwhile.
 */
async function compressAnswer(body: Uint8Array, encoding: Encoding, best: boolean): Promise<Uint8Array<ArrayBuffer>> {
  if (!best && body.byteLength < OFF_LOOP_BYTES) return compressBytes(body, encoding, best);
  const out = encoding === 'br' ? await brotliAsync(body, brotliOptions(body, best)) : await gzipAsync(body, gzipOptions(best));
  return out as Uint8Array<ArrayBuffer>;
}

/**
 * A JSON answer compressed where it is made (issue 29): serialised, compressed when the client takes
 * it and the body is worth it, and handed to the framework once as bytes with Content-Encoding.
 * The middleware below then passes it by, instead of reading the body back out of a web Response
 * and building another one around the compressed bytes. For the answers signed-in people ask for
 * most (lists, searches, details, likes).
 */
export function jsonAnswer<T, S extends ContentfulStatusCode>(c: Context, data: T, status: S): Response & TypedResponse<JSONParsed<T>, S, 'json'> {
  const text = JSON.stringify(data);
  const encoding = text.length >= MIN_BYTES ? chooseEncoding(c.req.header('Accept-Encoding')) : null;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };
  let body: string | Uint8Array<ArrayBuffer> = text;
  if (encoding) {
    body = compressBytes(Buffer.from(text), encoding, false, JSON_BROTLI_QUALITY);
    headers['Content-Encoding'] = encoding;
  }
  // With its length given, a small answer is passed by as well.
  headers['Content-Length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  return c.body(body, status, headers) as unknown as Response & TypedResponse<JSONParsed<T>, S, 'json'>;
}

export function compression(): MiddlewareHandler {
  const assets = new Map<string, Uint8Array<ArrayBuffer>>();
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.headers.has('Content-Encoding')) return;
    const type = res.headers.get('Content-Type') ?? '';
    if (!COMPRESSIBLE.test(type)) return;
    const cacheControl = res.headers.get('Cache-Control') ?? '';
    if (/no-transform/i.test(cacheControl)) return;
    if (!res.body) return;
    const immutable = /immutable/i.test(cacheControl) && res.status === 200;
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    const length = Number(res.headers.get('Content-Length') ?? NaN);
    if (!encoding || length < MIN_BYTES) {
      varyOnEncoding(res.headers);
      return;
    }
    const key = immutable ? `${encoding} ${c.req.path}` : '';
    let encoded = key ? assets.get(key) : undefined;
    if (!encoded) {
      const body = new Uint8Array(await res.arrayBuffer());
      if (body.byteLength < MIN_BYTES) {
        const plain = new Response(body as Uint8Array<ArrayBuffer>, { status: res.status, headers: res.headers });
        varyOnEncoding(plain.headers);
        replaceResponse(c, plain);
        return;
      }
      encoded = await compressAnswer(body, encoding, immutable);
      if (key && assets.size < ASSET_CACHE_LIMIT) assets.set(key, encoded);
    } else {
      await res.body.cancel();
    }
    const headers = new Headers(res.headers);
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(encoded.byteLength));
    varyOnEncoding(headers);
    // A strong validator names the bytes; the compressed bytes differ, so it becomes weak.
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    replaceResponse(c, new Response(encoded, { status: res.status, headers }));
  };
}

/**
 * Hono's `c.res = …` copies every header of the old response onto the new one (a stale
 * Content-Length among them); clearing it first makes the new response the whole answer.
 */
export function replaceResponse(c: Context, res: Response) {
  c.res = undefined as unknown as Response;
  c.res = res;
}

function varyOnEncoding(headers: Headers) {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/accept-encoding|\*/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}
