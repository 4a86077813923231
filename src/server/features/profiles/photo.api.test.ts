/** The profile 'Photo' (issue 27): upload, checks by bytes, square re-encoding, removal, and who may change it. */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { signedInUser, type SignedInUser, siteHeaders } from '../../../../tests/support/auth.ts';
import { type TestServer, useTestServer } from '../../../../tests/support/test-server.ts';
import { ideaDetailSchema, ideaListResponseSchema } from '../../../shared/schemas/ideas.ts';
import { makerSchema } from '../../../shared/schemas/makers.ts';
import { profilePhotoSchema, profileSchema } from '../../../shared/schemas/profile.ts';
import { storedFiles } from '../../db/schema.ts';
import { errorOf, jpegImage, pngImage, share, sharer, webpImage } from '../ideas/api-test-helpers.ts';

const TOO_LARGE = 'Please select an image smaller than 5MB.';

function sendPhoto(t: TestServer, user: SignedInUser | null, bytes: Uint8Array, name = 'me.png', type = 'image/png'): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const headers: Record<string, string> = { origin: new URL(t.url).origin };
  if (user) headers.cookie = user.cookie;
  return t.fetch('/api/profile/photo', { method: 'POST', headers, body: form });
}

const removePhoto = (t: TestServer, user: SignedInUser | null) =>
  t.fetch('/api/profile/photo', { method: 'DELETE', headers: user ? user.headers : siteHeaders(t) });

async function sessionImage(t: TestServer, user: SignedInUser): Promise<unknown> {
  const body = (await (await t.fetch('/api/auth/get-session', { headers: { cookie: user.cookie } })).json()) as { user: { image?: unknown } };
  return body.user.image;
}

async function imageSize(t: TestServer, url: string) {
  const res = await t.fetch(url);
  expect(res.status, url).toBe(200);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return { type: res.headers.get('content-type'), width: meta.width, height: meta.height, exif: meta.exif };
}

