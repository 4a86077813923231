import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { IDEA_CONTENT_MESSAGES as M } from '../../../shared/validation/idea-content.ts';
import { ownIdeaSchema } from '../../../shared/schemas/ideas.ts';
import {
  contactRequests,
  coupons,
  ideaDiscussionMessages,
  ideaDiscussions,
  ideas,
  likes,
  profiles,
  ratings,
  savedItems,
  storedFiles,
} from '../../db/schema.ts';
import {
  backdateShares,
  clearPlatformSettings,
  errorOf,
  pngImage,
  send,
  setPlatformSettings,
  share,
  shareBody,
  sharer,
  upload,
} from './api-test-helpers.ts';
import { IMAGE_URL_MESSAGES } from './image-url.ts';

const PROFILE_INCOMPLETE = 'Please update your profile (name and contact) before sharing.';

describe.each(databaseKinds())('sharing and managing items on %s', (kind) => {
  const t = useTestServer(kind);

  const countOf = async (table: typeof ideas | typeof coupons, userColumn: typeof ideas.userId | typeof coupons.assignedTo, userId: string) => {
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(userColumn, userId));
    return row?.n ?? 0;
  };
  const ideasOf = (userId: string) => countOf(ideas, ideas.userId, userId);
  const couponsOf = (userId: string) => countOf(coupons, coupons.assignedTo, userId);

  async function uploadedUrl(user: Awaited<ReturnType<typeof sharer>>): Promise<string> {
    const res = await upload(t, user, await pngImage(), 'pump.png', 'image/png');
    expect(res.status).toBe(201);
    return ((await res.json()) as { url: string }).url;
  }

  describe('POST /api/ideas', () => {
    it('stores the cleaned values, makes the discussion and assigns a coupon, in one go', async () => {
      const ada = await sharer(t, { name: 'Ada Okafor' });
      const res = await send(t, ada, 'POST', '/api/ideas', {
        category: 'product',
        title: '  solar PUMP kit for farms!!! 🚀',
        description: 'a PUMP that runs on sunlight so farmers can water crops...',
        price: '1200.505',
        currency: 'USD',
        rating: '4.25',
        projectDetails: '  Prototype ready  ',
        imageUrl: 'https://example.com/pump.jpg',
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { idea: unknown; coupon: { id: string; code: string } };
      const idea = ownIdeaSchema.parse(body.idea);
      expect(idea.title).toBe('Solar pump kit for farms');
      expect(idea.description).toBe('A pump that runs on sunlight so farmers can water crops');
      expect(idea.price).toBe(1200.51);
      expect(idea.rating).toBe(4.3);
      expect(idea.currency).toBe('USD');
      expect(idea.category).toBe('product');
      expect(idea.projectDetails).toBe('Prototype ready');
      expect(idea.imageUrl).toBe('https://example.com/pump.jpg');
      expect(idea.creator.name).toBe('Ada Okafor');
      expect(body.coupon.code).toMatch(/^IDEA-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);

      const [stored] = await t.db.select().from(ideas).where(eq(ideas.id, idea.id));
      expect(stored?.userId).toBe(ada.id);
      expect(stored?.title).toBe('Solar pump kit for farms');
      const discussions = await t.db.select().from(ideaDiscussions).where(eq(ideaDiscussions.ideaId, idea.id));
      expect(discussions).toHaveLength(1);
      const [coupon] = await t.db.select().from(coupons).where(eq(coupons.id, body.coupon.id));
      expect(coupon).toMatchObject({ code: body.coupon.code, assignedTo: ada.id, ideaId: idea.id, isUsed: false });
    });

    it('is refused to visitors with 401 and the error body', async () => {
      const err = await errorOf(await send(t, null, 'POST', '/api/ideas', shareBody()), 401);
      expect(err.code).toBe('unauthorized');
    });

    it('needs a profile with a name and contact details', async () => {
      const noContact = await sharer(t, { contactInfo: null });
      let err = await errorOf(await send(t, noContact, 'POST', '/api/ideas', shareBody()), 422);
      expect(err).toMatchObject({ code: 'profile_incomplete', message: PROFILE_INCOMPLETE });
      const noName = await sharer(t, { contactInfo: '0803 000 0000' });
      await t.db.update(profiles).set({ fullName: '  ' }).where(eq(profiles.userId, noName.id));
      err = await errorOf(await send(t, noName, 'POST', '/api/ideas', shareBody()), 422);
      expect(err).toMatchObject({ code: 'profile_incomplete', message: PROFILE_INCOMPLETE });
      expect(await ideasOf(noContact.id)).toBe(0);
      expect(await ideasOf(noName.id)).toBe(0);
    });

    it("answers each of the spec's twelve messages verbatim, under its field, and writes nothing", async () => {
      const ada = await sharer(t);
      const cases: { body: Record<string, unknown>; field: string; message: string }[] = [
        { body: { title: '   ' }, field: 'title', message: M.titleRequired },
        { body: { title: 'Abcd' }, field: 'title', message: M.titleTooShort },
        { body: { title: 'Solar <pump> kit' }, field: 'title', message: M.titleInvalid },
        { body: { title: 'Solarpumpkit' }, field: 'title', message: M.titleNotMeaningful },
        { body: { description: '' }, field: 'description', message: M.descriptionRequired },
        { body: { description: 'Solar pump kit' }, field: 'description', message: M.descriptionTooShort },
        { body: { description: 'A pump {that} runs on sunlight' }, field: 'description', message: M.descriptionInvalid },
        { body: { description: 'Solarpumpthatrunsonsun' }, field: 'description', message: M.descriptionNotMeaningful },
        { body: { price: -1 }, field: 'price', message: M.priceInvalid },
        { body: { price: '12abc' }, field: 'price', message: M.priceInvalid },
        { body: { currency: 'GBP' }, field: 'currency', message: M.currencyInvalid },
        { body: { rating: 5.5 }, field: 'rating', message: M.ratingInvalid },
      ];
      for (const c of cases) {
        const err = await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody(c.body)), 422);
        expect(err.code, c.message).toBe('validation_failed');
        expect(err.fields?.[c.field], c.message).toContain(c.message);
        // The summary message is the first of the list.
        expect(Object.values(err.fields ?? {}).flat()).toContain(err.message);
      }
      // The twelfth: the author's profile name.
      await t.db.update(profiles).set({ fullName: 'R2D2 Unit' }).where(eq(profiles.userId, ada.id));
      const err = await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody()), 422);
      expect(err).toMatchObject({ code: 'validation_failed', message: M.authorNameInvalid, fields: { authorName: [M.authorNameInvalid] } });
      expect(await ideasOf(ada.id)).toBe(0);
      expect(await couponsOf(ada.id)).toBe(0);
    });

    it('gathers every problem at once, the first as the message', async () => {
      const ada = await sharer(t);
      const err = await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ title: '', currency: 'XYZ', rating: 9 })), 422);
      expect(err.message).toBe(M.titleRequired);
      expect(err.fields).toMatchObject({ title: [M.titleRequired], currency: [M.currencyInvalid], rating: [M.ratingInvalid] });
    });

    it('answers malformed JSON, wrong types and unknown categories with 400, never 500, writing nothing', async () => {
      const ada = await sharer(t);
      const bodies = ['{"title": ', JSON.stringify({ ...shareBody(), title: 5 }), JSON.stringify({ ...shareBody(), category: 'service' }), '[]', 'null'];
      for (const body of bodies) {
        const err = await errorOf(await send(t, ada, 'POST', '/api/ideas', body), 400);
        expect(err.code, body).toBe('bad_request');
      }
      expect(await ideasOf(ada.id)).toBe(0);
    });

    it('accepts no image, a public https address or the person’s own upload; refuses scripts, data, others’ uploads and reuse', async () => {
      const ada = await sharer(t);
      const bob = await sharer(t);
      for (const imageUrl of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'file:///etc/passwd', '/api/ideas', 'ftp://x.test/a.png', '//evil.test/a.png', '/storage/idea-images/x.thumb.webp']) {
        const err = await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ imageUrl })), 422);
        expect(err.fields?.imageUrl, imageUrl).toEqual([IMAGE_URL_MESSAGES.invalid]);
      }
      const bobsUpload = await uploadedUrl(bob);
      let err = await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ imageUrl: bobsUpload })), 422);
      expect(err.fields?.imageUrl).toEqual([IMAGE_URL_MESSAGES.notYours]);
      expect(await ideasOf(ada.id)).toBe(0);

      const mine = await uploadedUrl(ada);
      const created = await share(t, ada, { imageUrl: `${t.server.config.PUBLIC_URL}${mine}`, category: 'idea' });
      expect(created.idea.imageUrl).toBe(mine);
      expect(created.idea.thumbnailUrl).toMatch(/\.thumb\.webp$/);
      err = await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ imageUrl: mine, category: 'product' })), 422);
      expect(err.fields?.imageUrl).toEqual([IMAGE_URL_MESSAGES.inUse]);
      const product = await share(t, ada, { imageUrl: '', category: 'product' });
      expect(product.idea.imageUrl).toBeNull();
    });

    it('refuses image addresses into a reader’s own network or in clear text, under the field, writing nothing (issue 30 point 5)', async () => {
      const ada = await sharer(t);
      const refused = [
        'http://example.com/pump.jpg',
        'http://127.0.0.1:8080/a.png',
        'https://127.0.0.1:8080/a.png',
        'https://[::1]:3000/a.png',
        'https://[::ffff:127.0.0.1]/a.png',
        'https://[fd00::1]/a.png',
        'https://[fe80::1]/a.png',
        'https://192.168.1.1/a.png',
        'https://10.0.0.5/a.png',
        'https://172.20.1.1/a.png',
        'https://100.64.0.1/a.png',
        'https://169.254.169.254/latest/meta-data',
        'https://0.0.0.0/a.png',
        'https://255.255.255.255/a.png',
        'https://224.0.0.1/a.png',
        'https://2130706433/a.png',
        'https://0x7f.1/a.png',
        'https://0177.0.0.1/a.png',
        'https://localhost/a.png',
        'https://camera.localhost/a.png',
        'https://nas/a.png',
        'https://printer.local/a.png',
        'https://user:secret@example.com/a.png',
      ];
      for (const imageUrl of refused) {
        const err = await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ imageUrl })), 422);
        expect(err, imageUrl).toEqual({
          code: 'validation_failed',
          message: 'Please use a public https image address.',
          fields: { imageUrl: ['Please use a public https image address.'] },
        });
      }
      expect(await ideasOf(ada.id)).toBe(0);
      expect(await couponsOf(ada.id)).toBe(0);

      // Editing is held to the same rule; the stored image stays.
      const { idea } = await share(t, ada, { imageUrl: 'https://images.example.com/pump.jpg' });
      for (const imageUrl of ['http://127.0.0.1:9/a.png', 'https://[::1]/a.png', 'https://192.168.0.10/a.png']) {
        const err = await errorOf(await send(t, ada, 'PATCH', `/api/ideas/${idea.id}`, { imageUrl }), 422);
        expect(err.fields, imageUrl).toEqual({ imageUrl: ['Please use a public https image address.'] });
      }
      const [row] = await t.db.select({ imageUrl: ideas.imageUrl }).from(ideas).where(eq(ideas.id, idea.id));
      expect(row?.imageUrl).toBe('https://images.example.com/pump.jpg');
    });

    it('makes exactly one item of five simultaneous shares of one category; a product is still allowed', async () => {
      const ada = await sharer(t);
      const responses = await Promise.all(Array.from({ length: 5 }, () => send(t, ada, 'POST', '/api/ideas', shareBody({ category: 'idea' }))));
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 429, 429, 429, 429]);
      for (const res of responses.filter((r) => r.status === 429)) {
        const err = await errorOf(res, 429);
        expect(err).toEqual({ code: 'cooldown', message: 'You can only submit one idea every 72 hours. Please wait 3 days, 0 hours.' });
      }
      expect(await ideasOf(ada.id)).toBe(1);
      expect(await couponsOf(ada.id)).toBe(1);

      await share(t, ada, { category: 'product' });
      const err = await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ category: 'product' })), 429);
      expect(err).toEqual({ code: 'cooldown', message: 'You can only submit one product every 24 hours. Please wait 24 hours.' });
      expect(await ideasOf(ada.id)).toBe(2);
      expect(await couponsOf(ada.id)).toBe(2);
      // Each share got its own coupon, all codes distinct.
      const codes = await t.db.select({ code: coupons.code }).from(coupons).where(eq(coupons.assignedTo, ada.id));
      expect(new Set(codes.map((c) => c.code)).size).toBe(2);
    });

    it('takes the cooldown from the admin settings, and opens again once it has passed', async () => {
      const ada = await sharer(t);
      await setPlatformSettings(t, { ideaSubmissionLimit: 1, productSubmissionLimit: 2 });
      try {
        const first = await share(t, ada, { category: 'idea' });
        let err = await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ category: 'idea' })), 429);
        expect(err.message).toBe('You can only submit one idea every 1 hour. Please wait 0 days, 1 hour.');
        // 59 minutes later: still locked.
        await backdateShares(t, { ideaId: first.idea.id }, new Date(Date.now() - 59 * 60_000));
        err = await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ category: 'idea' })), 429);
        expect(err.message).toBe('You can only submit one idea every 1 hour. Please wait 0 days, 1 hour.');
        // 61 minutes later: open.
        await backdateShares(t, { ideaId: first.idea.id }, new Date(Date.now() - 61 * 60_000));
        await share(t, ada, { category: 'idea' });
        await share(t, ada, { category: 'product' });
        err = await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ category: 'product' })), 429);
        expect(err.message).toBe('You can only submit one product every 2 hours. Please wait 2 hours.');
      } finally {
        await clearPlatformSettings(t);
      }
    });
  });

  describe('cooldowns rest on the share ledger (issue 14)', () => {
    const IDEA_LOCKED = { code: 'cooldown', message: 'You can only submit one idea every 72 hours. Please wait 3 days, 0 hours.' };
    const PRODUCT_LOCKED = { code: 'cooldown', message: 'You can only submit one product every 24 hours. Please wait 24 hours.' };

    it('changing an idea into a product does not reopen ideas; a product may still be shared once', async () => {
      const ada = await sharer(t);
      const { idea } = await share(t, ada, { category: 'idea' });
      const edited = await send(t, ada, 'PATCH', `/api/ideas/${idea.id}`, { category: 'product' });
      expect(edited.status).toBe(200);
      expect(ownIdeaSchema.parse(await edited.json()).category).toBe('product');

      expect(await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ category: 'idea' })), 429)).toEqual(IDEA_LOCKED);
      expect(await ideasOf(ada.id)).toBe(1);
      expect(await couponsOf(ada.id)).toBe(1);

      // Only an idea was shared: a product is open, once, as before.
      const product = await share(t, ada, { category: 'product' });
      expect(await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ category: 'product' })), 429)).toEqual(PRODUCT_LOCKED);
      // Changing the product back into an idea opens nothing either.
      expect((await send(t, ada, 'PATCH', `/api/ideas/${product.idea.id}`, { category: 'idea' })).status).toBe(200);
      expect(await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ category: 'product' })), 429)).toEqual(PRODUCT_LOCKED);
      expect(await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ category: 'idea' })), 429)).toEqual(IDEA_LOCKED);
      expect(await ideasOf(ada.id)).toBe(2);
      expect(await couponsOf(ada.id)).toBe(2);
    });

    it('deleting the item does not reopen its category', async () => {
      const ada = await sharer(t);
      const { idea } = await share(t, ada, { category: 'idea' });
      expect((await send(t, ada, 'DELETE', `/api/ideas/${idea.id}`)).status).toBe(204);
      expect(await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ category: 'idea' })), 429)).toEqual(IDEA_LOCKED);
      expect(await ideasOf(ada.id)).toBe(0);
      expect(await couponsOf(ada.id)).toBe(1);
      // An item deleted by a moderator counts the same.
      const product = await share(t, ada, { category: 'product' });
      const moderator = await signedInUser(t, { role: 'moderator' });
      expect((await send(t, moderator, 'DELETE', `/api/ideas/${product.idea.id}`)).status).toBe(204);
      expect(await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ category: 'product' })), 429)).toEqual(PRODUCT_LOCKED);
      expect(await couponsOf(ada.id)).toBe(2);
    });
  });

  describe('images saved before the public https rule (issue 30 point 5)', () => {
    it('are given to nobody: cards, details, the owner’s list and the admin list show no image', async () => {
      const owner = await sharer(t);
      const admin = await signedInUser(t, { role: 'admin' });
      const reader = await signedInUser(t);
      const old = await createIdea(t.db, { userId: owner.id, title: 'An old item with a router picture', imageUrl: 'http://192.168.1.1/cam.jpg' });
      const loopback = await createIdea(t.db, { userId: owner.id, title: 'An old item with a loopback picture', imageUrl: 'https://127.0.0.1:8080/a.png' });
      const fine = await createIdea(t.db, { userId: owner.id, title: 'An item with a public picture', imageUrl: 'https://images.example.com/ok.png' });
      const uploaded = await createIdea(t.db, { userId: owner.id, title: 'An item with an upload', imageUrl: '/storage/idea-images/u-1-a.png' });
      const images = (items: { id: string; imageUrl?: string | null; thumbnailUrl: string | null }[]) =>
        Object.fromEntries(items.filter((i) => [old.id, loopback.id, fine.id, uploaded.id].includes(i.id)).map((i) => [i.id, [i.imageUrl ?? null, i.thumbnailUrl]]));
      const expected = {
        [old.id]: [null, null],
        [loopback.id]: [null, null],
        [fine.id]: ['https://images.example.com/ok.png', 'https://images.example.com/ok.png'],
        [uploaded.id]: ['/storage/idea-images/u-1-a.png', '/storage/idea-images/u-1-a.thumb.webp'],
      };
      for (const who of [null, reader, owner]) {
        const list = (await (await send(t, who, 'GET', `/api/ideas?limit=50`)).json()) as { items: { id: string; imageUrl: string | null; thumbnailUrl: string | null }[] };
        expect(images(list.items)).toEqual(expected);
        for (const item of [old, loopback]) {
          const detail = (await (await send(t, who, 'GET', `/api/ideas/${item.id}`)).json()) as { imageUrl: string | null; thumbnailUrl: string | null };
          expect([detail.imageUrl, detail.thumbnailUrl]).toEqual([null, null]);
        }
      }
      const mine = (await (await send(t, owner, 'GET', '/api/me/ideas?limit=50')).json()) as { items: { id: string; imageUrl: string | null; thumbnailUrl: string | null }[] };
      expect(images(mine.items)).toEqual(expected);
      const content = (await (await send(t, admin, 'GET', '/api/admin/content?limit=50')).json()) as { items: { id: string; thumbnailUrl: string | null }[] };
      expect(images(content.items)).toEqual(
        Object.fromEntries(Object.entries(expected).map(([id, [, thumbnail]]) => [id, [null, thumbnail]])),
      );
      // The stored value is left as it was: the owner replaces or removes it by editing the item.
      const [row] = await t.db.select({ imageUrl: ideas.imageUrl }).from(ideas).where(eq(ideas.id, old.id));
      expect(row?.imageUrl).toBe('http://192.168.1.1/cam.jpg');
      const edited = (await (await send(t, owner, 'PATCH', `/api/ideas/${old.id}`, { imageUrl: null })).json()) as { imageUrl: string | null };
      expect(edited.imageUrl).toBeNull();
    });
  });

  describe('PATCH /api/ideas/{id}', () => {
    it('lets the owner edit; the stored values and the change are validated together and cleaned', async () => {
      const ada = await sharer(t);
      const { idea } = await share(t, ada);
      const res = await send(t, ada, 'PATCH', `/api/ideas/${idea.id}`, { title: 'a BETTER pump!!!', price: '99.999', category: 'product', rating: null });
      expect(res.status).toBe(200);
      const saved = ownIdeaSchema.parse(await res.json());
      expect(saved).toMatchObject({ title: 'A better pump', price: 100, category: 'product', rating: null, description: idea.description });
      const err = await errorOf(await send(t, ada, 'PATCH', `/api/ideas/${idea.id}`, { description: 'Too short' }), 422);
      expect(err).toMatchObject({ code: 'validation_failed', message: M.descriptionTooShort });
      const [row] = await t.db.select().from(ideas).where(eq(ideas.id, idea.id));
      expect(row?.description).toBe(idea.description);
    });

    it('never changes the owner or the creation time', async () => {
      const ada = await sharer(t);
      const bob = await sharer(t);
      const { idea } = await share(t, ada);
      const [before] = await t.db.select().from(ideas).where(eq(ideas.id, idea.id));
      const res = await send(t, ada, 'PATCH', `/api/ideas/${idea.id}`, {
        title: 'A new and better title',
        userId: bob.id,
        user_id: bob.id,
        createdAt: '2001-01-01T00:00:00.000Z',
        created_at: '2001-01-01T00:00:00.000Z',
        id: '00000000-0000-4000-8000-000000000000',
      });
      expect(res.status).toBe(200);
      const [after] = await t.db.select().from(ideas).where(eq(ideas.id, idea.id));
      expect(after?.userId).toBe(ada.id);
      expect(after?.createdAt.toISOString()).toBe(before?.createdAt.toISOString());
      expect(after?.title).toBe('A new and better title');
    });

    it('refuses anyone but the owner or an admin with 403, changing nothing; admins may edit', async () => {
      const ada = await sharer(t);
      const bob = await sharer(t);
      const moderator = await signedInUser(t, { role: 'moderator' });
      const admin = await signedInUser(t, { role: 'admin' });
      const { idea } = await share(t, ada);
      for (const other of [bob, moderator]) {
        const err = await errorOf(await send(t, other, 'PATCH', `/api/ideas/${idea.id}`, { title: 'Taken over by someone' }), 403);
        expect(err).toEqual({ code: 'forbidden', message: 'You can only edit your own ideas.' });
      }
      const [unchanged] = await t.db.select().from(ideas).where(eq(ideas.id, idea.id));
      expect(unchanged?.title).toBe(idea.title);
      const res = await send(t, admin, 'PATCH', `/api/ideas/${idea.id}`, { title: 'Corrected by the admin' });
      expect(res.status).toBe(200);
      const [edited] = await t.db.select().from(ideas).where(eq(ideas.id, idea.id));
      expect(edited).toMatchObject({ title: 'Corrected by the admin', userId: ada.id });
    });

    it('answers 404 for unknown and malformed ids, 401 for visitors', async () => {
      const ada = await sharer(t);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
        const err = await errorOf(await send(t, ada, 'PATCH', `/api/ideas/${encodeURIComponent(id)}`, { title: 'Whatever title here' }), 404);
        expect(err.code).toBe('not_found');
      }
      const { idea } = await share(t, ada);
      await errorOf(await send(t, null, 'PATCH', `/api/ideas/${idea.id}`, { title: 'Whatever title here' }), 401);
    });

    it('deletes the replaced upload in the same edit, and keeps it when the image is left alone', async () => {
      const ada = await sharer(t);
      const first = await uploadedUrl(ada);
      const { idea } = await share(t, ada, { imageUrl: first });
      const name = decodeURIComponent(first.split('/').pop()!);
      const filesOf = async (n: string) =>
        (await t.db.select({ name: storedFiles.name }).from(storedFiles).where(sql`${storedFiles.name} in (${n}, ${n.replace(/\.png$/, '.thumb.webp')})`)).length;
      expect(await filesOf(name)).toBe(2);
      await send(t, ada, 'PATCH', `/api/ideas/${idea.id}`, { title: 'Same image, new title', imageUrl: first });
      expect(await filesOf(name)).toBe(2);
      const second = await uploadedUrl(ada);
      const res = await send(t, ada, 'PATCH', `/api/ideas/${idea.id}`, { imageUrl: second });
      expect(res.status).toBe(200);
      expect(ownIdeaSchema.parse(await res.json()).imageUrl).toBe(second);
      expect(await filesOf(name)).toBe(0);
      expect(await (await t.fetch(first)).status).toBe(404);
      expect((await t.fetch(second)).status).toBe(200);
    });
  });

  describe('DELETE /api/ideas/{id}', () => {
    it('removes the item with its likes, bookmarks, ratings, discussion, messages, contact requests and stored image; coupons stay', async () => {
      const ada = await sharer(t);
      const fan = await createUser(t.db);
      const url = await uploadedUrl(ada);
      const { idea, coupon } = await share(t, ada, { imageUrl: url });
      const [discussion] = await t.db.select().from(ideaDiscussions).where(eq(ideaDiscussions.ideaId, idea.id));
      await t.db.insert(likes).values({ ideaId: idea.id, userId: fan.id });
      await t.db.insert(ratings).values({ ideaId: idea.id, userId: fan.id, value: 5 });
      await t.db.insert(savedItems).values({ ideaId: idea.id, userId: fan.id });
      await t.db.insert(contactRequests).values({ ideaId: idea.id, userId: fan.id });
      await t.db.insert(ideaDiscussionMessages).values({ discussionId: discussion!.id, userId: fan.id, content: 'Great idea' });

      const res = await send(t, ada, 'DELETE', `/api/ideas/${idea.id}`);
      expect(res.status).toBe(204);
      const count = async (table: typeof likes | typeof ratings | typeof savedItems | typeof contactRequests) =>
        (await t.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.ideaId, idea.id)))[0]?.n;
      expect(await t.db.select().from(ideas).where(eq(ideas.id, idea.id))).toEqual([]);
      expect(await count(likes)).toBe(0);
      expect(await count(ratings)).toBe(0);
      expect(await count(savedItems)).toBe(0);
      expect(await count(contactRequests)).toBe(0);
      expect(await t.db.select().from(ideaDiscussions).where(eq(ideaDiscussions.ideaId, idea.id))).toEqual([]);
      expect(await t.db.select().from(ideaDiscussionMessages).where(eq(ideaDiscussionMessages.discussionId, discussion!.id))).toEqual([]);
      const name = decodeURIComponent(url.split('/').pop()!);
      const files = await t.db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.ownerId, ada.id), sql`${storedFiles.name} like ${`${name.replace(/\.png$/, '')}%`}`));
      expect(files).toEqual([]);
      expect((await t.fetch(url)).status).toBe(404);
      const [kept] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
      expect(kept).toMatchObject({ assignedTo: ada.id, ideaId: null });
      expect((await t.fetch(`/api/ideas/${idea.id}`)).status).toBe(404);
      await errorOf(await send(t, ada, 'DELETE', `/api/ideas/${idea.id}`), 404);
    });

    it('is refused to other people (403, nothing removed); admins and moderators may delete', async () => {
      const ada = await sharer(t);
      const bob = await sharer(t);
      const moderator = await signedInUser(t, { role: 'moderator' });
      const admin = await signedInUser(t, { role: 'admin' });
      const first = await share(t, ada, { category: 'idea' });
      const second = await share(t, ada, { category: 'product' });
      const err = await errorOf(await send(t, bob, 'DELETE', `/api/ideas/${first.idea.id}`), 403);
      expect(err).toEqual({ code: 'forbidden', message: 'You can only delete your own ideas.' });
      expect(await ideasOf(ada.id)).toBe(2);
      await errorOf(await send(t, null, 'DELETE', `/api/ideas/${first.idea.id}`), 401);
      expect((await send(t, moderator, 'DELETE', `/api/ideas/${first.idea.id}`)).status).toBe(204);
      expect((await send(t, admin, 'DELETE', `/api/ideas/${second.idea.id}`)).status).toBe(204);
      expect(await ideasOf(ada.id)).toBe(0);
      await errorOf(await send(t, ada, 'DELETE', '/api/ideas/not-a-uuid'), 404);
    });
  });

  describe('POST /api/ideas/{id}/contact', () => {
    it('refuses the item’s own creator with 403 and records nothing, as POST /api/conversations does (issue 30 point 4)', async () => {
      const ada = await sharer(t);
      const { idea } = await share(t, ada);
      const OWN_ITEM = { code: 'forbidden', message: 'You cannot contact yourself about your own item.' };
      expect(await errorOf(await send(t, ada, 'POST', `/api/ideas/${idea.id}/contact`), 403)).toEqual(OWN_ITEM);
      expect(await errorOf(await send(t, ada, 'POST', '/api/conversations', { ideaId: idea.id }), 403)).toEqual(OWN_ITEM);
      expect(await t.db.select().from(contactRequests).where(eq(contactRequests.ideaId, idea.id))).toHaveLength(0);
      // Someone else's press is still recorded.
      const bob = await sharer(t);
      expect((await send(t, bob, 'POST', `/api/ideas/${idea.id}/contact`)).status).toBe(204);
      expect((await t.db.select().from(contactRequests).where(eq(contactRequests.ideaId, idea.id))).map((r) => r.userId)).toEqual([bob.id]);
    });

    it('records the contact for signed-in people; visitors get 401; unknown items 404', async () => {
      const ada = await sharer(t);
      const bob = await sharer(t);
      const { idea } = await share(t, ada);
      const res = await send(t, bob, 'POST', `/api/ideas/${idea.id}/contact`);
      expect(res.status).toBe(204);
      const rows = await t.db.select().from(contactRequests).where(eq(contactRequests.ideaId, idea.id));
      expect(rows.map((r) => r.userId)).toEqual([bob.id]);
      await errorOf(await send(t, null, 'POST', `/api/ideas/${idea.id}/contact`), 401);
      await errorOf(await send(t, bob, 'POST', '/api/ideas/00000000-0000-4000-8000-000000000000/contact'), 404);
      await errorOf(await send(t, bob, 'POST', '/api/ideas/nope/contact'), 404);
      expect(await t.db.select().from(contactRequests).where(eq(contactRequests.ideaId, idea.id))).toHaveLength(1);
    });
  });
});
