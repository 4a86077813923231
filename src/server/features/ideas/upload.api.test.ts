import { randomBytes } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { startOfFreshWindow } from '../../../../tests/support/clock.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { uploadedImageSchema } from '../../../shared/schemas/ideas.ts';
import { storedFiles, writeLimits } from '../../db/schema.ts';
import {
  clearPlatformSettings,
  errorOf,
  jpegImage,
  jpegPolyglot,
  jpegWithGps,
  POLYGLOT_HTML,
  pngBomb,
  pngPolyglot,
  pngImage,
  setPlatformSettings,
  sharer,
  upload,
  webpImage,
} from './api-test-helpers.ts';

const TOO_LARGE = 'Please select an image smaller than 5MB.';

describe.each(databaseKinds())('POST /api/uploads/idea-images on %s', (kind) => {
  const t = useTestServer(kind);

  async function storedCount(ownerId: string): Promise<number> {
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(storedFiles).where(eq(storedFiles.ownerId, ownerId));
    return row?.n ?? 0;
  }

  it('stores PNG, JPEG and WebP with a thumbnail, named from the user id and a timestamp', async () => {
    const ada = await sharer(t);
    const before = Date.now();
    for (const [bytes, name, type, ext] of [
      [await pngImage(120, 90), 'a.png', 'image/png', 'png'],
      [await jpegImage(120, 90), 'b.jpeg', 'image/jpeg', 'jpg'],
      [await webpImage(120, 90), 'c.webp', 'image/webp', 'webp'],
    ] as const) {
      const res = await upload(t, ada, bytes, name, type);
      expect(res.status).toBe(201);
      const body = uploadedImageSchema.parse(await res.json());
      expect(body).toMatchObject({ width: 120, height: 90 });
      const file = decodeURIComponent(body.url.replace('/storage/idea-images/', ''));
      const match = new RegExp(`^${ada.id}-(\\d+)-[a-z0-9]+\\.${ext}$`).exec(file);
      expect(match, file).not.toBeNull();
      expect(Number(match![1])).toBeGreaterThanOrEqual(before);
      expect(body.thumbnailUrl).toMatch(/\.thumb\.webp$/);
      const full = await t.fetch(body.url);
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe(type === 'image/png' ? 'image/png' : type);
      const thumb = await t.fetch(body.thumbnailUrl);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
    }
  });

  it('makes the thumbnail of a portrait from the whole picture, not a centre crop (issue 15 point 11)', async () => {
    const ada = await sharer(t);
    // 300 × 600: a top half red and a bottom half blue; a 4:3 centre crop would keep neither's edge.
    const portrait = await sharp({ create: { width: 300, height: 600, channels: 3, background: '#0000ff' } })
      .composite([{ input: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ff0000' } }).png().toBuffer(), top: 0, left: 0 }])
      .jpeg()
      .toBuffer();
    const res = await upload(t, ada, portrait, 'tall.jpg', 'image/jpeg');
    expect(res.status).toBe(201);
    const { thumbnailUrl } = uploadedImageSchema.parse(await res.json());
    const thumb = Buffer.from(await (await t.fetch(thumbnailUrl)).arrayBuffer());
    const { data, info } = await sharp(thumb).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([240, 480]);
    const pixel = (y: number) => [...data.subarray((y * info.width + 120) * info.channels, (y * info.width + 120) * info.channels + 3)];
    expect(pixel(2)[0], 'the top row is the red top of the picture').toBeGreaterThan(200);
    expect(pixel(info.height - 3)[2], 'the bottom row is its blue bottom').toBeGreaterThan(200);
  });

  it('re-encodes without metadata: a photo’s GPS position is gone, served with nosniff and a long cache', async () => {
    const ada = await sharer(t);
    const photo = await jpegWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(t, ada, photo, 'holiday.jpg', 'image/jpeg');
    expect(res.status).toBe(201);
    const { url, thumbnailUrl } = uploadedImageSchema.parse(await res.json());
    for (const path of [url, thumbnailUrl]) {
      const served = await t.fetch(path);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^image\//);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toContain('max-age=31536000');
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('TestPhone'))).toBe(false);
    }
  });

  it('refuses an SVG with a script, HTML renamed .png, a truncated PNG and a 20000×20000 pixel bomb with 415, storing nothing', async () => {
    const ada = await sharer(t);
    const png = await pngImage(400, 300);
    const cases: [Uint8Array, string, string, string][] = [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'evil.svg', 'image/svg+xml', 'Only PNG, JPG or WEBP images can be uploaded.'],
      [Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), 'page.png', 'image/png', 'Only PNG, JPG or WEBP images can be uploaded.'],
      [png.subarray(0, Math.floor(png.length / 2)), 'half.png', 'image/png', 'The image is damaged or incomplete.'],
      [pngBomb(20_000, 20_000), 'bomb.png', 'image/png', 'The image dimensions are too large.'],
    ];
    const bomb = cases[3]![0];
    expect(bomb.length).toBeLessThan(64 * 1024);
    for (const [bytes, name, type, message] of cases) {
      const err = await errorOf(await upload(t, ada, bytes, name, type), 415);
      expect(err, name).toEqual({ code: 'invalid_image', message, fields: { file: [message] } });
    }
    expect(await storedCount(ada.id)).toBe(0);
  });

  it('makes a polyglot harmless: a real PNG or JPEG carrying HTML is re-encoded, the HTML is gone, and it is served as an image that cannot run', async () => {
    const ada = await sharer(t);
    for (const [bytes, name, type, stored] of [
      [await pngPolyglot(), 'page.png', 'image/png', 'image/png'],
      [await jpegPolyglot(), 'page.jpg', 'image/jpeg', 'image/jpeg'],
      // The declared type is not trusted: an HTML type on a real PNG still stores a PNG.
      [await pngPolyglot(), 'page.html', 'text/html', 'image/png'],
    ] as const) {
      expect(bytes.includes(Buffer.from(POLYGLOT_HTML)), name).toBe(true);
      expect((await sharp(bytes).metadata()).width, `${name} is a real image`).toBe(120);
      const res = await upload(t, ada, bytes, name, type);
      expect(res.status, name).toBe(201);
      const body = uploadedImageSchema.parse(await res.json());
      expect(body.url, name).toMatch(new RegExp(`^/storage/idea-images/${ada.id}-\\d+-[a-z0-9]+\\.(png|jpg)$`));
      for (const url of [body.url, body.thumbnailUrl]) {
        const served = await t.fetch(url);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe(url === body.url ? stored : 'image/webp');
        expect(served.headers.get('x-content-type-options')).toBe('nosniff');
        expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
        const out = Buffer.from(await served.arrayBuffer());
        for (const needle of ['<script', 'window.__xss', '<html', '<body']) expect(out.includes(Buffer.from(needle)), `${url}: ${needle}`).toBe(false);
        expect((await sharp(out).metadata()).width).toBeGreaterThan(0);
      }
    }
  });

  it('refuses polyglots that are not sound images: a GIF/JavaScript polyglot and HTML behind a PNG signature', async () => {
    const ada = await sharer(t);
    const png = await pngImage(40, 30);
    const cases: [Uint8Array, string, string, string][] = [
      [Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=window.__xss=1;//;'), 'anim.gif', 'image/gif', 'Only PNG, JPG or WEBP images can be uploaded.'],
      [Buffer.concat([png.subarray(0, 8), Buffer.from(POLYGLOT_HTML)]), 'page.png', 'image/png', 'The image is damaged or incomplete.'],
      [Buffer.concat([png.subarray(0, 33), Buffer.from(POLYGLOT_HTML)]), 'header-only.png', 'image/png', 'The image is damaged or incomplete.'],
    ];
    for (const [bytes, name, type, message] of cases) {
      const err = await errorOf(await upload(t, ada, bytes, name, type), 415);
      expect(err, name).toEqual({ code: 'invalid_image', message, fields: { file: [message] } });
    }
    expect(await storedCount(ada.id)).toBe(0);
  });

  it('refuses a 6 MB file with 413 and the spec’s message, before reading it', async () => {
    const ada = await sharer(t);
    const big = Buffer.concat([await pngImage(), randomBytes(6 * 1024 * 1024)]);
    const err = await errorOf(await upload(t, ada, big, 'big.png', 'image/png'), 413);
    expect(err).toEqual({ code: 'file_too_large', message: TOO_LARGE, fields: { file: [TOO_LARGE] } });
    expect(await storedCount(ada.id)).toBe(0);
  });

  it('follows the admin settings: a smaller maxFileSize, and allowedFileTypes narrowing (never widening) the types', async () => {
    const ada = await sharer(t);
    // About 1.4 MB of noise that PNG cannot compress.
    const noisy = await sharp(randomBytes(700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } }).png().toBuffer();
    expect(noisy.length).toBeGreaterThan(1024 * 1024);
    try {
      await setPlatformSettings(t, { maxFileSize: 1 });
      let err = await errorOf(await upload(t, ada, noisy, 'noise.png', 'image/png'), 413);
      expect(err.message).toBe('Please select an image smaller than 1MB.');
      const config = (await (await t.fetch('/api/config')).json()) as { maxUploadBytes: number };
      expect(config.maxUploadBytes).toBe(1024 * 1024);

      await setPlatformSettings(t, { allowedFileTypes: '.png' });
      expect((await upload(t, ada, await pngImage(), 'ok.png', 'image/png')).status).toBe(201);
      err = await errorOf(await upload(t, ada, await jpegImage(), 'photo.jpg', 'image/jpeg'), 415);
      expect(err.message).toBe('Only PNG images can be uploaded.');
      err = await errorOf(await upload(t, ada, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg', 'image/svg+xml'), 415);
      expect(err.code).toBe('invalid_image');
      const types = (await (await t.fetch('/api/config')).json()) as { allowedImageTypes: string[] };
      expect(types.allowedImageTypes).toEqual(['image/png']);
    } finally {
      await clearPlatformSettings(t);
    }
  });

  it('answers a form without a file with 400, visitors with 401, another website with 403', async () => {
    const ada = await sharer(t);
    const form = new FormData();
    form.append('other', 'x');
    let err = await errorOf(await t.fetch('/api/uploads/idea-images', { method: 'POST', headers: { cookie: ada.cookie, origin: new URL(t.url).origin }, body: form }), 400);
    expect(err.code).toBe('bad_request');
    err = await errorOf(
      await t.fetch('/api/uploads/idea-images', {
        method: 'POST',
        headers: { cookie: ada.cookie, origin: new URL(t.url).origin, 'content-type': 'application/json' },
        body: '{}',
      }),
      400,
    );
    expect(err.fields?.file).toBeDefined();
    err = await errorOf(await upload(t, null, await pngImage(), 'a.png', 'image/png'), 401);
    expect(err.code).toBe('unauthorized');
    const foreign = new FormData();
    foreign.append('file', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'a.png');
    const res = await t.fetch('/api/uploads/idea-images', { method: 'POST', headers: { cookie: ada.cookie, origin: 'https://evil.test' }, body: foreign });
    expect(res.status).toBe(403);
    expect(await storedCount(ada.id)).toBe(0);
  });

  it('is described in the OpenAPI document with the other new endpoints', async () => {
    const doc = (await (await t.fetch('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(doc.paths['/api/uploads/idea-images']?.post).toBeDefined();
    expect(Object.keys(doc.paths['/api/ideas/{id}'] ?? {}).sort()).toEqual(expect.arrayContaining(['delete', 'get', 'patch']));
    for (const path of ['/api/me/ideas', '/api/me/stats', '/api/me/eligibility', '/api/me/saved', '/api/me/coupons', '/api/config']) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
  });

  it('limits one person to 20 uploads a minute', async () => {
    const ada = await sharer(t);
    const png = await pngImage(8, 8);
    // Windows are fixed: start at a minute's start (the app's clock moved there).
    startOfFreshWindow(60);
    for (let i = 0; i < 20; i++) expect((await upload(t, ada, png, 'a.png', 'image/png')).status).toBe(201);
    const refused = await upload(t, ada, png, 'a.png', 'image/png');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const err = await errorOf(refused, 429);
    expect(err.code).toBe('too_many_requests');
    expect(err.message).toMatch(/^You are uploading images too quickly\. Please wait/);
    // Once the minute's window has ended, uploads pass again.
    await t.db
      .update(writeLimits)
      .set({ windowStart: sql`${writeLimits.windowStart} - 60` })
      .where(like(writeLimits.key, `uploads:%:${ada.id}`));
    expect((await upload(t, ada, png, 'a.png', 'image/png')).status).toBe(201);
  });
});
