import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import {
  bankListSchema,
  buyOptionsSchema,
  checkoutStartedSchema,
  ownPaymentSchema,
  payoutAccountInputSchema,
  payoutAccountSchema,
  payoutAccountStateSchema,
  purchaseListSchema,
  resolvedAccountSchema,
  testCheckoutDoneSchema,
  testCheckoutSchema,
} from '../../../shared/schemas/payments.ts';
import type { AppEnv } from '../../app-env.ts';
import { testCheckouts } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { errorResponses, idParamsSchema, requireSignIn, viewerOf } from '../../lib/route-helpers.ts';
import { staffFor } from '../admin/index.ts';
import { toTransaction } from './paystack.ts';
import { listBanks, ownPayoutAccount, resolveAccount, setUpPayouts } from './payouts.ts';
import type { PaymentProvider } from './provider.ts';
import { isSignedBy } from './signature.ts';
import {
  buyOptions,
  confirmPayment,
  listPurchases,
  ownPayment,
  type PaymentsDeps,
  PAYMENT_NOT_FOUND,
  refundPayment,
  refundProcessed,
  returnFromCheckout,
  startCheckout,
} from './service.ts';
import type { createTestProvider } from './test-provider.ts';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const referenceParams = z.object({ reference: z.string().min(1).max(100) });

const buyOptionsRoute = createRoute({
  method: 'get',
  path: '/api/ideas/{id}/checkout',
  tags: ['payments'],
  summary: 'The Buy dialog: price, currency and whether this viewer can buy the item (and why not)',
  request: { params: idParamsSchema },
  responses: { 200: json('Buy options', buyOptionsSchema), ...errorResponses({ 404: 'No such item' }) },
});

const startRoute = createRoute({
  method: 'post',
  path: '/api/ideas/{id}/checkout',
  tags: ['payments'],
  summary: 'Starts checkout: fixes the amount, writes a pending payment, answers the provider’s checkout address',
  middleware: [requireSignIn] as const,
  request: { params: idParamsSchema },
  responses: {
    201: json('Checkout started', checkoutStartedSchema),
    ...errorResponses({
      401: 'Not signed in',
      403: 'Own item',
      404: 'No such item',
      409: 'Payments off, or already bought',
      422: 'Free item, a currency the provider cannot take, or no payout account',
      502: 'The provider could not be reached; nothing written',
    }),
  },
});

const ownPaymentRoute = createRoute({
  method: 'get',
  path: '/api/payments/{reference}',
  tags: ['payments'],
  summary: 'One’s own payment by reference (the toast on return)',
  middleware: [requireSignIn] as const,
  request: { params: referenceParams },
  responses: { 200: json('The payment', ownPaymentSchema), ...errorResponses({ 401: 'Not signed in', 404: 'No such payment of yours' }) },
});

const purchasesRoute = createRoute({
  method: 'get',
  path: '/api/me/purchases',
  tags: ['payments'],
  summary: 'The Dashboard’s Purchases: what the person bought, when, the amount and status',
  middleware: [requireSignIn] as const,
  responses: { 200: json('Purchases, newest first', purchaseListSchema), ...errorResponses({ 401: 'Not signed in' }) },
});

const refundRoute = createRoute({
  method: 'post',
  path: '/api/admin/payments/{id}/refund',
  tags: ['admin'],
  summary: 'Refunds a successful payment through the provider; the buyer’s unlock ends (audited payment.refund)',
  request: { params: idParamsSchema },
  responses: {
    204: { description: 'Refunded' },
    ...errorResponses({ 401: 'Not signed in', 403: 'Not an admin', 404: 'No such payment', 409: 'Not a successful payment', 502: 'The provider refused or was unreachable' }),
  },
});

const testCheckoutRoute = createRoute({
  method: 'get',
  path: '/api/payments/test-checkout/{reference}',
  tags: ['payments'],
  summary: 'The built-in test checkout (PAYMENTS=test): amount and state of a transaction',
  request: { params: referenceParams },
  responses: { 200: json('The test transaction', testCheckoutSchema), ...errorResponses({ 404: 'No such test transaction' }) },
});

