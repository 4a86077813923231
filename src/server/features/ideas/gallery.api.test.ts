/** An item's gallery (issue 27): up to 6 pictures, the first the cover; order, limits, ownership and clean-up by the server. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import type { SignedInUser } from '../../../../tests/support/auth.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { GALLERY_TOO_MANY_MESSAGE, ideaDetailSchema, ideaListResponseSchema, ownIdeaSchema, uploadedImageSchema } from '../../../shared/schemas/ideas.ts';
import { ideas, storedFiles } from '../../db/schema.ts';
import { errorOf, pngImage, send, share, shareBody, sharer, upload } from './api-test-helpers.ts';
import { GALLERY_DUPLICATE_MESSAGE } from './gallery.ts';
import { IMAGE_URL_MESSAGES } from './image-url.ts';

describe.each(databaseKinds())('item galleries on %s', (kind) => {
  const t = useTestServer(kind);
  const details = async (id: string) => ideaDetailSchema.parse(await (await t.fetch(`/api/ideas/${id}`)).json());

  async function uploads(user: SignedInUser, n: number): Promise<string[]> {
    const urls: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await upload(t, user, await pngImage(40 + i, 30), `p${i}.png`, 'image/png');
      urls.push(uploadedImageSchema.parse(await res.json()).url);
    }
    return urls;
  }

  async function exists(url: string): Promise<boolean> {
    return (await t.fetch(url)).status === 200;
  }

  it('shares up to 6 pictures in order; the first is the cover of cards and details', async () => {
    const ada = await sharer(t);
    const [a, b, c] = await uploads(ada, 3);
    const { idea } = await share(t, ada, { images: [a!, 'https://images.example.com/field.jpg', b!, c!] });
    expect(idea.imageUrl).toBe(a);
    expect(idea.images.map((i) => i.url)).toEqual([a, 'https://images.example.com/field.jpg', b, c]);
    expect(idea.images[0]?.thumbnailUrl).toMatch(/\.thumb\.webp$/);
    const shown = await details(idea.id);
    expect(shown.images.map((i) => i.url)).toEqual([a, 'https://images.example.com/field.jpg', b, c]);
    const card = ideaListResponseSchema.parse(await (await t.fetch('/api/ideas')).json()).items.find((i) => i.id === idea.id);
    expect(card?.imageUrl).toBe(a);
  });

  it('reorders, removes and adds in an edit; removed uploads are deleted; the cover follows the first picture', async () => {
    const ada = await sharer(t);
    const [a, b, c, d] = await uploads(ada, 4);
    const { idea } = await share(t, ada, { images: [a!, b!, c!] });
    const edited = ownIdeaSchema.parse(await (await send(t, ada, 'PATCH', `/api/ideas/${idea.id}`, { images: [c!, a!, d!] })).json());
    expect(edited.images.map((i) => i.url)).toEqual([c, a, d]);
    expect(edited.imageUrl).toBe(c);
    expect(await exists(b!)).toBe(false);
    for (const url of [a!, c!, d!]) expect(await exists(url)).toBe(true);
    // Changing only the cover (the older single-image way) keeps the rest of the gallery.
    const [e] = await uploads(ada, 1);
    await send(t, ada, 'PATCH', `/api/ideas/${idea.id}`, { imageUrl: e });
    expect((await details(idea.id)).images.map((i) => i.url)).toEqual([e, a, d]);
    expect(await exists(c!)).toBe(false);
    // Deleting the item deletes every picture it showed.
    expect((await send(t, ada, 'DELETE', `/api/ideas/${idea.id}`)).status).toBeLessThan(300);
    for (const url of [e!, a!, d!]) expect(await exists(url)).toBe(false);
  });

  it('keeps an older single-image item working: its image is the cover and the whole gallery', async () => {
    const ada = await sharer(t);
    const { idea } = await share(t, ada, { imageUrl: 'https://images.example.com/old.jpg' });
    await t.db.update(ideas).set({ galleryUrls: [] }).where(eq(ideas.id, idea.id));
    expect((await details(idea.id)).images).toEqual([{ url: 'https://images.example.com/old.jpg', thumbnailUrl: 'https://images.example.com/old.jpg' }]);
    const none = await share(t, await sharer(t));
    expect((await details(none.idea.id)).images).toEqual([]);
  });

  it('refuses more than 6 pictures, the same picture twice and bad addresses, changing nothing', async () => {
    const ada = await sharer(t);
    const seven = Array.from({ length: 7 }, (_, i) => `https://images.example.com/${i}.jpg`);
    const tooMany = await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ images: seven })), 400);
    expect(tooMany.message).toBe(GALLERY_TOO_MANY_MESSAGE);
    const twice = await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ images: [seven[0]!, seven[0]!] })), 422);
    expect(twice.fields?.images).toEqual([GALLERY_DUPLICATE_MESSAGE]);
    const bad = await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ images: [seven[0]!, 'http://127.0.0.1/x.png'] })), 422);
    expect(bad.fields?.images).toEqual([IMAGE_URL_MESSAGES.invalid]);
    const { idea } = await share(t, ada, { images: seven.slice(0, 2) });
    const err = await errorOf(await send(t, ada, 'PATCH', `/api/ideas/${idea.id}`, { images: seven }), 400);
    expect(err.message).toBe(GALLERY_TOO_MANY_MESSAGE);
    expect((await details(idea.id)).images.map((i) => i.url)).toEqual(seven.slice(0, 2));
    // The database holds the line too.
    await expect(t.db.update(ideas).set({ galleryUrls: seven.slice(0, 6) }).where(eq(ideas.id, idea.id))).rejects.toThrow();
  });

  it('takes only one’s own uploads, each on one item only, and lets nobody else change the gallery', async () => {
    const ada = await sharer(t);
    const bola = await sharer(t, { name: 'Bola Ade' });
    const [bolas] = await uploads(bola, 1);
    const notYours = await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ images: ['https://images.example.com/a.jpg', bolas!] })), 422);
    expect(notYours.fields?.images).toEqual([IMAGE_URL_MESSAGES.notYours]);
    const [mine, second] = await uploads(ada, 2);
    const { idea } = await share(t, ada, { images: [mine!], category: 'idea' });
    const inUse = await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ images: [second!, mine!], category: 'product' })), 422);
    expect(inUse.fields?.images).toEqual([IMAGE_URL_MESSAGES.inUse]);
    // Someone else may not edit it (only its owner or an admin).
    const theirs = await send(t, bola, 'PATCH', `/api/ideas/${idea.id}`, { images: [] });
    expect(theirs.status).toBe(403);
    expect((await details(idea.id)).images.map((i) => i.url)).toEqual([mine]);
    const [files] = await t.db.select({ name: storedFiles.name }).from(storedFiles).where(eq(storedFiles.ownerId, ada.id)).limit(1);
    expect(files).toBeDefined();
  });
});
