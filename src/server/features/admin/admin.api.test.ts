/**
 * The admin API over HTTP on a real database: who may call what (every endpoint × every role),
 * users and roles with the last-admin rule, content removal with everything that belonged to
 * the item, the financial lists and coupon generation under concurrency, and settings that are
 * validated and take effect (cooldowns, premium threshold, uploads, registrations, maintenance).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_ACCESS_DENIED,
  adminContentPageSchema,
  adminCouponsPageSchema,
  adminMeSchema,
  adminPaymentsPageSchema,
  adminUserSchema,
  adminUsersPageSchema,
  analyticsSchema,
  contentCountsSchema,
  financialSummarySchema,
  generatedCouponsSchema,
  LAST_ADMIN_MESSAGE,
  overviewSchema,
  userCountsSchema,
} from '../../../shared/schemas/admin.ts';
import { AUTH_MESSAGES } from '../../../shared/schemas/auth.ts';
import { ideaDetailSchema } from '../../../shared/schemas/ideas.ts';
import {
  MAINTENANCE_ERROR_CODE,
  maintenanceStatusSchema,
  PLATFORM_SETTINGS_DEFAULTS,
  type PlatformSettings,
  settingsResponseSchema,
} from '../../../shared/schemas/settings.ts';
import {
  contactRequests,
  coupons,
  ideaDiscussionMessages,
  ideaDiscussions,
  ideas,
  likes,
  payments,
  profiles,
  ratings,
  savedItems,
  storedFiles,
  users,
} from '../../db/schema.ts';
import { randomClientIp, type SignedInUser, signedInUser, signUp, siteHeaders, uniqueEmail } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { type TestServer, useTestServer } from '../../../../tests/support/test-server.ts';
import { backdateShares } from '../ideas/api-test-helpers.ts';
import { generateCoupons } from './financial.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } };
type Caller = 'visitor' | 'user' | 'moderator' | 'admin';

const LONG_DESCRIPTION =
  'A cold room that runs on solar panels so that market women can keep tomatoes, peppers and leafy greens fresh for a whole week instead of losing a third of the harvest every market day.';

async function readJson<T = unknown>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

function headersOf(t: TestServer, who: SignedInUser | null): Record<string, string> {
  return who ? who.headers : siteHeaders(t);
}

async function call(t: TestServer, who: SignedInUser | null, method: string, path: string, body?: unknown) {
  return t.fetch(path, { method, headers: headersOf(t, who), body: body === undefined ? undefined : JSON.stringify(body) });
}

async function currentSettings(t: TestServer, admin: SignedInUser): Promise<PlatformSettings> {
  const res = await call(t, admin, 'GET', '/api/admin/settings');
  expect(res.status).toBe(200);
  return settingsResponseSchema.parse(await res.json()).settings as PlatformSettings;
}

async function changeSettings(t: TestServer, admin: SignedInUser, change: Partial<PlatformSettings>) {
  const res = await call(t, admin, 'PUT', '/api/admin/settings', { ...(await currentSettings(t, admin)), ...change });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
}

async function resetSettings(t: TestServer, admin: SignedInUser) {
  const res = await call(t, admin, 'POST', '/api/admin/settings/reset');
  expect(res.status).toBe(200);
}

/** A person who may share: a profile with a full name and contact info. */
async function sharer(t: TestServer, name = 'Chidi Eze'): Promise<SignedInUser> {
  const person = await signedInUser(t, { name });
  await t.db.update(profiles).set({ fullName: name, contactInfo: '0803 555 0000' }).where(eq(profiles.userId, person.id));
  return person;
}

function share(t: TestServer, who: SignedInUser, category: 'idea' | 'product' = 'idea') {
  return call(t, who, 'POST', '/api/ideas', {
    category,
    title: category === 'idea' ? 'Solar powered cold rooms' : 'Clay lined cookstove kit',
    description: 'Keeps vegetables fresh for market women without buying diesel every week.',
    price: 2500,
    currency: 'NGN',
  });
}