describe.each(databaseKinds())('the profile photo on %s', (kind) => {
  const t = useTestServer(kind);

  async function storedNames(ownerId: string): Promise<string[]> {
    const rows = await t.db.select({ name: storedFiles.name }).from(storedFiles).where(eq(storedFiles.ownerId, ownerId));
    return rows.map((r) => r.name).sort();
  }

  it('takes a PNG, JPEG or WebP, crops it square, and shows it on the profile, the session, cards, details and the maker page', async () => {
    const ada = await sharer(t, { name: 'Ada Okafor' });
    for (const [bytes, name, type] of [
      [await jpegImage(640, 400), 'me.jpg', 'image/jpeg'],
      [await webpImage(300, 500), 'me.webp', 'image/webp'],
      [await pngImage(900, 300), 'me.png', 'image/png'],
    ] as const) {
      const res = await sendPhoto(t, ada, bytes, name, type);
      expect(res.status, name).toBe(200);
      const photo = profilePhotoSchema.parse(await res.json());
      expect(photo.photoUrl).toMatch(/^\/storage\/idea-images\/.+\.webp$/);
      expect(await imageSize(t, photo.photoUrl!)).toMatchObject({ type: 'image/webp', width: 512, height: 512, exif: undefined });
      expect(await imageSize(t, photo.avatarUrl!)).toMatchObject({ type: 'image/webp', width: 192, height: 192 });
    }
    // Only the last photo is kept: each replaced one was deleted.
    expect(await storedNames(ada.id)).toHaveLength(2);
    const profile = profileSchema.parse(await (await t.fetch('/api/profile', { headers: ada.headers })).json());
    expect(profile.avatarUrl).toMatch(/\.thumb\.webp$/);
    expect(await sessionImage(t, ada)).toBe(profile.avatarUrl);

    const { idea } = await share(t, ada);
    const creator = { id: ada.id, name: 'Ada Okafor', avatarUrl: profile.avatarUrl };
    const list = ideaListResponseSchema.parse(await (await t.fetch('/api/ideas')).json());
    expect(list.items.find((i) => i.id === idea.id)?.creator).toMatchObject(creator);
    const details = ideaDetailSchema.parse(await (await t.fetch(`/api/ideas/${idea.id}`)).json());
    expect(details.creator).toMatchObject(creator);
    const maker = makerSchema.parse(await (await t.fetch(`/api/makers/${ada.id}`)).json());
    expect(maker.avatarUrl).toBe(profile.avatarUrl);
  });

  it('refuses what is not a PNG, JPEG or WebP by its bytes, whatever its name and type say, and keeps the photo', async () => {
    const ada = await signedInUser(t);
    const first = profilePhotoSchema.parse(await (await sendPhoto(t, ada, await pngImage(200, 200))).json());
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#f00' } }).gif().toBuffer();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    for (const [bytes, name] of [[gif, 'me.png'], [html, 'me.jpg']] as const) {
      const err = await errorOf(await sendPhoto(t, ada, bytes, name, 'image/png'), 415);
      expect(err, name).toEqual({ code: 'invalid_image', message: 'Only PNG, JPG or WEBP images can be uploaded.', fields: { file: ['Only PNG, JPG or WEBP images can be uploaded.'] } });
    }
    const png = await pngImage(200, 200);
    const damaged = await errorOf(await sendPhoto(t, ada, png.subarray(0, Math.floor(png.length / 2))), 415);
    expect(damaged.message).toBe('The image is damaged or incomplete.');
    const profile = profileSchema.parse(await (await t.fetch('/api/profile', { headers: ada.headers })).json());
    expect(profile.photoUrl).toBe(first.photoUrl);
    expect(await storedNames(ada.id)).toHaveLength(2);
  });

  it('refuses a file of 5 MB or more with the spec’s message, storing nothing', async () => {
    const ada = await signedInUser(t);
    const big = Buffer.concat([await pngImage(), randomBytes(5 * 1024 * 1024)]);
    const err = await errorOf(await sendPhoto(t, ada, big), 413);
    expect(err).toEqual({ code: 'file_too_large', message: TOO_LARGE, fields: { file: [TOO_LARGE] } });
    expect(await storedNames(ada.id)).toEqual([]);
    const missing = await errorOf(await t.fetch('/api/profile/photo', { method: 'POST', headers: { ...ada.headers, 'content-type': 'application/json' }, body: '{}' }), 400);
    expect(missing.message).toBe('Please choose an image to upload.');
  });

  it('removes the photo: its files are deleted and every avatar shows initials again', async () => {
    const ada = await sharer(t);
    await sendPhoto(t, ada, await pngImage(300, 300));
    const { idea } = await share(t, ada);
    const res = await removePhoto(t, ada);
    expect(res.status).toBe(200);
    expect(profilePhotoSchema.parse(await res.json())).toEqual({ photoUrl: null, avatarUrl: null });
    expect(await storedNames(ada.id)).toEqual([]);
    expect(await sessionImage(t, ada)).toBeNull();
    const details = ideaDetailSchema.parse(await (await t.fetch(`/api/ideas/${idea.id}`)).json());
    expect(details.creator.avatarUrl).toBeNull();
    // Removing none is fine too.
    expect((await removePhoto(t, ada)).status).toBe(200);
  });

  it('lets nobody change another person’s photo, and asks visitors to sign in', async () => {
    const ada = await signedInUser(t);
    const mine = profilePhotoSchema.parse(await (await sendPhoto(t, ada, await pngImage(200, 200))).json());
    const bola = await signedInUser(t);
    expect((await sendPhoto(t, bola, await jpegImage(200, 200), 'x.jpg', 'image/jpeg')).status).toBe(200);
    expect((await removePhoto(t, bola)).status).toBe(200);
    const ada2 = profileSchema.parse(await (await t.fetch('/api/profile', { headers: ada.headers })).json());
    expect(ada2.photoUrl).toBe(mine.photoUrl);
    expect((await t.fetch(mine.photoUrl!)).status).toBe(200);
    for (const res of [await sendPhoto(t, null, await pngImage()), await removePhoto(t, null)]) {
      expect(res.status).toBe(401);
    }
    // Nor can a photo be put on an item: removing the item would remove the photo.
    const asItem = await t.fetch('/api/ideas', {
      method: 'POST',
      headers: ada.headers,
      body: JSON.stringify({ category: 'idea', title: 'A solar powered pump', description: 'Pumps water with the sun all day long.', imageUrl: mine.photoUrl }),
    });
    expect(asItem.status).toBe(422);
  });

  it('goes with the account', async () => {
    const ada = await signedInUser(t);
    const photo = profilePhotoSchema.parse(await (await sendPhoto(t, ada, await pngImage(200, 200))).json());
    const res = await t.fetch('/api/me', { method: 'DELETE', headers: ada.headers, body: JSON.stringify({ confirm: 'DELETE' }) });
    expect(res.status).toBe(200);
    expect((await t.fetch(photo.photoUrl!)).status).toBe(404);
    const [left] = await t.db.select({ n: sql<number>`count(*)::int` }).from(storedFiles).where(eq(storedFiles.ownerId, ada.id));
    expect(left?.n).toBe(0);
  });
});
