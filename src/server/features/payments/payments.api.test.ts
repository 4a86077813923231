/**
 * Buying through Paystack (issue 25), against a local fake of Paystack's documented API
 * (tests/support/paystack-fake.ts) that also signs and posts webhooks: success, decline, amount
 * mismatch, duplicate and forged webhooks, provider down, refund, an owner or a visitor buying,
 * price 0, payouts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ideaDetailSchema } from '../../../shared/schemas/ideas.ts';
import { buyOptionsSchema, checkoutStartedSchema, ownPaymentSchema, purchaseListSchema } from '../../../shared/schemas/payments.ts';
import { auditLog, ideas, mailOutbox, payments } from '../../db/schema.ts';
import { signedInUser, type SignedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { type PaystackFake, startPaystackFake } from '../../../../tests/support/paystack-fake.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { PROVIDER_UNAVAILABLE } from './provider.ts';
import { FREE_ITEM, NO_PAYOUTS, OWN_ITEM } from './service.ts';

describe.each(databaseKinds())('buying through Paystack on %s', (kind) => {
  let paystack: PaystackFake;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    paystack = await startPaystackFake();
    Object.assign(env, { PAYMENTS: 'paystack', PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_API_URL: paystack.url });
  });
  afterAll(async () => paystack?.close());
  const t = useTestServer(kind, { env });

  let maker: SignedInUser;
  let buyer: SignedInUser;
  let admin: SignedInUser;
  let noPayoutsMaker: SignedInUser;
  let ideaId = '';
  const visitor = () => ({ origin: new URL(t.url).origin });
  const webhook = () => `${t.url}/api/payments/paystack/webhook`;

  beforeAll(async () => {
    maker = await signedInUser(t, { name: 'Ngozi Okafor' });
    buyer = await signedInUser(t, { name: 'Tunde Bello' });
    admin = await signedInUser(t, { name: 'Admin Kunle', role: 'admin' });
    noPayoutsMaker = await signedInUser(t, { name: 'Bisi Ade' });
    ideaId = (await createIdea(t.db, { userId: maker.id, title: 'Grain mill plans', price: 1500, currency: 'NGN', description: `${'x'.repeat(100)} SECRETPART` })).id;
  });

  const options = async (id: string, headers: Record<string, string>) => buyOptionsSchema.parse(await (await t.fetch(`/api/ideas/${id}/checkout`, { headers })).json());
  const start = (id: string, headers: Record<string, string>) => t.fetch(`/api/ideas/${id}/checkout`, { method: 'POST', headers });
  const startOk = async (id = ideaId, who = buyer) => {
    const res = await start(id, who.headers);
    expect(res.status, await res.clone().text()).toBe(201);
    return checkoutStartedSchema.parse(await res.json());
  };
  const paymentOf = async (reference: string) => (await t.db.select().from(payments).where(eq(payments.reference, reference)))[0];
  const detail = async (who: SignedInUser, id = ideaId) => ideaDetailSchema.parse(await (await t.fetch(`/api/ideas/${id}`, { headers: who.headers })).json());
  const returnTo = (reference: string) => t.fetch(`/api/payments/return?trxref=${reference}&reference=${reference}`, { redirect: 'manual' });
  const paymentCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(payments))[0]!.n;

  describe('payouts', () => {
    it('a maker picks a bank from the provider’s list, sees the resolved name, and gets a subaccount keeping the platform fee', async () => {
      const banks = (await (await t.fetch('/api/payouts/banks', { headers: maker.headers })).json()) as { items: { code: string; name: string }[] };
      expect(banks.items.map((b) => b.name)).toContain('Access Bank');
      const wrong = await t.fetch('/api/payouts/resolve', { method: 'POST', headers: maker.headers, body: JSON.stringify({ bankCode: '044', accountNumber: '1111111111' }) });
      expect(wrong.status).toBe(422);
      const resolved = await t.fetch('/api/payouts/resolve', { method: 'POST', headers: maker.headers, body: JSON.stringify({ bankCode: '044', accountNumber: '0123456789' }) });
      expect(await resolved.json()).toEqual({ accountName: 'NGOZI ADAEZE OKAFOR' });
      const badNumber = await t.fetch('/api/me/payout-account', { method: 'PUT', headers: maker.headers, body: JSON.stringify({ bankCode: '044', accountNumber: '12' }) });
      expect(badNumber.status).toBe(400);
      const set = await t.fetch('/api/me/payout-account', { method: 'PUT', headers: maker.headers, body: JSON.stringify({ bankCode: '044', accountNumber: '0123456789' }) });
      expect(set.status).toBe(200);
      expect(await set.json()).toEqual({ bankCode: '044', bankName: 'Access Bank', accountNumberEnd: '6789', accountName: 'NGOZI ADAEZE OKAFOR', platformFeePercent: 10 });
      expect(paystack.subaccounts.at(-1)).toMatchObject({ settlement_bank: '044', account_number: '0123456789', percentage_charge: 10, business_name: 'Ngozi Okafor' });
    });
  });

  describe('who can buy', () => {
    it('the owner, a visitor and a free item are refused with clear messages, and nothing is written', async () => {
      const before = await paymentCount();
      expect(await options(ideaId, maker.headers)).toMatchObject({ available: false, reason: 'owner', message: OWN_ITEM });
      expect((await start(ideaId, maker.headers)).status).toBe(403);
      expect(await options(ideaId, visitor())).toMatchObject({ available: false, reason: 'sign_in' });
      expect((await start(ideaId, visitor())).status).toBe(401);
      const free = (await createIdea(t.db, { userId: maker.id, price: 0 })).id;
      expect(await options(free, buyer.headers)).toMatchObject({ available: false, reason: 'free', message: FREE_ITEM });
      const freeRes = await start(free, buyer.headers);
      expect(freeRes.status).toBe(422);
      expect(((await freeRes.json()) as { error: { message: string } }).error.message).toBe(FREE_ITEM);
      expect(await paymentCount()).toBe(before);
    });

    it('an item whose maker has no payout account cannot be bought; EUR is refused by Paystack', async () => {
      const item = (await createIdea(t.db, { userId: noPayoutsMaker.id, price: 900 })).id;
      expect(await options(item, buyer.headers)).toMatchObject({ available: false, reason: 'no_payouts', message: NO_PAYOUTS });
      expect((await start(item, buyer.headers)).status).toBe(422);
      const euro = (await createIdea(t.db, { userId: maker.id, price: 20, currency: 'EUR' })).id;
      const o = await options(euro, buyer.headers);
      expect(o).toMatchObject({ available: false, reason: 'currency' });
      expect(o.message).toContain('EUR');
      expect(await options(ideaId, buyer.headers)).toMatchObject({ available: true, reason: null, price: 1500, currency: 'NGN', payments: 'paystack' });
    });

    it('the provider down: a clear 502 for the buyer and no payment written', async () => {
      const before = await paymentCount();
      paystack.down = true;
      try {
        const res = await start(ideaId, buyer.headers);
        expect(res.status).toBe(502);
        expect(((await res.json()) as { error: { message: string } }).error.message).toBe(PROVIDER_UNAVAILABLE);
      } finally {
        paystack.down = false;
      }
      expect(await paymentCount()).toBe(before);
    });
  });

  describe('checkout', () => {
    it('declined: the payment is failed, the buyer returns to the item and nothing unlocks', async () => {
      const { reference } = await startOk();
      paystack.decline(reference);
      const back = await returnTo(reference);
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe(`/ideas/${ideaId}?payment=${reference}`);
      const own = ownPaymentSchema.parse(await (await t.fetch(`/api/payments/${reference}`, { headers: buyer.headers })).json());
      expect(own.status).toBe('failed');
      expect((await detail(buyer)).fullAccess).toBe(false);
    });

    it('a confirmation with another amount is recorded failed with the reason; nothing unlocks', async () => {
      const { reference } = await startOk();
      paystack.pay(reference, { amount: 100 });
      const res = await paystack.postWebhook(webhook(), paystack.chargeSuccessEvent(reference));
      expect(res.status).toBe(200);
      const row = await paymentOf(reference);
      expect(row?.status).toBe('failed');
      expect(row?.failureReason).toContain('100 NGN');
      expect(row?.failureReason).toContain('150000 NGN');
      expect((await detail(buyer)).fullAccess).toBe(false);
    });

    it('forged or unsigned webhooks get 401 and change nothing', async () => {
      const { reference } = await startOk();
      paystack.pay(reference);
      const body = paystack.chargeSuccessEvent(reference);
      expect((await paystack.postWebhook(webhook(), body, null)).status).toBe(401);
      expect((await paystack.postWebhook(webhook(), body, 'f'.repeat(128))).status).toBe(401);
      // Signed, then changed: the signature no longer matches.
      const signature = paystack.sign(body);
      expect((await paystack.postWebhook(webhook(), body.replace('"success"', '"success" '), signature)).status).toBe(401);
      expect((await paymentOf(reference))?.status).toBe('pending');
      expect((await detail(buyer)).fullAccess).toBe(false);
      // Left pending for the success test below to settle with the real return.
      paystack.decline(reference);
      await returnTo(reference);
    });

    it('success: the amount fixed at start stands after a price edit; webhook twice and return record one payment; the item unlocks', async () => {
      const { reference, checkoutUrl } = await startOk();
      expect(checkoutUrl).toBe(`https://checkout.paystack.test/${reference}`);
      const sent = paystack.transactions.get(reference)!;
      expect(sent).toMatchObject({ amount: 150000, currency: 'NGN', email: buyer.email, callbackUrl: `${t.url}/api/payments/return` });
      expect(sent.subaccount).toMatch(/^ACCT_/);
      // A later price edit changes nothing already started.
      await t.db.update(ideas).set({ price: 2000 }).where(eq(ideas.id, ideaId));
      paystack.pay(reference);
      const body = paystack.chargeSuccessEvent(reference);
      const answers = await Promise.all([paystack.postWebhook(webhook(), body), paystack.postWebhook(webhook(), body), returnTo(reference)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 303]);
      const rows = await t.db.select().from(payments).where(eq(payments.reference, reference));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'success', amount: 150000, currency: 'NGN', provider: 'paystack', userId: buyer.id });
      const d = await detail(buyer);
      expect(d.fullAccess).toBe(true);
      expect(d.description).toContain('SECRETPART');
      expect((await t.fetch(`/api/ideas/${ideaId}/messages`, { headers: buyer.headers }).then((r) => r.json()) as { locked: boolean }).locked).toBe(false);
      expect(await options(ideaId, buyer.headers)).toMatchObject({ available: false, reason: 'purchased' });
      const purchases = purchaseListSchema.parse(await (await t.fetch('/api/me/purchases', { headers: buyer.headers })).json());
      expect(purchases.items[0]).toMatchObject({ reference, status: 'success', amount: 1500, currency: 'NGN', item: { id: ideaId, title: 'Grain mill plans' } });
      // The maker is told once ('{name} bought {title}'), in the app and by email; the buyer gets a receipt by email only.
      const told = (await (await t.fetch('/api/notifications', { headers: maker.headers })).json()) as { items: { kind: string; actor: { name: string } | null; item: { title: string } | null }[] };
      expect(told.items.filter((n) => n.kind === 'sale')).toEqual([expect.objectContaining({ actor: expect.objectContaining({ name: 'Tunde Bello' }), item: expect.objectContaining({ title: 'Grain mill plans' }) })]);
      const mails = await t.db.select({ userId: mailOutbox.userId, data: mailOutbox.data }).from(mailOutbox).where(eq(mailOutbox.template, 'notification'));
      const kinds = (userId: string) => mails.filter((m) => m.userId === userId).flatMap((m) => (m.data as { events: { kind: string; reference?: string }[] }).events);
      expect(kinds(maker.id)).toEqual([expect.objectContaining({ kind: 'sale', reference })]);
      expect(kinds(buyer.id)).toEqual([expect.objectContaining({ kind: 'purchase', reference })]);
      const buyerTold = (await (await t.fetch('/api/notifications', { headers: buyer.headers })).json()) as { items: { kind: string }[] };
      expect(buyerTold.items.filter((n) => n.kind === 'purchase')).toEqual([]);
      // Someone else cannot read the buyer's payment.
      expect((await t.fetch(`/api/payments/${reference}`, { headers: maker.headers })).status).toBe(404);
    });
  });

  it('fifty confirmations of one reference at once record one payment', async () => {
    const other = await signedInUser(t, { name: 'Chidi Obi' });
    const { reference } = await startOk(ideaId, other);
    paystack.pay(reference, { amount: 200000 });
    // The price was edited to 2000 above: this checkout fixed 200000 kobo.
    const body = paystack.chargeSuccessEvent(reference);
    const answers = await Promise.all(Array.from({ length: 50 }, () => paystack.postWebhook(webhook(), body)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const rows = await t.db.select().from(payments).where(eq(payments.reference, reference));
    expect(rows.map((r) => r.status)).toEqual(['success']);
    expect((await detail(other)).fullAccess).toBe(true);
  });

  describe('refunds', () => {
    it('an admin refunds a successful payment: the provider refunds, the status is refunded, the unlock ends, and it is audited', async () => {
      const [paid] = await t.db.select().from(payments).where(and(eq(payments.userId, buyer.id), eq(payments.status, 'success')));
      expect(paid).toBeDefined();
      expect((await t.fetch(`/api/admin/payments/${paid!.id}/refund`, { method: 'POST', headers: buyer.headers })).status).toBe(403);
      const res = await t.fetch(`/api/admin/payments/${paid!.id}/refund`, { method: 'POST', headers: admin.headers });
      expect(res.status).toBe(204);
      expect(paystack.refunds).toContain(paid!.reference);
      expect((await paymentOf(paid!.reference!))?.status).toBe('refunded');
      expect((await detail(buyer)).fullAccess).toBe(false);
      const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'payment.refund'));
      expect(entry).toMatchObject({ actorId: admin.id, targetType: 'payment', targetId: paid!.id, targetTitle: paid!.reference });
      // Again: only a successful payment can be refunded.
      expect((await t.fetch(`/api/admin/payments/${paid!.id}/refund`, { method: 'POST', headers: admin.headers })).status).toBe(409);
      // Paystack's refund.processed afterwards changes nothing more.
      expect((await paystack.postWebhook(webhook(), paystack.refundProcessedEvent(paid!.reference!))).status).toBe(200);
      expect((await paymentOf(paid!.reference!))?.status).toBe('refunded');
    });

    it('refund.processed from Paystack refunds a successful payment too', async () => {
      const { reference } = await startOk();
      paystack.pay(reference);
      expect((await returnTo(reference)).status).toBe(303);
      expect((await detail(buyer)).fullAccess).toBe(true);
      expect((await paystack.postWebhook(webhook(), paystack.refundProcessedEvent(reference))).status).toBe(200);
      expect((await paymentOf(reference))?.status).toBe('refunded');
      expect((await detail(buyer)).fullAccess).toBe(false);
    });

    it('the provider refusing a refund leaves the payment successful (502)', async () => {
      const { reference } = await startOk();
      paystack.pay(reference);
      await returnTo(reference);
      const row = await paymentOf(reference);
      paystack.down = true;
      try {
        expect((await t.fetch(`/api/admin/payments/${row!.id}/refund`, { method: 'POST', headers: admin.headers })).status).toBe(502);
      } finally {
        paystack.down = false;
      }
      expect((await paymentOf(reference))?.status).toBe('success');
    });
  });
});