const testSettleRoute = createRoute({
  method: 'post',
  path: '/api/payments/test-checkout/{reference}/{outcome}',
  tags: ['payments'],
  summary: 'Pay or Decline on the test checkout: settles it, confirms as a webhook would, answers the return address',
  request: { params: referenceParams.extend({ outcome: z.enum(['pay', 'decline']) }) },
  responses: { 200: json('Where to go next', testCheckoutDoneSchema), ...errorResponses({ 404: 'No open test transaction', 400: 'Bad outcome' }) },
});

const banksRoute = createRoute({
  method: 'get',
  path: '/api/payouts/banks',
  tags: ['payments'],
  summary: 'The provider’s bank list, for Set up payouts',
  middleware: [requireSignIn] as const,
  responses: { 200: json('Banks', bankListSchema), ...errorResponses({ 401: 'Not signed in', 409: 'Payments off', 502: 'Provider unreachable' }) },
});

const resolveRoute = createRoute({
  method: 'post',
  path: '/api/payouts/resolve',
  tags: ['payments'],
  summary: 'The account holder’s name, resolved by the provider, for the maker to confirm',
  middleware: [requireSignIn] as const,
  request: { body: { content: { 'application/json': { schema: payoutAccountInputSchema } }, required: true } },
  responses: {
    200: json('The account name', resolvedAccountSchema),
    ...errorResponses({ 400: 'Bad input', 401: 'Not signed in', 409: 'Payments off', 422: 'Not an account at that bank', 502: 'Provider unreachable' }),
  },
});

const payoutGetRoute = createRoute({
  method: 'get',
  path: '/api/me/payout-account',
  tags: ['payments'],
  summary: 'One’s payout account (last four digits only), or null',
  middleware: [requireSignIn] as const,
  responses: { 200: json('The payout account', payoutAccountStateSchema), ...errorResponses({ 401: 'Not signed in' }) },
});

const payoutPutRoute = createRoute({
  method: 'put',
  path: '/api/me/payout-account',
  tags: ['payments'],
  summary: 'Set up payouts: resolves the account and creates the provider subaccount with the platform fee',
  middleware: [requireSignIn] as const,
  request: { body: { content: { 'application/json': { schema: payoutAccountInputSchema } }, required: true } },
  responses: {
    200: json('The payout account', payoutAccountSchema),
    ...errorResponses({ 400: 'Bad input', 401: 'Not signed in', 409: 'Payments off', 422: 'Not an account at that bank', 502: 'Provider unreachable' }),
  },
});

export const WEBHOOK_PATH = '/api/payments/paystack/webhook';
export const RETURN_PATH = '/api/payments/return';

export interface PaymentRouteDeps {
  provider: PaymentProvider | null;
  /** Present when PAYMENTS=test: the built-in checkout's Pay and Decline. */
  testProvider: ReturnType<typeof createTestProvider> | null;
}