describe.each(databaseKinds())('admin API on %s', (kind) => {
  const t = useTestServer(kind);

  describe('who may call what', () => {
    interface Endpoint {
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      /** Made fresh for each call (the delete and role change need a target of their own). */
      path: () => Promise<string> | string;
      body?: (admin: SignedInUser) => Promise<unknown> | unknown;
      /** 'staff': admins and moderators (Content, and the access check); 'admin': admins only. */
      access: 'admin' | 'staff';
      ok: number;
      /** The path as documented, when `path` makes a fresh one. */
      template?: string;
    }

    const anItem = async () => {
      const owner = await createUser(t.db);
      return (await createIdea(t.db, { userId: owner.id })).id;
    };
    const endpoints: Endpoint[] = [
      { method: 'GET', path: () => '/api/admin/me', access: 'staff', ok: 200 },
      { method: 'GET', path: () => '/api/admin/overview', access: 'admin', ok: 200 },
      { method: 'GET', path: () => '/api/admin/users/counts', access: 'admin', ok: 200 },
      { method: 'GET', path: () => '/api/admin/users?q=a&role=user&limit=5', access: 'admin', ok: 200 },
      {
        method: 'PATCH',
        path: async () => `/api/admin/users/${(await createUser(t.db)).id}/role`,
        template: '/api/admin/users/{id}/role',
        body: () => ({ role: 'moderator' }),
        access: 'admin',
        ok: 200,
      },
      { method: 'GET', path: () => '/api/admin/content/counts', access: 'staff', ok: 200 },
      { method: 'GET', path: () => '/api/admin/content?q=solar&category=idea', access: 'staff', ok: 200 },
      { method: 'DELETE', path: async () => `/api/admin/content/${await anItem()}`, template: '/api/admin/content/{id}', access: 'staff', ok: 204 },
      { method: 'GET', path: () => '/api/admin/financial', access: 'admin', ok: 200 },
      { method: 'GET', path: () => '/api/admin/payments?q=ref', access: 'admin', ok: 200 },
      { method: 'GET', path: () => '/api/admin/coupons?q=IDEA', access: 'admin', ok: 200 },
      { method: 'POST', path: () => '/api/admin/coupons/generate', body: () => ({ count: 2 }), access: 'admin', ok: 201 },
      { method: 'GET', path: () => '/api/admin/analytics?days=90', access: 'admin', ok: 200 },
      { method: 'GET', path: () => '/api/admin/settings', access: 'admin', ok: 200 },
      { method: 'PUT', path: () => '/api/admin/settings', body: (admin) => currentSettings(t, admin), access: 'admin', ok: 200 },
      { method: 'POST', path: () => '/api/admin/settings/reset', access: 'admin', ok: 200 },
      { method: 'GET', path: () => '/api/admin/audit?q=role&limit=5', access: 'admin', ok: 200 },
    ];

    function expected(endpoint: Endpoint, caller: Caller): number {
      if (caller === 'visitor') return 401;
      if (caller === 'admin') return endpoint.ok;
      if (caller === 'moderator' && endpoint.access === 'staff') return endpoint.ok;
      return 403;
    }

    const label = (e: Endpoint) => `${e.method} ${e.template ?? e.path()}`;
    it.each(endpoints.map((e) => [label(e), e] as const))(
      'every role gets what it may for %s',
      async (_label, endpoint) => {
        const admin = await signedInUser(t, { role: 'admin', name: 'Amara Admin' });
        const callers: Record<Caller, SignedInUser | null> = {
          visitor: null,
          user: await signedInUser(t, { role: 'user' }),
          moderator: await signedInUser(t, { role: 'moderator' }),
          admin,
        };
        for (const caller of ['visitor', 'user', 'moderator', 'admin'] as const) {
          const path = await endpoint.path();
          const body = endpoint.body ? await endpoint.body(admin) : undefined;
          const res = await call(t, callers[caller], endpoint.method, path, body);
          const want = expected(endpoint, caller);
          expect(res.status, `${caller} ${endpoint.method} ${path}`).toBe(want);
          expect(res.headers.get('cache-control'), `${caller} ${endpoint.method} ${path}`).toContain('no-store');
          if (want === 403) {
            // The error body and nothing else.
            expect(await readJson(res)).toEqual({ error: { code: 'forbidden', message: ADMIN_ACCESS_DENIED } });
          } else if (want === 401) {
            expect((await readJson<ErrorBody>(res)).error.code).toBe('unauthorized');
          } else if (res.status !== 204) {
            await res.arrayBuffer();
          }
        }
      },
    );

    it('refuses before looking at the input: a plain user sending a bad body still gets 403', async () => {
      const user = await signedInUser(t);
      const res = await call(t, user, 'PATCH', '/api/admin/users/nobody/role', { role: 'emperor' });
      expect(res.status).toBe(403);
      const moderator = await signedInUser(t, { role: 'moderator' });
      expect((await call(t, moderator, 'POST', '/api/admin/coupons/generate', { count: -1 })).status).toBe(403);
      expect((await call(t, moderator, 'GET', '/api/admin/no-such-thing')).status).toBe(403);
      expect((await call(t, user, 'GET', '/api/admin/no-such-thing')).status).toBe(403);
      expect((await call(t, null, 'GET', '/api/admin/no-such-thing')).status).toBe(401);
    });

    it('tells the web which sections each role may open', async () => {
      const admin = await signedInUser(t, { role: 'admin' });
      const moderator = await signedInUser(t, { role: 'moderator' });
      const a = adminMeSchema.parse(await readJson(await call(t, admin, 'GET', '/api/admin/me')));
      expect(a).toEqual({ userId: admin.id, role: 'admin', sections: ['overview', 'users', 'content', 'topics', 'financial', 'analytics', 'settings', 'audit', 'reports'] });
      const m = adminMeSchema.parse(await readJson(await call(t, moderator, 'GET', '/api/admin/me')));
      expect(m).toEqual({ userId: moderator.id, role: 'moderator', sections: ['content', 'reports'] });
    });

    it('follows a role change at once: a demoted admin is refused on the next request', async () => {
      const boss = await signedInUser(t, { role: 'admin' });
      const other = await signedInUser(t, { role: 'admin' });
      expect((await call(t, other, 'GET', '/api/admin/overview')).status).toBe(200);
      expect((await call(t, boss, 'PATCH', `/api/admin/users/${other.id}/role`, { role: 'user' })).status).toBe(200);
      expect((await call(t, other, 'GET', '/api/admin/overview')).status).toBe(403);
    });
  });

  describe('users and roles', () => {
    it('counts, searches by name or email (wildcards taken literally), filters by role and pages newest first', async () => {
      const admin = await signedInUser(t, { role: 'admin' });
      const tag = randomUUID().slice(0, 8);
      // A second apart: people made within one millisecond would tie on when they joined.
      const joined = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000);
      const percent = await createUser(t.db, { name: `Percent 100% ${tag}`, createdAt: joined(3) });
      const under = await createUser(t.db, { name: `Under_score ${tag}`, email: `under-${tag}@example.test`, createdAt: joined(2) });
      const plain = await createUser(t.db, { name: `Plain Person ${tag}`, role: 'moderator', contactInfo: null, createdAt: joined(1) });
      await t.db.update(profiles).set({ phone: '+234 803 000 1111' }).where(eq(profiles.userId, under.id));

      const counts = userCountsSchema.parse(await readJson(await call(t, admin, 'GET', '/api/admin/users/counts')));
      const [db] = await t.db
        .select({
          total: sql<number>`count(*)::int`,
          admins: sql<number>`count(*) filter (where role = 'admin')::int`,
          moderators: sql<number>`count(*) filter (where role = 'moderator')::int`,
        })
        .from(users);
      expect(counts).toEqual({ total: db!.total, admins: db!.admins, moderators: db!.moderators, users: db!.total - db!.admins - db!.moderators });

      const search = async (q: string, role = 'all') =>
        adminUsersPageSchema.parse(await readJson(await call(t, admin, 'GET', `/api/admin/users?q=${encodeURIComponent(q)}&role=${role}&limit=100`)));
      expect((await search(`100% ${tag}`)).items.map((u) => u.id)).toEqual([percent.id]);
      expect((await search('%')).items.map((u) => u.id)).toEqual([percent.id]);
      expect((await search(`_score ${tag}`)).items.map((u) => u.id)).toEqual([under.id]);
      expect((await search(`under-${tag}@EXAMPLE`)).items.map((u) => u.id)).toEqual([under.id]);
      expect((await search(tag, 'moderator')).items.map((u) => u.id)).toEqual([plain.id]);
      expect((await search(tag, 'admin')).items).toEqual([]);

      const rows = (await search(tag)).items;
      expect(rows.map((u) => u.id)).toEqual([plain.id, under.id, percent.id]);
      // Contact: phone, else contact info, else null ('Not provided').
      expect(rows.find((u) => u.id === under.id)?.contact).toBe('+234 803 000 1111');
      expect(rows.find((u) => u.id === percent.id)?.contact).toBe('ada@contact.test');
      expect(rows.find((u) => u.id === plain.id)?.contact).toBeNull();
      expect(rows.find((u) => u.id === plain.id)).toMatchObject({ name: `Plain Person ${tag}`, role: 'moderator' });

      const first = adminUsersPageSchema.parse(await readJson(await call(t, admin, 'GET', `/api/admin/users?q=${tag}&limit=2`)));
      expect(first.items.map((u) => u.id)).toEqual([plain.id, under.id]);
      expect(first.nextCursor).not.toBeNull();
      const second = adminUsersPageSchema.parse(
        await readJson(await call(t, admin, 'GET', `/api/admin/users?q=${tag}&limit=2&cursor=${first.nextCursor}`)),
      );
      expect(second.items.map((u) => u.id)).toEqual([percent.id]);
      expect(second.nextCursor).toBeNull();

      const bad = await call(t, admin, 'GET', '/api/admin/users?cursor=not-a-cursor');
      expect(bad.status).toBe(400);
      expect((await readJson<ErrorBody>(bad)).error.fields).toEqual({ cursor: ['The page cursor is not valid.'] });
      expect((await call(t, admin, 'GET', '/api/admin/users?role=emperor')).status).toBe(400);
    });

    it('changes a role to each of the three, and answers 404 for an unknown person and 400 for an unknown role', async () => {
      const admin = await signedInUser(t, { role: 'admin' });
      const person = await createUser(t.db);
      for (const role of ['moderator', 'admin', 'user'] as const) {
        const res = await call(t, admin, 'PATCH', `/api/admin/users/${person.id}/role`, { role });
        expect(res.status).toBe(200);
        expect(adminUserSchema.parse(await res.json())).toMatchObject({ id: person.id, role });
        const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, person.id));
        expect(row?.role).toBe(role);
      }
      expect((await call(t, admin, 'PATCH', '/api/admin/users/no-such-person/role', { role: 'user' })).status).toBe(404);
      const bad = await call(t, admin, 'PATCH', `/api/admin/users/${person.id}/role`, { role: 'emperor' });
      expect(bad.status).toBe(400);
      expect((await readJson<ErrorBody>(bad)).error.fields).toEqual({ role: ['Role must be admin, moderator or user.'] });
    });

    it('keeps at least one admin: the last admin cannot give up the role, and two admins demoting each other leave one', async () => {
      const first = await signedInUser(t, { role: 'admin', name: 'First Admin' });
      // Make `first` the only admin of the platform.
      await t.db.update(users).set({ role: 'user' }).where(and(eq(users.role, 'admin'), sql`${users.id} <> ${first.id}`));

      const refused = await call(t, first, 'PATCH', `/api/admin/users/${first.id}/role`, { role: 'moderator' });
      expect(refused.status).toBe(409);
      expect(await readJson(refused)).toEqual({ error: { code: 'conflict', message: LAST_ADMIN_MESSAGE } });
      const [still] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, first.id));
      expect(still?.role).toBe('admin');
      // Staying admin is fine.
      expect((await call(t, first, 'PATCH', `/api/admin/users/${first.id}/role`, { role: 'admin' })).status).toBe(200);

      // With a second admin, either may step down; then the other is the last one.
      const second = await signedInUser(t, { role: 'admin', name: 'Second Admin' });
      expect((await call(t, first, 'PATCH', `/api/admin/users/${first.id}/role`, { role: 'user' })).status).toBe(200);
      expect((await call(t, second, 'PATCH', `/api/admin/users/${second.id}/role`, { role: 'user' })).status).toBe(409);

      // Two admins demoting each other at the same moment: exactly one succeeds.
      await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, first.id));
      const results = await Promise.all([
        call(t, first, 'PATCH', `/api/admin/users/${second.id}/role`, { role: 'user' }),
        call(t, second, 'PATCH', `/api/admin/users/${first.id}/role`, { role: 'user' }),
      ]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.every((s) => s === 200 || s === 409 || s === 403)).toBe(true);
      const admins = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);
    });
  });

  describe('content', () => {
    it('counts, searches over title, description and creator name, filters by category and gives the rating average', async () => {
      const moderator = await signedInUser(t, { role: 'moderator' });
      const tag = randomUUID().slice(0, 8);
      const creator = await createUser(t.db, { name: `Ngozi ${tag}` });
      const other = await createUser(t.db);
      // Distinct creation times: items made within one millisecond would tie and order by random id.
      const t0 = Date.now() - 60_000;
      const byTitle = await createIdea(t.db, {
        userId: other.id,
        title: `Water filter ${tag}`,
        category: 'product',
        price: 89.99,
        currency: 'USD',
        createdAt: new Date(t0),
      });
      const byDescription = await createIdea(t.db, {
        userId: other.id,
        description: `Cleans river water ${tag} with sand and charcoal layers.`,
        createdAt: new Date(t0 + 1000),
      });
      const byCreator = await createIdea(t.db, { userId: creator.id, createdAt: new Date(t0 + 2000) });
      await t.db.update(ideas).set({ ratingCount: 3, ratingTotal: 13, likeCount: 4 }).where(eq(ideas.id, byCreator.id));

      const page = adminContentPageSchema.parse(await readJson(await call(t, moderator, 'GET', `/api/admin/content?q=${tag}&limit=100`)));
      expect(page.items.map((i) => i.id)).toEqual([byCreator.id, byDescription.id, byTitle.id]);
      const rated = page.items[0]!;
      // Moderators get no creators' email addresses (issue 14; search-premium.api.test.ts).
      expect(rated).toMatchObject({ ratingAverage: 4.3, ratingCount: 3, likeCount: 4, creator: { id: creator.id, name: `Ngozi ${tag}`, email: null } });
      expect(page.items.find((i) => i.id === byTitle.id)).toMatchObject({ ratingAverage: null, ratingCount: 0, price: 89.99, currency: 'USD', category: 'product' });

      const products = adminContentPageSchema.parse(await readJson(await call(t, moderator, 'GET', `/api/admin/content?q=${tag}&category=product`)));
      expect(products.items.map((i) => i.id)).toEqual([byTitle.id]);
      const none = adminContentPageSchema.parse(await readJson(await call(t, moderator, 'GET', `/api/admin/content?q=${encodeURIComponent('%_')}`)));
      expect(none.items).toEqual([]);

      const counts = contentCountsSchema.parse(await readJson(await call(t, moderator, 'GET', '/api/admin/content/counts')));
      const [db] = await t.db
        .select({
          total: sql<number>`count(*)::int`,
          products: sql<number>`count(*) filter (where category = 'product')::int`,
          likes: sql<number>`coalesce(sum(like_count), 0)::int`,
        })
        .from(ideas);
      expect(counts).toEqual({ total: db!.total, ideas: db!.total - db!.products, products: db!.products, totalLikes: db!.likes });
    });

    it('Delete removes the item and everything that belonged to it, in one go; coupons and payments stay, unlinked', async () => {
      const moderator = await signedInUser(t, { role: 'moderator' });
      const owner = await createUser(t.db);
      const fan = await createUser(t.db);
      const name = `${owner.id}-${Date.now()}.png`;
      const imageUrl = `/storage/idea-images/${name}`;
      const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#4f46e5' } }).png().toBuffer();
      await t.db.insert(storedFiles).values([
        { bucket: 'idea-images', name, contentType: 'image/png', size: bytes.length, bytes, ownerId: owner.id },
        { bucket: 'idea-images', name: name.replace(/\.png$/, '.thumb.webp'), contentType: 'image/webp', size: bytes.length, bytes, ownerId: owner.id },
      ]);
      const item = await createIdea(t.db, { userId: owner.id, imageUrl });
      const keep = await createIdea(t.db, { userId: owner.id });
      for (const ideaId of [item.id, keep.id]) {
        await t.db.insert(likes).values([{ ideaId, userId: fan.id }, { ideaId, userId: owner.id }]);
        await t.db.insert(ratings).values({ ideaId, userId: fan.id, value: 4 });
        await t.db.insert(savedItems).values({ ideaId, userId: fan.id });
        await t.db.insert(contactRequests).values({ ideaId, userId: fan.id });
        const [discussion] = await t.db.insert(ideaDiscussions).values({ ideaId }).returning();
        await t.db.insert(ideaDiscussionMessages).values({ discussionId: discussion!.id, userId: fan.id, content: 'Great idea!' });
      }
      const [coupon] = await t.db.insert(coupons).values({ code: `TEST-${randomUUID()}`, assignedTo: owner.id, ideaId: item.id }).returning();
      const [payment] = await t.db
        .insert(payments)
        .values({ reference: `REF-${randomUUID()}`, userId: fan.id, ideaId: item.id, amount: 250000, status: 'success' })
        .returning();

      const res = await call(t, moderator, 'DELETE', `/api/admin/content/${item.id}`);
      expect(res.status).toBe(204);

      const countFor = async (ideaId: string) => ({
        ideas: (await t.db.select().from(ideas).where(eq(ideas.id, ideaId))).length,
        likes: (await t.db.select().from(likes).where(eq(likes.ideaId, ideaId))).length,
        ratings: (await t.db.select().from(ratings).where(eq(ratings.ideaId, ideaId))).length,
        saved: (await t.db.select().from(savedItems).where(eq(savedItems.ideaId, ideaId))).length,
        contacts: (await t.db.select().from(contactRequests).where(eq(contactRequests.ideaId, ideaId))).length,
        discussions: (await t.db.select().from(ideaDiscussions).where(eq(ideaDiscussions.ideaId, ideaId))).length,
        messages: (
          await t.db
            .select()
            .from(ideaDiscussionMessages)
            .innerJoin(ideaDiscussions, eq(ideaDiscussions.id, ideaDiscussionMessages.discussionId))
            .where(eq(ideaDiscussions.ideaId, ideaId))
        ).length,
      });
      expect(await countFor(item.id)).toEqual({ ideas: 0, likes: 0, ratings: 0, saved: 0, contacts: 0, discussions: 0, messages: 0 });
      expect(await countFor(keep.id)).toEqual({ ideas: 1, likes: 2, ratings: 1, saved: 1, contacts: 1, discussions: 1, messages: 1 });
      const files = await t.db.select().from(storedFiles).where(inArray(storedFiles.name, [name, name.replace(/\.png$/, '.thumb.webp')]));
      expect(files).toEqual([]);
      const [c] = await t.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
      expect(c?.ideaId).toBeNull();
      const [p] = await t.db.select().from(payments).where(eq(payments.id, payment!.id));
      expect(p?.ideaId).toBeNull();

      // Gone for good: a second delete is a 404, and the item no longer lists.
      expect((await call(t, moderator, 'DELETE', `/api/admin/content/${item.id}`)).status).toBe(404);
      expect((await call(t, moderator, 'DELETE', '/api/admin/content/not-a-uuid')).status).toBe(404);
      expect((await t.fetch(`/api/ideas/${item.id}`)).status).toBe(404);
    });
  });

  describe('financial', () => {
    it('lists payments newest first with N/A and Deleted Idea cases, searched by reference', async () => {
      const admin = await signedInUser(t, { role: 'admin' });
      const tag = randomUUID().slice(0, 8).toUpperCase();
      const payer = await createUser(t.db, { name: 'Bola Payer' });
      const owner = await createUser(t.db);
      const item = await createIdea(t.db, { userId: owner.id, title: 'Solar dryer for cassava' });
      const base = Date.now() - 10_000;
      await t.db.insert(payments).values([
        { reference: `PAY-${tag}-1`, userId: payer.id, ideaId: item.id, amount: 150050, currency: 'NGN', status: 'success', createdAt: new Date(base) },
        { reference: `PAY-${tag}-2`, userId: null, ideaId: null, amount: 9999, currency: 'USD', status: 'failed', createdAt: new Date(base + 1000) },
        { reference: null, userId: payer.id, ideaId: null, amount: 100, status: 'pending', createdAt: new Date(base + 2000) },
      ]);
      const page = adminPaymentsPageSchema.parse(await readJson(await call(t, admin, 'GET', `/api/admin/payments?q=${tag}`)));
      expect(page.items).toHaveLength(2);
      expect(page.items[0]).toMatchObject({ reference: `PAY-${tag}-2`, user: null, idea: null, amount: 99.99, currency: 'USD', status: 'failed' });
      expect(page.items[1]).toMatchObject({
        reference: `PAY-${tag}-1`,
        user: { name: 'Bola Payer', email: payer.email },
        idea: { id: item.id, title: 'Solar dryer for cassava' },
        amount: 1500.5,
        status: 'success',
      });
      const all = adminPaymentsPageSchema.parse(await readJson(await call(t, admin, 'GET', '/api/admin/payments?limit=100')));
      expect(all.items.find((p) => p.reference === null)).toMatchObject({ status: 'pending', amount: 1 });
      const summary = financialSummarySchema.parse(await readJson(await call(t, admin, 'GET', '/api/admin/financial')));
      expect(summary.successful).toBeGreaterThanOrEqual(1);
      expect(summary.failed).toBeGreaterThanOrEqual(1);
    });

    it('generates unassigned unique coupons, 1 to 500 at a time, and lists and searches them', async () => {
      const admin = await signedInUser(t, { role: 'admin' });
      for (const [count, message] of [
        [0, 'Generate at least 1 coupon.'],
        [501, 'Generate at most 500 coupons at a time.'],
        [2.5, 'The number of coupons must be a whole number.'],
        ['10', 'Enter how many coupons to generate.'],
      ] as const) {
        const res = await call(t, admin, 'POST', '/api/admin/coupons/generate', { count });
        expect(res.status).toBe(400);
        expect((await readJson<ErrorBody>(res)).error.fields).toEqual({ count: [message] });
      }
      const res = await call(t, admin, 'POST', '/api/admin/coupons/generate', { count: 5 });
      expect(res.status).toBe(201);
      const made = generatedCouponsSchema.parse(await res.json());
      expect(made.count).toBe(5);
      expect(new Set(made.codes).size).toBe(5);
      for (const code of made.codes) expect(code).toMatch(/^IDEA-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
      const rows = await t.db.select().from(coupons).where(inArray(coupons.code, made.codes));
      expect(rows.every((r) => r.assignedTo === null && r.ideaId === null && !r.isUsed && r.usedAt === null)).toBe(true);

      const found = adminCouponsPageSchema.parse(await readJson(await call(t, admin, 'GET', `/api/admin/coupons?q=${made.codes[0]!.toLowerCase()}`)));
      expect(found.items).toHaveLength(1);
      expect(found.items[0]).toMatchObject({ code: made.codes[0], assignedTo: null, idea: null, isUsed: false, usedAt: null });

      const holder = await createUser(t.db, { name: `Holder ${made.codes[1]}` });
      await t.db.update(coupons).set({ assignedTo: holder.id, isUsed: true, usedAt: new Date() }).where(eq(coupons.code, made.codes[1]!));
      const held = adminCouponsPageSchema.parse(await readJson(await call(t, admin, 'GET', `/api/admin/coupons?q=${encodeURIComponent(holder.email)}`)));
      expect(held.items[0]).toMatchObject({ code: made.codes[1], assignedTo: { id: holder.id, email: holder.email }, isUsed: true });
      expect(held.items[0]!.usedAt).not.toBeNull();
    });

    it('never makes the same code twice, even for generations running at the same moment', async () => {
      const admin = await signedInUser(t, { role: 'admin' });
      const results = await Promise.all(
        Array.from({ length: 4 }, () => call(t, admin, 'POST', '/api/admin/coupons/generate', { count: 150 })),
      );
      const codes = (await Promise.all(results.map(async (r) => (expect(r.status).toBe(201), generatedCouponsSchema.parse(await r.json()).codes)))).flat();
      expect(codes).toHaveLength(600);
      expect(new Set(codes).size).toBe(600);
      const stored = await t.db.select({ n: sql<number>`count(*)::int` }).from(coupons).where(inArray(coupons.code, codes));
      expect(stored[0]?.n).toBe(600);
    });

    it('retries codes that are taken, by earlier coupons or by a generation running alongside', async () => {
      const prefix = `DUP-${randomUUID().slice(0, 6)}`;
      await t.db.insert(coupons).values({ code: `${prefix}-0` });
      // Two generators drawing the same sequence: every code of one collides with the other's.
      const sequence = () => {
        let i = 0;
        return () => `${prefix}-${i++}`;
      };
      const [a, b] = await Promise.all([
        generateCoupons(t.db, 20, { nextCode: sequence() }),
        generateCoupons(t.db, 20, { nextCode: sequence() }),
      ]);
      const codes = [...a.codes, ...b.codes];
      expect(codes).toHaveLength(40);
      expect(new Set(codes).size).toBe(40);
      expect(codes).not.toContain(`${prefix}-0`);
      // A source that only ever repeats itself gives up with a clear error instead of looping.
      await expect(generateCoupons(t.db, 3, { nextCode: () => `${prefix}-1` })).rejects.toThrow('Could not draw enough unused coupon codes');
    });
  });

  describe('settings', () => {
    it('gives the defaults of SPEC §9 (premium threshold 20), saves, and resets', async () => {
      const admin = await signedInUser(t, { role: 'admin' });
      await resetSettings(t, admin);
      const res = await call(t, admin, 'GET', '/api/admin/settings');
      const body = settingsResponseSchema.parse(await res.json());
      expect(body.settings).toEqual(PLATFORM_SETTINGS_DEFAULTS);
      expect(body.defaults).toEqual(PLATFORM_SETTINGS_DEFAULTS);
      expect(body.settings.premiumThreshold).toBe(20);

      const saved = await call(t, admin, 'PUT', '/api/admin/settings', {
        ...PLATFORM_SETTINGS_DEFAULTS,
        platformName: '  IdeaHub Lagos  ',
        allowedFileTypes: 'PNG, .webp ,.png',
        sessionTimeout: 48,
      });
      expect(saved.status).toBe(200);
      const after = await currentSettings(t, admin);
      expect(after).toMatchObject({ platformName: 'IdeaHub Lagos', allowedFileTypes: '.png,.webp', sessionTimeout: 48 });

      const reset = settingsResponseSchema.parse(await readJson(await call(t, admin, 'POST', '/api/admin/settings/reset')));
      expect(reset.settings).toEqual(PLATFORM_SETTINGS_DEFAULTS);
      expect(await currentSettings(t, admin)).toEqual(PLATFORM_SETTINGS_DEFAULTS);
    });

    it('refuses negative and absurd values with one clear message per field, and changes nothing', async () => {
      const admin = await signedInUser(t, { role: 'admin' });
      await resetSettings(t, admin);
      const res = await call(t, admin, 'PUT', '/api/admin/settings', {
        ...PLATFORM_SETTINGS_DEFAULTS,
        platformName: '   ',
        ideaSubmissionLimit: -1,
        productSubmissionLimit: 1_000_000,
        maxFileSize: 10,
        premiumThreshold: 2.5,
        passwordMinLength: 3,
        sessionTimeout: 'forever',
        allowedFileTypes: '.png,.svg,.html',
        maintenanceMode: 'yes',
      });
      expect(res.status).toBe(400);
      const body = await readJson<ErrorBody>(res);
      expect(body.error.code).toBe('bad_request');
      expect(body.error.message).toBe('Some settings are not valid. Please correct the highlighted fields.');
      expect(body.error.fields).toEqual({
        platformName: ['Platform name is required.'],
        ideaSubmissionLimit: ['Idea submission limit must be between 0 and 8760 hours.'],
        productSubmissionLimit: ['Product submission limit must be between 0 and 8760 hours.'],
        maxFileSize: ['Max file size must be between 1 and 5 MB.'],
        premiumThreshold: ['Premium threshold must be a whole number.'],
        passwordMinLength: ['Password minimum length must be between 6 and 128 characters.'],
        sessionTimeout: ['Session timeout must be a number.'],
        allowedFileTypes: ['.svg, .html cannot be allowed. Choose from .jpg, .jpeg, .png, .webp.'],
        maintenanceMode: ['Maintenance mode must be on or off.'],
      });
      const missing = await call(t, admin, 'PUT', '/api/admin/settings', { platformName: 'Only a name' });
      expect(missing.status).toBe(400);
      expect(Object.keys((await readJson<ErrorBody>(missing)).error.fields ?? {})).toContain('premiumThreshold');
      const one = await call(t, admin, 'PUT', '/api/admin/settings', { ...PLATFORM_SETTINGS_DEFAULTS, allowedFileTypes: '' });
      expect((await readJson<ErrorBody>(one)).error).toMatchObject({
        message: 'Allow at least one image type: PNG, JPEG or WebP.',
        fields: { allowedFileTypes: ['Allow at least one image type: PNG, JPEG or WebP.'] },
      });
      // Types uploads never accept are not offered and not taken.
      const pdf = await call(t, admin, 'PUT', '/api/admin/settings', { ...PLATFORM_SETTINGS_DEFAULTS, allowedFileTypes: '.png,.pdf' });
      expect(pdf.status).toBe(400);
      expect((await readJson<ErrorBody>(pdf)).error.fields).toEqual({ allowedFileTypes: ['.pdf cannot be allowed. Choose from .jpg, .jpeg, .png, .webp.'] });
      expect(await currentSettings(t, admin)).toEqual(PLATFORM_SETTINGS_DEFAULTS);
    });

    it('a cooldown changed to 1 hour lets a person share again an hour later', async () => {
      const admin = await signedInUser(t, { role: 'admin' });
      const person = await sharer(t);
      try {
        await changeSettings(t, admin, { ideaSubmissionLimit: 1 });
        const first = await share(t, person);
        expect(first.status).toBe(201);
        const firstId = (await readJson<{ idea: { id: string } }>(first)).idea.id;
        const again = await share(t, person);
        expect(again.status).toBe(429);
        expect((await readJson<ErrorBody>(again)).error.message).toMatch(/^You can only submit one idea every 1 hours?\. Please wait/);

        // An hour and a minute later (the earlier item backdated rather than the clock faked).
        await backdateShares(t, { ideaId: firstId }, new Date(Date.now() - 61 * 60_000));
        expect((await share(t, person)).status).toBe(201);

        // With the default of 72 hours, the same hour-old item would still lock the category.
        await resetSettings(t, admin);
        const other = await sharer(t, 'Halima Musa');
        expect((await share(t, other)).status).toBe(201);
        await backdateShares(t, { userId: other.id }, new Date(Date.now() - 61 * 60_000));
        expect((await share(t, other)).status).toBe(429);
      } finally {
        await resetSettings(t, admin);
      }
    });

    it('a lower premium threshold changes what GET /api/ideas/{id} returns', async () => {
      const admin = await signedInUser(t, { role: 'admin' });
      const owner = await createUser(t.db);
      const item = await createIdea(t.db, { userId: owner.id, description: LONG_DESCRIPTION });
      const reader = await signedInUser(t, { name: 'Reader Two Items' });
      await createIdea(t.db, { userId: reader.id });
      await createIdea(t.db, { userId: reader.id, category: 'product' });
      const read = async () => ideaDetailSchema.parse(await readJson(await call(t, reader, 'GET', `/api/ideas/${item.id}`)));
      try {
        const before = await read();
        expect(before).toMatchObject({ fullAccess: false, descriptionTruncated: true, premiumThreshold: 20 });
        expect([...before.description]).toHaveLength(100);

        await changeSettings(t, admin, { premiumThreshold: 1 });
        const after = await read();
        expect(after).toMatchObject({ fullAccess: true, descriptionTruncated: false, description: LONG_DESCRIPTION, premiumThreshold: 1 });
      } finally {
        await resetSettings(t, admin);
      }
    });

    it('upload size and types follow the settings, and never allow more than PNG, JPEG or WebP under 5 MB', async () => {
      const admin = await signedInUser(t, { role: 'admin' });
      const person = await signedInUser(t);
      const upload = async (bytes: Buffer, name: string, type: string) => {
        const form = new FormData();
        form.set('file', new File([new Uint8Array(bytes)], name, { type }));
        const { 'content-type': _json, ...headers } = person.headers;
        return t.fetch('/api/uploads/idea-images', { method: 'POST', headers, body: form });
      };
      const webp = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#22c55e' } }).webp().toBuffer();
      // Random pixels do not compress: about 1.4 MB as PNG.
      const noise = Buffer.from(Array.from({ length: 700 * 700 * 3 }, () => Math.floor(Math.random() * 256)));
      const big = await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
      expect(big.length).toBeGreaterThan(1024 * 1024);
      try {
        expect((await upload(webp, 'a.webp', 'image/webp')).status).toBe(201);
        expect((await upload(big, 'big.png', 'image/png')).status).toBe(201);

        await changeSettings(t, admin, { allowedFileTypes: '.png', maxFileSize: 1 });
        const refusedType = await upload(webp, 'a.webp', 'image/webp');
        expect(refusedType.status).toBe(415);
        expect((await readJson<ErrorBody>(refusedType)).error.message).toBe('Only PNG images can be uploaded.');
        const tooBig = await upload(big, 'big.png', 'image/png');
        expect(tooBig.status).toBe(413);
        expect((await readJson<ErrorBody>(tooBig)).error.message).toBe('Please select an image smaller than 1MB.');

        // The setting cannot go above the 5 MB of SPEC §5, and 5 is the most uploads take.
        const over = await call(t, admin, 'PUT', '/api/admin/settings', { ...(await currentSettings(t, admin)), maxFileSize: 50 });
        expect(over.status).toBe(400);
        expect((await readJson<ErrorBody>(over)).error.fields).toEqual({ maxFileSize: ['Max file size must be between 1 and 5 MB.'] });
        await changeSettings(t, admin, { maxFileSize: 5 });
        const cfg = await readJson<{ maxUploadBytes: number }>(await t.fetch('/api/config'));
        expect(cfg.maxUploadBytes).toBe(5 * 1024 * 1024);
      } finally {
        await resetSettings(t, admin);
      }
    });

    it('new registrations off refuses sign-up; the password minimum length applies at once', async () => {
      const admin = await signedInUser(t, { role: 'admin' });
      try {
        await changeSettings(t, admin, { newRegistrations: false });
        const closed = await signUp(t, { name: 'Late Comer', email: uniqueEmail('late'), password: 'a long enough password' }, { ip: randomClientIp() });
        expect(closed.status).toBe(403);
        expect((await readJson<ErrorBody>(closed)).error.message).toBe(AUTH_MESSAGES.registrationsClosed);

        await changeSettings(t, admin, { newRegistrations: true, passwordMinLength: 20 });
        const short = await signUp(t, { name: 'Short Pass', email: uniqueEmail('short'), password: 'only15character' }, { ip: randomClientIp() });
        expect(short.status).toBe(400);
        expect((await readJson<ErrorBody>(short)).error.message).toBe(AUTH_MESSAGES.passwordTooShort(20));
        const ok = await signUp(t, { name: 'Long Pass', email: uniqueEmail('long'), password: 'twenty characters ok!' }, { ip: randomClientIp() });
        expect(ok.status).toBe(200);
      } finally {
        await resetSettings(t, admin);
      }
    });

    it('maintenance mode: 503 for visitors, users and moderators on the API; admins carry on; sign-in and the status stay open', async () => {
      const admin = await signedInUser(t, { role: 'admin' });
      const user = await signedInUser(t);
      const moderator = await signedInUser(t, { role: 'moderator' });
      try {
        await changeSettings(t, admin, { maintenanceMode: true, platformName: 'IdeaHub' });
        for (const who of [null, user, moderator]) {
          const res = await call(t, who, 'GET', '/api/ideas');
          expect(res.status).toBe(503);
          expect(res.headers.get('retry-after')).toBe('120');
          expect(await readJson(res)).toEqual({
            error: { code: MAINTENANCE_ERROR_CODE, message: 'IdeaHub is down for scheduled maintenance. Please check back soon.' },
          });
        }
        expect((await call(t, moderator, 'GET', '/api/admin/content')).status).toBe(503);
        expect((await call(t, admin, 'GET', '/api/ideas')).status).toBe(200);
        expect((await call(t, admin, 'GET', '/api/admin/overview')).status).toBe(200);
        // What the web needs to show the maintenance page and let an admin sign in.
        const status = maintenanceStatusSchema.parse(await readJson(await call(t, null, 'GET', '/api/maintenance')));
        expect(status).toMatchObject({ maintenanceMode: true, platformName: 'IdeaHub' });
        expect((await call(t, user, 'GET', '/api/auth/get-session')).status).toBe(200);
        expect((await call(t, null, 'GET', '/api/auth-config')).status).toBe(200);
        expect((await call(t, user, 'GET', '/api/admin/me')).status).toBe(403);
        expect((await t.fetch('/healthz')).status).toBe(200);
      } finally {
        await resetSettings(t, admin);
      }
      expect((await call(t, user, 'GET', '/api/ideas')).status).toBe(200);
      expect(maintenanceStatusSchema.parse(await readJson(await call(t, null, 'GET', '/api/maintenance'))).maintenanceMode).toBe(false);
    });
  });
});

