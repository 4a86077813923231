import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { couponListSchema, couponSchema, publicConfigSchema } from '../../../shared/schemas/ideas.ts';
import { coupons } from '../../db/schema.ts';
import { clearPlatformSettings, errorOf, send, setPlatformSettings, share, sharer } from '../ideas/api-test-helpers.ts';
import { COUPON_CODE_PATTERN, generateCouponCode } from './codes.ts';

describe('coupon codes', () => {
  it('look like IDEA-XXXX-XXXX in an unambiguous alphabet and do not repeat', () => {
    const codes = Array.from({ length: 5000 }, generateCouponCode);
    for (const code of codes) expect(code).toMatch(COUPON_CODE_PATTERN);
    expect(codes.map((c) => c.slice('IDEA-'.length)).join('')).not.toMatch(/[IO01]/);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe.each(databaseKinds())('coupons on %s', (kind) => {
  const t = useTestServer(kind);

  it('assigns one new unique coupon per share, listed newest first in My Coupons', async () => {
    const ada = await sharer(t);
    const bob = await sharer(t);
    const first = await share(t, ada, { category: 'idea' });
    // The first coupon a minute older, rather than waiting on the real clock between the two shares.
    await t.db.update(coupons).set({ createdAt: sql`${coupons.createdAt} - interval '1 minute'` }).where(eq(coupons.code, first.coupon.code));
    const second = await share(t, ada, { category: 'product' });
    const bobs = await share(t, bob, { category: 'idea' });
    const res = await send(t, ada, 'GET', '/api/me/coupons');
    expect(res.status).toBe(200);
    const list = couponListSchema.parse(await res.json());
    expect(list.items.map((c) => c.code)).toEqual([second.coupon.code, first.coupon.code]);
    expect(list.items.every((c) => !c.isUsed && c.usedAt === null)).toBe(true);
    expect(new Set([first.coupon.code, second.coupon.code, bobs.coupon.code]).size).toBe(3);
    expect(list.nextCursor ?? null).toBeNull();
  });

  it('pages My Coupons with a cursor', async () => {
    const ada = await sharer(t);
    const base = Date.now() - 60_000;
    for (let i = 0; i < 5; i++) {
      await t.db.insert(coupons).values({ code: generateCouponCode(), assignedTo: ada.id, createdAt: new Date(base + i * 1000) });
    }
    const seen: string[] = [];
    let cursor: string | null | undefined = null;
    do {
      const res = await send(t, ada, 'GET', `/api/me/coupons?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      const page = couponListSchema.parse(await res.json());
      seen.push(...page.items.map((c) => c.createdAt));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect([...seen].sort().reverse()).toEqual(seen);
  });

  it('redeems the holder’s own unused coupon once; someone else’s is not found', async () => {
    const ada = await sharer(t);
    const bob = await sharer(t);
    const { coupon } = await share(t, ada);
    let err = await errorOf(await send(t, bob, 'POST', `/api/me/coupons/${coupon.id}/redeem`), 404);
    expect(err.code).toBe('not_found');
    await errorOf(await send(t, null, 'POST', `/api/me/coupons/${coupon.id}/redeem`), 401);
    const res = await send(t, ada, 'POST', `/api/me/coupons/${coupon.id}/redeem`);
    expect(res.status).toBe(200);
    const used = couponSchema.parse(await res.json());
    expect(used.isUsed).toBe(true);
    expect(Math.abs(Date.parse(used.usedAt!) - Date.now())).toBeLessThan(60_000);
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.isUsed).toBe(true);
    err = await errorOf(await send(t, ada, 'POST', `/api/me/coupons/${coupon.id}/redeem`), 409);
    expect(err).toEqual({ code: 'coupon_used', message: 'This coupon has already been used.' });
    const list = couponListSchema.parse(await (await send(t, ada, 'GET', '/api/me/coupons')).json());
    expect(list.items.find((c) => c.id === coupon.id)).toMatchObject({ isUsed: true, usedAt: used.usedAt });
    await errorOf(await send(t, ada, 'POST', '/api/me/coupons/not-a-uuid/redeem'), 404);
    await errorOf(await send(t, ada, 'POST', '/api/me/coupons/00000000-0000-4000-8000-000000000000/redeem'), 404);
  });

  it('serves the public config, following the admin settings', async () => {
    let config = publicConfigSchema.parse(await (await t.fetch('/api/config')).json());
    expect(config).toEqual({
      couponRedeemUrl: null,
      premiumThreshold: 20,
      ideaCooldownHours: 72,
      productCooldownHours: 24,
      maxUploadBytes: 5_242_880,
      allowedImageTypes: ['image/png', 'image/jpeg', 'image/webp'],
      // No provider configured outside production: the built-in test checkout.
      payments: 'test',
    });
    await setPlatformSettings(t, { premiumThreshold: 3, ideaSubmissionLimit: 48, productSubmissionLimit: 12, maxFileSize: 2 });
    try {
      config = publicConfigSchema.parse(await (await t.fetch('/api/config')).json());
      expect(config).toMatchObject({ premiumThreshold: 3, ideaCooldownHours: 48, productCooldownHours: 12, maxUploadBytes: 2 * 1024 * 1024 });
    } finally {
      await clearPlatformSettings(t);
    }
  });
});

describe.each(databaseKinds())('the public config with COUPON_REDEEM_URL on %s', (kind) => {
  const t = useTestServer(kind, { env: { COUPON_REDEEM_URL: 'https://redeem.example.test/coupon' } });

  it('gives the redeem address', async () => {
    const config = publicConfigSchema.parse(await (await t.fetch('/api/config')).json());
    expect(config.couponRedeemUrl).toBe('https://redeem.example.test/coupon');
  });
});
