/**
 * Item images in an S3-compatible bucket (a real one: s3rver on 127.0.0.1), on both databases:
 * uploads write the objects and rows without bytes, IdeaHub's address redirects to the bucket
 * (S3_PUBLIC_URL, or a signed address while it is private), deleting an item or an account deletes
 * its objects, a failed bucket write leaves no row, and a failed row write leaves no object.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { useS3Server } from '../../../../tests/support/s3-server.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { uploadedImageSchema } from '../../../shared/schemas/ideas.ts';
import { storedFiles } from '../../db/schema.ts';
import { putFiles } from '../../lib/file-store.ts';
import { errorOf, pngImage, send, share, sharer, upload } from '../ideas/api-test-helpers.ts';

const nameOf = (url: string) => decodeURIComponent(url.replace('/storage/idea-images/', ''));

describe.each(databaseKinds())('images in a private bucket on %s', (kind) => {
  const s3 = useS3Server();
  const t = useTestServer(kind, {
    get env() {
      return s3.current.env();
    },
  });

  async function uploaded(who: Awaited<ReturnType<typeof sharer>>) {
    const res = await upload(t, who, await pngImage(200, 150), 'pump.png', 'image/png');
    expect(res.status).toBe(201);
    return uploadedImageSchema.parse(await res.json());
  }

  it('stores the image and its thumbnail in the bucket, rows without bytes, and serves them by a signed redirect', async () => {
    const ada = await sharer(t);
    const image = await uploaded(ada);
    const name = nameOf(image.url);
    const thumbName = nameOf(image.thumbnailUrl);
    const rows = await t.db.select({ name: storedFiles.name, bytes: storedFiles.bytes, size: storedFiles.size }).from(storedFiles).where(eq(storedFiles.ownerId, ada.id));
    expect(rows.map((r) => r.name).sort()).toEqual([name, thumbName].sort());
    expect(rows.every((r) => r.bytes === null)).toBe(true);
    const object = await s3.current.objectBytes(`idea-images/${name}`);
    expect(object?.length).toBe(rows.find((r) => r.name === name)!.size);
    expect(await s3.current.objectBytes(`idea-images/${thumbName}`)).not.toBeNull();

    const res = await t.fetch(image.url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${s3.current.endpoint}/${s3.current.bucket}/idea-images/`)).toBe(true);
    expect(location).toContain('X-Amz-Signature=');
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const followed = await t.fetch(image.url);
    expect(followed.status).toBe(200);
    expect(followed.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await followed.arrayBuffer()).equals(object!)).toBe(true);
  });

  it('deletes the objects with the item, and with a replaced image', async () => {
    const ada = await sharer(t);
    const first = await uploaded(ada);
    const { idea } = await share(t, ada, { imageUrl: first.url });
    const second = await uploaded(ada);
    expect((await send(t, ada, 'PATCH', `/api/ideas/${idea.id}`, { imageUrl: second.url })).status).toBe(200);
    expect(await s3.current.objectBytes(`idea-images/${nameOf(first.url)}`)).toBeNull();
    expect(await s3.current.objectBytes(`idea-images/${nameOf(first.thumbnailUrl)}`)).toBeNull();
    expect(await s3.current.objectBytes(`idea-images/${nameOf(second.url)}`)).not.toBeNull();

    expect((await send(t, ada, 'DELETE', `/api/ideas/${idea.id}`)).status).toBe(204);
    expect(await s3.current.objectBytes(`idea-images/${nameOf(second.url)}`)).toBeNull();
    expect(await s3.current.objectBytes(`idea-images/${nameOf(second.thumbnailUrl)}`)).toBeNull();
    expect((await t.fetch(second.url, { redirect: 'manual' })).status).toBe(404);
  });

  it('deletes the objects of a person who deletes their account: their items’ images and their other uploads', async () => {
    const ada = await sharer(t);
    const shown = await uploaded(ada);
    await share(t, ada, { imageUrl: shown.url });
    const loose = await uploaded(ada);
    const res = await send(t, ada, 'DELETE', '/api/me', { confirm: 'DELETE' });
    expect(res.status).toBe(200);
    for (const url of [shown.url, shown.thumbnailUrl, loose.url, loose.thumbnailUrl]) {
      expect(await s3.current.objectBytes(`idea-images/${nameOf(url)}`), url).toBeNull();
    }
    const [left] = await t.db.select({ n: sql<number>`count(*)::int` }).from(storedFiles).where(eq(storedFiles.ownerId, ada.id));
    expect(left?.n).toBe(0);
  });

  it('leaves no object when the rows cannot be written (their owner is gone)', async () => {
    await expect(
      putFiles(t.db, [{ bucket: 'idea-images', name: 'ghost-1.png', contentType: 'image/png', bytes: await pngImage(), ownerId: 'no-such-person' }]),
    ).rejects.toThrow();
    expect(await s3.current.objectBytes('idea-images/ghost-1.png')).toBeNull();
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.name, 'ghost-1.png'))).toEqual([]);
  });
});

describe.each(databaseKinds())('images in a public bucket (S3_PUBLIC_URL) on %s', (kind) => {
  const s3 = useS3Server();
  const t = useTestServer(kind, {
    get env() {
      return s3.current.env({ publicUrl: true });
    },
  });

  it('redirects IdeaHub’s image address to the public one for good, where readers get the bytes', async () => {
    const ada = await sharer(t);
    const res = await upload(t, ada, await pngImage(120, 90), 'pump.png', 'image/png');
    const image = uploadedImageSchema.parse(await res.json());
    const answer = await t.fetch(image.thumbnailUrl, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(`${s3.current.endpoint}/${s3.current.bucket}/idea-images/${encodeURIComponent(nameOf(image.thumbnailUrl))}`);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const object = await fetch(answer.headers.get('location')!);
    expect(object.status).toBe(200);
    expect(object.headers.get('content-type')).toBe('image/webp');
  });
});

describe.each(databaseKinds())('a bucket that cannot be written on %s', (kind) => {
  const s3 = useS3Server();
  const t = useTestServer(kind, {
    get env() {
      return { ...s3.current.env(), S3_BUCKET: 'no-such-bucket' };
    },
  });

  it('answers the upload with a clear error and keeps no row', async () => {
    const ada = await sharer(t);
    const error = await errorOf(await upload(t, ada, await pngImage(), 'pump.png', 'image/png'), 503);
    expect(error.message).toBe('The file could not be stored right now. Please try again.');
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.ownerId, ada.id))).toEqual([]);
  });
});

describe.each(databaseKinds())('without a bucket on %s', (kind) => {
  const t = useTestServer(kind);

  it('keeps the bytes in the database and serves them itself, as before', async () => {
    const ada = await sharer(t);
    const res = await upload(t, ada, await pngImage(), 'pump.png', 'image/png');
    const image = uploadedImageSchema.parse(await res.json());
    const [row] = await t.db.select({ bytes: storedFiles.bytes }).from(storedFiles).where(eq(storedFiles.name, nameOf(image.url)));
    expect(row?.bytes).not.toBeNull();
    const served = await t.fetch(image.url, { redirect: 'manual' });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(row!.bytes!))).toBe(true);
  });
});
