import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { couponListSchema, couponSchema } from '../../../shared/schemas/ideas.ts';
import type { AppEnv } from '../../app-env.ts';
import { errorResponses, idParamsSchema, pageQuerySchema, requireSignIn, viewerOf } from '../../lib/route-helpers.ts';
import { listOwnCoupons, redeemOwnCoupon } from './service.ts';

const listRoute = createRoute({
  method: 'get',
  path: '/api/me/coupons',
  tags: ['coupons'],
  summary: 'My Coupons: the signed-in person’s coupons, newest first',
  middleware: [requireSignIn] as const,
  request: { query: pageQuerySchema },
  responses: {
    200: { description: 'A page of coupons', content: { 'application/json': { schema: couponListSchema } } },
    ...errorResponses({ 400: 'Bad query', 401: 'Not signed in' }),
  },
});

const redeemRoute = createRoute({
  method: 'post',
  path: '/api/me/coupons/{id}/redeem',
  tags: ['coupons'],
  summary: 'Built-in redeem page (no COUPON_REDEEM_URL): marks the person’s own unused coupon used',
  middleware: [requireSignIn] as const,
  request: { params: idParamsSchema },
  responses: {
    200: { description: 'The coupon, now used', content: { 'application/json': { schema: couponSchema } } },
    ...errorResponses({ 401: 'Not signed in', 404: 'No such coupon of yours', 409: 'Already used' }),
  },
});

export function registerCouponRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => c.json(await listOwnCoupons(c.var.db, viewerOf(c), c.req.valid('query')), 200));
  app.openapi(redeemRoute, async (c) => c.json(await redeemOwnCoupon(c.var.db, viewerOf(c), c.req.valid('param').id), 200));
}