export function registerPaymentRoutes(app: OpenAPIHono<AppEnv>, deps: PaymentRouteDeps) {
  const paymentsDeps = (c: { var: AppEnv['Variables'] }): PaymentsDeps => ({ db: c.var.db, config: c.var.config, logger: c.var.logger, provider: deps.provider });

  // Registered before /api/payments/{reference}. The provider sends the buyer back here (Paystack adds ?reference=…&trxref=…): verified server-side, then the item.
  app.get(RETURN_PATH, async (c) => {
    const reference = c.req.query('reference') ?? c.req.query('trxref') ?? '';
    const { ideaId } = await returnFromCheckout(paymentsDeps(c), reference);
    const to = ideaId ? `/ideas/${ideaId}?payment=${encodeURIComponent(reference)}` : `/dashboard?payment=${encodeURIComponent(reference)}`;
    return c.redirect(to, 303);
  });

  app.openapi(buyOptionsRoute, async (c) => c.json(await buyOptions(paymentsDeps(c), c.var.viewer, c.req.valid('param').id), 200));
  app.openapi(startRoute, async (c) => c.json(await startCheckout(paymentsDeps(c), viewerOf(c), c.req.valid('param').id), 201));
  app.openapi(ownPaymentRoute, async (c) => c.json(await ownPayment(c.var.db, viewerOf(c), c.req.valid('param').reference), 200));
  app.openapi(purchasesRoute, async (c) => c.json(await listPurchases(c.var.db, viewerOf(c)), 200));
  app.openapi(refundRoute, async (c) => {
    const admin = staffFor(c, 'financial');
    if (admin.role !== 'admin') throw new AppError(403, 'forbidden', 'Only admins can refund payments.');
    await refundPayment(paymentsDeps(c), admin, c.req.valid('param').id);
    return c.body(null, 204);
  });

  // Paystack's webhook: only a body signed with our secret key is read; anything else is 401 and changes nothing.
  app.post(WEBHOOK_PATH, async (c) => {
    const secret = c.var.config.PAYMENTS === 'paystack' ? c.var.config.PAYSTACK_SECRET_KEY : undefined;
    const raw = await c.req.text();
    if (!secret || !isSignedBy(raw, c.req.header('x-paystack-signature'), secret)) {
      return c.json({ error: { code: 'unauthorized', message: 'The webhook signature is missing or wrong.' } }, 401);
    }
    let event: { event?: string; data?: Record<string, unknown> };
    try {
      event = JSON.parse(raw) as typeof event;
    } catch {
      return c.json({ error: { code: 'bad_request', message: 'The webhook body is not JSON.' } }, 400);
    }
    const data = event.data ?? {};
    if (event.event === 'charge.success' && typeof data.reference === 'string') {
      await confirmPayment(paymentsDeps(c), toTransaction(data.reference, data as Parameters<typeof toTransaction>[1]));
    } else if (event.event === 'refund.processed' && typeof data.transaction_reference === 'string') {
      await refundProcessed(c.var.db, data.transaction_reference);
    }
    // Every other event is acknowledged, so the provider does not send it again.
    return c.json({ received: true }, 200);
  });

  app.openapi(testCheckoutRoute, async (c) => {
    if (!deps.testProvider) throw notFound(PAYMENT_NOT_FOUND);
    const [row] = await c.var.db.select().from(testCheckouts).where(eq(testCheckouts.reference, c.req.valid('param').reference)).limit(1);
    if (!row) throw notFound(PAYMENT_NOT_FOUND);
    return c.json(
      { reference: row.reference, amount: row.amount / 100, currency: row.currency as 'NGN', status: row.status as 'success' | null },
      200,
    );
  });

  app.openapi(testSettleRoute, async (c) => {
    const test = deps.testProvider;
    if (!test) throw notFound(PAYMENT_NOT_FOUND);
    const { reference, outcome } = c.req.valid('param');
    const callbackUrl = await test.settle(reference, outcome === 'pay' ? 'success' : 'failed');
    if (!callbackUrl) throw notFound('This test checkout is already settled or does not exist.');
    // What a provider's webhook does on its own: the same confirmation, before the buyer is back.
    await confirmPayment(paymentsDeps(c), await test.verify(reference));
    const returnUrl = new URL(callbackUrl);
    returnUrl.searchParams.set('trxref', reference);
    returnUrl.searchParams.set('reference', reference);
    return c.json({ returnUrl: returnUrl.toString() }, 200);
  });

  app.openapi(banksRoute, async (c) => c.json({ items: await listBanks(paymentsDeps(c)) }, 200));
  app.openapi(resolveRoute, async (c) => c.json({ accountName: await resolveAccount(paymentsDeps(c), c.req.valid('json')) }, 200));
  app.openapi(payoutGetRoute, async (c) => c.json({ account: await ownPayoutAccount(c.var.db, viewerOf(c)) }, 200));
  app.openapi(payoutPutRoute, async (c) => c.json(await setUpPayouts(paymentsDeps(c), viewerOf(c), c.req.valid('json')), 200));
}
