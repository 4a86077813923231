/**
 * Helpers for the API tests of sharing, uploads, coupons and bookmarks (test-only; nothing in
 * the server imports this file).
 */
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { signedInUser, type SignedInUser, type SignedInUserOptions } from '../../../../tests/support/auth.ts';
import type { TestServer } from '../../../../tests/support/test-server.ts';
import { ideas, profiles, settings, shares } from '../../db/schema.ts';
import { ideaCreatedSchema, type IdeaCreated, type IdeaCreateInput } from '../../../shared/schemas/ideas.ts';
import { forgetCachedSettings, PLATFORM_SETTINGS_KEY } from '../../lib/platform-settings.ts';

/** A signed-in person whose profile has a name and contact details, so they may share. */
export async function sharer(t: TestServer, opts: SignedInUserOptions & { contactInfo?: string | null } = {}): Promise<SignedInUser> {
  const user = await signedInUser(t, { name: opts.name ?? 'Ada Okafor', ...opts });
  const contactInfo = opts.contactInfo === undefined ? 'ada@contact.test' : opts.contactInfo;
  await t.db.update(profiles).set({ contactInfo }).where(eq(profiles.userId, user.id));
  return user;
}

let seq = 0;
export function shareBody(overrides: Partial<IdeaCreateInput> = {}): IdeaCreateInput {
  seq += 1;
  return {
    category: 'idea',
    title: `A solar powered water pump number ${seq}`,
    description: 'A pump that runs on sunlight so farmers can water crops without buying fuel.',
    price: 1500,
    currency: 'NGN',
    rating: 4.5,
    projectDetails: 'Prototype built, looking for partners.',
    imageUrl: null,
    ...overrides,
  };
}

export function send(t: TestServer, user: SignedInUser | null, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { origin: new URL(t.url).origin, 'content-type': 'application/json' };
  if (user) headers.cookie = user.cookie;
  return t.fetch(path, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
}

export async function share(t: TestServer, user: SignedInUser, overrides: Partial<IdeaCreateInput> = {}): Promise<IdeaCreated> {
  const res = await send(t, user, 'POST', '/api/ideas', shareBody(overrides));
  const json: unknown = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(201);
  return ideaCreatedSchema.parse(json);
}

export interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

export async function errorOf(res: Response, status: number): Promise<ErrorJson['error']> {
  const json = (await res.json()) as ErrorJson;
  expect(res.status, JSON.stringify(json)).toBe(status);
  expect(typeof json.error?.code).toBe('string');
  expect(typeof json.error?.message).toBe('string');
  return json.error;
}

/**
 * Moves shares back in time instead of faking the clock: the items' creation time and their rows
 * in the share ledger, which is what cooldowns read.
 */
export async function backdateShares(t: TestServer, of: { ideaId: string } | { userId: string }, at: Date): Promise<void> {
  await t.db.update(ideas).set({ createdAt: at }).where('ideaId' in of ? eq(ideas.id, of.ideaId) : eq(ideas.userId, of.userId));
  await t.db.update(shares).set({ sharedAt: at }).where('ideaId' in of ? eq(shares.ideaId, of.ideaId) : eq(shares.userId, of.userId));
}

/** Writes the platform settings row (admin settings) over the defaults. */
/** Stores the settings straight in the database and empties the instance's settings cache, as saving them does. */
export async function setPlatformSettings(t: TestServer, value: Record<string, unknown>): Promise<void> {
  await t.db
    .insert(settings)
    .values({ key: PLATFORM_SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
  forgetCachedSettings(t.db);
}

export async function clearPlatformSettings(t: TestServer): Promise<void> {
  await t.db.delete(settings).where(eq(settings.key, PLATFORM_SETTINGS_KEY));
  forgetCachedSettings(t.db);
}

export async function upload(t: TestServer, user: SignedInUser | null, bytes: Uint8Array, name: string, type: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const headers: Record<string, string> = { origin: new URL(t.url).origin };
  if (user) headers.cookie = user.cookie;
  return t.fetch('/api/uploads/idea-images', { method: 'POST', headers, body: form });
}

export async function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a7' } }).png().toBuffer();
}

export async function jpegImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#a73' } }).jpeg().toBuffer();
}

export async function webpImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#37a' } }).webp().toBuffer();
}

/** A photo carrying EXIF with a GPS position, as phones write it. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: '#888' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Model 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 23/1 0/1' },
    })
    .toBuffer();
}

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A decompression bomb: a PNG declaring width×height pixels (20000×20000 = 400 megapixels) whose
 * file is a few KB, made by hand (IHDR plus a deflated run of zero rows) without ever holding the
 * pixels in memory.
 */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  // The first 64 rows only: the header alone declares the size, which is what is refused.
  const rows = deflateSync(Buffer.alloc((width + 1) * 64), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

/** The HTML a polyglot image carries (it would set window.__xss if a browser ever ran it). */
export const POLYGLOT_HTML = '<html><body><script>window.__xss=1</script></body></html>';

/** A real PNG that is also an HTML page: the HTML in a tEXt chunk before the pixels and again after IEND. */
export async function pngPolyglot(): Promise<Buffer> {
  const png = await pngImage(120, 90);
  const afterIhdr = 8 + 8 + 13 + 4;
  const text = pngChunk('tEXt', Buffer.from(`Comment\0${POLYGLOT_HTML}`, 'latin1'));
  return Buffer.concat([png.subarray(0, afterIhdr), text, png.subarray(afterIhdr), Buffer.from(POLYGLOT_HTML)]);
}

/** A real JPEG whose comment segment (COM) holds HTML and script, with the HTML again after the end marker. */
export async function jpegPolyglot(): Promise<Buffer> {
  const jpeg = await jpegImage(120, 90);
  const payload = Buffer.from(`*/=1;${POLYGLOT_HTML}/*`);
  const marker = Buffer.from([0xff, 0xfe, 0, 0]);
  marker.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), marker, payload, jpeg.subarray(2), Buffer.from(POLYGLOT_HTML)]);
}
