/**
 * The built-in test provider (PAYMENTS=test): a checkout at IdeaHub's own address ('Test
 * checkout', /checkout/test/:reference) where Pay or Decline settles the transaction. It keeps its
 * transactions in the database as a real provider keeps them on its side, so initialize, the
 * return address's verify, the confirmation and refunds run the same code as with Paystack.
 * Nothing in it moves money.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { testCheckouts } from '../../db/schema.ts';
import type { Bank, PaymentProvider, ProviderTransaction } from './provider.ts';

/** A small bank list, so payouts can be set up in the demo and the journeys. */
export const TEST_BANKS: readonly Bank[] = [
  { code: '044', name: 'Access Bank' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '011', name: 'First Bank of Nigeria' },
  { code: '033', name: 'United Bank For Africa' },
  { code: '057', name: 'Zenith Bank' },
];

/** The test checkout page of a reference, on IdeaHub's own address. */
export const testCheckoutPath = (reference: string) => `/checkout/test/${encodeURIComponent(reference)}`;

export function createTestProvider(db: Db, publicUrl: string): PaymentProvider & { settle(reference: string, outcome: 'success' | 'failed'): Promise<string | null> } {
  const toTransaction = (row: typeof testCheckouts.$inferSelect): ProviderTransaction => ({
    reference: row.reference,
    status: row.status === 'success' ? 'success' : row.status === 'failed' ? 'failed' : row.status === 'reversed' ? 'reversed' : 'pending',
    amount: row.amount,
    currency: row.currency,
    message: row.status === 'failed' ? 'Declined on the test checkout' : row.status ?? 'open',
  });
  return {
    name: 'test',
    currencies: ['NGN', 'USD', 'EUR'],
    async initialize(input) {
      await db.insert(testCheckouts).values({
        reference: input.reference,
        amount: input.amount,
        currency: input.currency,
        email: input.email,
        callbackUrl: input.callbackUrl,
        subaccountCode: input.subaccountCode,
      });
      return { checkoutUrl: `${publicUrl}${testCheckoutPath(input.reference)}` };
    },
    async verify(reference) {
      const [row] = await db.select().from(testCheckouts).where(eq(testCheckouts.reference, reference)).limit(1);
      return row ? toTransaction(row) : { reference, status: 'pending', amount: 0, currency: '', message: 'Transaction not found' };
    },
    async refund(reference) {
      await db.update(testCheckouts).set({ status: 'reversed' }).where(and(eq(testCheckouts.reference, reference), eq(testCheckouts.status, 'success')));
    },
    async listBanks() {
      return [...TEST_BANKS];
    },
    async resolveAccount(bankCode, accountNumber) {
      // Any ten digits at a listed bank are an account, except numbers starting 000 (to try the refusal).
      if (!TEST_BANKS.some((b) => b.code === bankCode) || !/^\d{10}$/.test(accountNumber) || accountNumber.startsWith('000')) return null;
      return `Test Account ${accountNumber.slice(-4)}`;
    },
    async createSubaccount() {
      return `ACCT_test${randomBytes(6).toString('hex')}`;
    },
    /** Pay or Decline: settles an open transaction once; returns where to send the buyer (null: no such open checkout). */
    async settle(reference, outcome) {
      const [row] = await db
        .update(testCheckouts)
        .set({ status: outcome })
        .where(and(eq(testCheckouts.reference, reference), isNull(testCheckouts.status)))
        .returning({ callbackUrl: testCheckouts.callbackUrl });
      return row?.callbackUrl ?? null;
    },
  };
}
