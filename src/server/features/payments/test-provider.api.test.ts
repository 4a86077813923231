/**
 * The built-in test provider (PAYMENTS=test): the checkout at IdeaHub's own address, Pay and
 * Decline, through the same initialize / return / verify / confirmation path as Paystack; its
 * small bank list and resolved names make payouts work without a provider.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ideaDetailSchema } from '../../../shared/schemas/ideas.ts';
import { checkoutStartedSchema, testCheckoutSchema } from '../../../shared/schemas/payments.ts';
import { payments } from '../../db/schema.ts';
import { signedInUser, type SignedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';

describe.each(databaseKinds())('the test provider on %s', (kind) => {
  const t = useTestServer(kind, { env: { PAYMENTS: 'test' } });
  let maker: SignedInUser;
  let buyer: SignedInUser;
  let ideaId = '';

  beforeAll(async () => {
    maker = await signedInUser(t, { name: 'Amaka Eze' });
    buyer = await signedInUser(t, { name: 'Kofi Mensah' });
    ideaId = (await createIdea(t.db, { userId: maker.id, price: 49, currency: 'EUR' })).id;
    const banks = (await (await t.fetch('/api/payouts/banks', { headers: maker.headers })).json()) as { items: { code: string }[] };
    expect(banks.items.length).toBeGreaterThan(2);
    const resolved = await t.fetch('/api/payouts/resolve', { method: 'POST', headers: maker.headers, body: JSON.stringify({ bankCode: banks.items[0]!.code, accountNumber: '0123456789' }) });
    expect(await resolved.json()).toEqual({ accountName: 'Test Account 6789' });
    const set = await t.fetch('/api/me/payout-account', { method: 'PUT', headers: maker.headers, body: JSON.stringify({ bankCode: banks.items[0]!.code, accountNumber: '0123456789' }) });
    expect(set.status).toBe(200);
  });

  const checkout = async () => {
    const res = await t.fetch(`/api/ideas/${ideaId}/checkout`, { method: 'POST', headers: buyer.headers });
    expect(res.status).toBe(201);
    return checkoutStartedSchema.parse(await res.json());
  };
  const settle = (reference: string, outcome: 'pay' | 'decline') =>
    t.fetch(`/api/payments/test-checkout/${reference}/${outcome}`, { method: 'POST', headers: buyer.headers });
  const fullAccess = async () => ideaDetailSchema.parse(await (await t.fetch(`/api/ideas/${ideaId}`, { headers: buyer.headers })).json()).fullAccess;

  it('Decline: the payment fails, back at the item, nothing unlocks; a settled checkout cannot be settled again', async () => {
    const { reference, checkoutUrl } = await checkout();
    expect(checkoutUrl).toBe(`${t.url}/checkout/test/${reference}`);
    const shown = testCheckoutSchema.parse(await (await t.fetch(`/api/payments/test-checkout/${reference}`)).json());
    expect(shown).toEqual({ reference, amount: 49, currency: 'EUR', status: null });
    const res = await settle(reference, 'decline');
    const { returnUrl } = (await res.json()) as { returnUrl: string };
    expect(returnUrl).toBe(`${t.url}/api/payments/return?trxref=${reference}&reference=${reference}`);
    const back = await t.fetch(returnUrl, { redirect: 'manual' });
    expect(back.headers.get('location')).toBe(`/ideas/${ideaId}?payment=${reference}`);
    expect((await t.db.select().from(payments).where(eq(payments.reference, reference)))[0]?.status).toBe('failed');
    expect(await fullAccess()).toBe(false);
    expect((await settle(reference, 'pay')).status).toBe(404);
  });

  it('Pay: the payment succeeds (EUR is fine here) and the item opens', async () => {
    const { reference } = await checkout();
    const { returnUrl } = (await (await settle(reference, 'pay')).json()) as { returnUrl: string };
    expect((await t.fetch(returnUrl, { redirect: 'manual' })).status).toBe(303);
    const [row] = await t.db.select().from(payments).where(eq(payments.reference, reference));
    expect(row).toMatchObject({ status: 'success', amount: 4900, currency: 'EUR', provider: 'test' });
    expect(await fullAccess()).toBe(true);
  });

  it('the Paystack webhook is closed when Paystack is not the provider', async () => {
    expect((await t.fetch('/api/payments/paystack/webhook', { method: 'POST', body: '{}', headers: { 'x-paystack-signature': 'a'.repeat(128) } })).status).toBe(401);
  });
});