/** Exact figures need a database of their own: only the rows below, at fixed dates. */
describe.each(databaseKinds())('admin figures with fixed dates on %s', (kind) => {
  const t = useTestServer(kind);
  const NOW = new Date('2026-03-01T12:00:00.000Z');
  const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

  async function person(createdAt: Date) {
    const id = randomUUID();
    await t.db.insert(users).values({ id, name: `P ${id.slice(0, 6)}`, email: `${id}@example.test`, emailVerified: true, createdAt });
    return id;
  }

  it('computes the overview, analytics and financial figures with SQL aggregates and the shared formulas', async () => {
    const { analytics, overview } = await import('./analytics.ts');
    const { financialSummary } = await import('./financial.ts');
    // Users: 3 in the last 30 days, 2 in days 31-60, 1 older.
    const [a, b] = [await person(daysAgo(1)), await person(daysAgo(5))];
    await person(daysAgo(29));
    await person(daysAgo(31));
    await person(daysAgo(59));
    await person(daysAgo(90));
    // Items: 1 in the last 30 days, 4 in days 31-60 (3 ideas, 1 product), by 2 creators.
    const items = [
      await createIdea(t.db, { userId: a, createdAt: daysAgo(2) }),
      await createIdea(t.db, { userId: a, createdAt: daysAgo(40) }),
      await createIdea(t.db, { userId: a, createdAt: daysAgo(41) }),
      await createIdea(t.db, { userId: b, createdAt: daysAgo(42) }),
      await createIdea(t.db, { userId: b, createdAt: daysAgo(45), category: 'product' }),
    ];
    await t.db.insert(likes).values([
      { ideaId: items[0]!.id, userId: a },
      { ideaId: items[0]!.id, userId: b },
      { ideaId: items[1]!.id, userId: b },
    ]);
    await t.db.insert(payments).values([
      { reference: 'R1', amount: 150000, status: 'success', createdAt: daysAgo(3) },
      { reference: 'R2', amount: 50050, status: 'success', createdAt: daysAgo(40) },
      { reference: 'R3', amount: 2000, status: 'failed', createdAt: daysAgo(1) },
      { reference: 'R4', amount: 1000, status: 'pending', createdAt: daysAgo(1) },
      { reference: 'R5', amount: 7000, status: 'refunded', createdAt: daysAgo(1) },
    ]);

    const stats = await analytics(t.db, 30, NOW);
    expect(stats.growth).toEqual({ users: 50, content: -75, newUsers: { current: 3, previous: 2 }, newContent: { current: 1, previous: 4 } });
    expect(stats.engagement).toEqual({ rate: 50, totalInteractions: 3 });
    expect(stats.quality).toEqual({ ideasPerUser: 0.8, activeCreators: 2 });
    expect(stats.distribution).toEqual({ ideas: 4, products: 1, ideasPercent: 80, productsPercent: 20 });
    expect(stats.health).toEqual({ totalUsers: 6, totalIdeas: 5, totalLikes: 3, engagement: 50 });
    expect(stats.recent).toEqual({ newUsers: 3, newContent: 1, total: 4 });
    expect(stats.series.points).toHaveLength(30);
    expect(stats.series.points[0]?.date).toBe('2026-01-31');
    expect(stats.series.points.at(-1)?.date).toBe('2026-03-01');
    expect(stats.series.points.find((p) => p.date === '2026-02-28')).toEqual({ date: '2026-02-28', users: 1, content: 0, views: 0 });
    expect(stats.series.points.find((p) => p.date === '2026-02-27')).toEqual({ date: '2026-02-27', users: 0, content: 1, views: 0 });
    expect(stats.series.points.reduce((s, p) => s + p.users, 0)).toBe(3);
    expect(stats.series.points.reduce((s, p) => s + p.content, 0)).toBe(1);
    const long = await analytics(t.db, 90, NOW);
    expect(long.series.points).toHaveLength(90);
    expect(long.series.points.reduce((s, p) => s + p.content, 0)).toBe(5);

    // Both windows empty: growth 0, not a division by zero.
    const later = await analytics(t.db, 30, new Date(NOW.getTime() + 200 * 86_400_000));
    expect(later.growth).toMatchObject({ users: 0, content: 0 });
    expect(later.recent.total).toBe(0);

    const money = await financialSummary(t.db, NOW);
    expect(money).toEqual({ totalRevenue: 2000.5, thisMonth: 1500, successful: 2, failed: 1 });

    const o = await overview(t.db, NOW);
    expect(o).toMatchObject({ totalUsers: 6, newUsers: 3, totalContent: 5, newContent: 1, totalRevenue: 2000.5, engagement: 50, totalLikes: 3 });
    expect(o.categories).toEqual({ ideas: 4, products: 1, ideasPercent: 80, productsPercent: 20 });
    expect(o.recentActivity.length).toBeLessThanOrEqual(8);
    const times = o.recentActivity.map((x) => Date.parse(x.at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(o.recentActivity.some((x) => x.kind === 'payment' && x.amount === 1500)).toBe(true);
  });

  it('answers the same figures over HTTP, and refuses a series length other than 30 or 90 days', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const res = await call(t, admin, 'GET', '/api/admin/analytics');
    expect(res.status).toBe(200);
    const body = analyticsSchema.parse(await res.json());
    expect(body.series.days).toBe(30);
    expect(body.health.totalUsers).toBeGreaterThanOrEqual(7);
    const bad = await call(t, admin, 'GET', '/api/admin/analytics?days=7');
    expect(bad.status).toBe(400);
    expect((await readJson<ErrorBody>(bad)).error.fields).toEqual({ days: ['days must be 30 or 90.'] });
    expect(overviewSchema.safeParse(await readJson(await call(t, admin, 'GET', '/api/admin/overview'))).success).toBe(true);
  });
});
