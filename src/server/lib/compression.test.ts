import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { createServer, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compression, JSON_BROTLI_QUALITY, jsonAnswer } from './compression.ts';

/** Over the size that is compressed off the event loop. */
const largeXml = `<urlset>${Array.from({ length: 3000 }, (_, i) => `<url><loc>https://ideahub.example/ideas/${i}</loc></url>`).join('\n')}</urlset>`;
const big = { items: Array.from({ length: 40 }, (_, i) => ({ id: i, title: `Solar water pump number ${i}` })) };

function app() {
  let assetRuns = 0;
  const a = new Hono();
  a.use('*', compression());
  a.get('/big', (c) => c.json(big));
  a.get('/small', (c) => c.json({ ok: true }));
  a.get('/made/big', (c) => jsonAnswer(c, big, 200));
  a.get('/made/small', (c) => jsonAnswer(c, { ok: true }, 201));
  a.get('/sitemap.xml', (c) => c.body(largeXml, 200, { 'Content-Type': 'application/xml; charset=utf-8' }));
  a.get('/image', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
  a.get('/asset.js', (c) => {
    assetRuns++;
    return c.body(`console.log(${JSON.stringify('x'.repeat(5000))});`, 200, {
      'Content-Type': 'text/javascript',
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: '"abc"',
    });
  });
  a.get('/stream', (c) => streamSSE(c, async (s) => s.writeSSE({ data: 'x'.repeat(3000) })));
  return { a, assetRuns: () => assetRuns };
}

describe('chooseEncoding', () => {
  it('follows Accept-Encoding with its q-values', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('gzip;q=0')).toBeNull();
  });
});

describe('compression', () => {
  it('compresses a large JSON answer in one piece with brotli when the client takes it, else gzip, with its length and Vary', async () => {
    const { a } = app();
    const br = await a.request('/big', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(brBytes).toString())).toEqual(big);

    const gz = await a.request('/big', { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const gzBytes = Buffer.from(await gz.arrayBuffer());
    expect(Number(gz.headers.get('content-length'))).toBe(gzBytes.length);
    expect(JSON.parse(gunzipSync(gzBytes).toString())).toEqual(big);
  });

  it('compresses a large answer (off the event loop) to the same bytes a client decodes, in either encoding', async () => {
    const { a } = app();
    expect(largeXml.length).toBeGreaterThan(64 * 1024);
    const br = await a.request('/sitemap.xml', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(brotliDecompressSync(brBytes).toString()).toBe(largeXml);
    const gz = await a.request('/sitemap.xml', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(largeXml);
  });

  it('leaves small bodies, images, HEAD and clients without gzip alone', async () => {
    const { a } = app();
    expect((await a.request('/small', { headers: { 'accept-encoding': 'gzip' } })).headers.get('content-encoding')).toBeNull();
    expect((await a.request('/image', { headers: { 'accept-encoding': 'gzip' } })).headers.get('content-encoding')).toBeNull();
    const plain = await a.request('/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(big);
  });

  it('compresses an immutable asset once with brotli and keeps the bytes', async () => {
    const t = app();
    const first = await t.a.request('/asset.js', { headers: { 'accept-encoding': 'gzip, br' } });
    const second = await t.a.request('/asset.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('etag')).toBe('W/"abc"');
    const [one, two] = [Buffer.from(await first.arrayBuffer()), Buffer.from(await second.arrayBuffer())];
    expect(one.equals(two)).toBe(true);
    expect(brotliDecompressSync(one).toString()).toContain('console.log');
    expect(one.length).toBeLessThan(200);
  });

  it('never buffers a live stream', async () => {
    const res = await app().a.request('/stream', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toContain('data: xxx');
  });
});

describe('compression served by Node', () => {
  it("compresses answers made with @hono/node-server's Response, as the server sends them", async () => {
    const { getRequestListener } = await import('@hono/node-server');
    const { a } = app();
    // As the server does (server.ts): @hono/node-server's listener, which puts its Response in place.
    const server = createServer(getRequestListener(a.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const res = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        request({ port, host: '127.0.0.1', path: '/big', headers: { 'accept-encoding': 'gzip' } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (d: Buffer) => chunks.push(d)).on('end', () => resolve({ headers: r.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(res.body).toString())).toEqual(big);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('jsonAnswer', () => {
  it('sends the bytes it compressed as it made the answer (the middleware passes them by), with their length and Vary', async () => {
    const { a } = app();
    const br = await a.request('/made/big', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toBe('application/json');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const bytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(bytes.length);
    // Exactly brotli at the JSON quality: not compressed again, nor read back and rebuilt at another.
    const json = Buffer.from(JSON.stringify(big));
    expect(bytes).toEqual(brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: JSON_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: json.byteLength } }));

    const gz = await a.request('/made/big', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(big);

    const plain = await a.request('/made/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(big);
  });

  it('sends a small answer as it is, with its status and length', async () => {
    const { a } = app();
    const res = await a.request('/made/small', { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String(JSON.stringify({ ok: true }).length));
    expect(await res.json()).toEqual({ ok: true });
  });
});
