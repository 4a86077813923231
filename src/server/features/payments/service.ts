/**
 * Buying an item (issue 25, docs/decisions/0037). Checkout fixes the amount and currency and
 * writes one pending payment under a reference we generate; the provider's answer (the return
 * address's verify, a signed webhook, the test checkout's Pay) is confirmed by one statement that
 * moves the payment out of pending only once, so the same confirmation arriving twice, or fifty
 * times at once, records one payment and tells the maker once. An amount or currency other than
 * the fixed one makes the payment failed with the reason; nothing unlocks.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { type Currency, isCurrency } from '../../../shared/constants.ts';
import type { BuyOptions, CheckoutStarted, OwnPayment, PurchaseList } from '../../../shared/schemas/payments.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ideas, payments, payoutAccounts, users } from '../../db/schema.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Logger } from '../../logger.ts';
import type { Viewer } from '../../app-env.ts';
import { IDEA_NOT_FOUND } from '../ideas/index.ts';
import type { PaymentProvider, ProviderTransaction } from './provider.ts';
import { afterSale } from './sale-mail.ts';

export const OWN_ITEM = 'You cannot buy your own item.';
export const FREE_ITEM = 'This item is free: there is nothing to buy.';
export const NO_PAYOUTS = 'This maker has not set up payouts yet';
export const ALREADY_BOUGHT = 'You have already bought this item.';
export const PAYMENTS_OFF = 'Payments are not available yet.';
export const PAYMENT_NOT_FOUND = 'Payment not found.';
export const currencyRefused = (provider: string, currency: string) => `Payments in ${currency} are not available with ${provider} yet.`;

const PROVIDER_NAMES = { test: 'the test provider', paystack: 'Paystack' } as const;

/** Minor units of a price in major units (2 decimals). */
export const minorUnits = (price: number) => Math.round(price * 100);

/** A reference no one can guess or repeat: ih_ and 20 random hex characters (Paystack allows letters, digits, - . =). */
export const newReference = () => `ih_${randomBytes(10).toString('hex')}`;

export interface PaymentsDeps {
  db: Db;
  config: Config;
  logger: Logger;
  /** null when PAYMENTS=off. */
  provider: PaymentProvider | null;
}

async function itemForSale(db: Db, ideaId: string) {
  if (!isUuid(ideaId)) throw notFound(IDEA_NOT_FOUND);
  const [row] = await db
    .select({
      id: ideas.id,
      title: ideas.title,
      price: ideas.price,
      currency: ideas.currency,
      ownerId: ideas.userId,
      subaccountCode: payoutAccounts.subaccountCode,
    })
    .from(ideas)
    .leftJoin(payoutAccounts, eq(payoutAccounts.userId, ideas.userId))
    .where(eq(ideas.id, ideaId))
    .limit(1);
  if (!row) throw notFound(IDEA_NOT_FOUND);
  return row;
}

async function hasBought(db: Db, userId: string, ideaId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.ideaId, ideaId), eq(payments.status, 'success')))
    .limit(1);
  return row !== undefined;
}

type Refusal = { reason: NonNullable<BuyOptions['reason']>; error: AppError };

/** Why this viewer cannot buy this item now, or null: the rule the Buy dialog shows and checkout enforces. */
async function refusalFor(deps: PaymentsDeps, viewer: Viewer | null, item: Awaited<ReturnType<typeof itemForSale>>): Promise<Refusal | null> {
  if (!deps.provider) return { reason: 'off', error: new AppError(409, 'payments_off', PAYMENTS_OFF) };
  if (!viewer) return { reason: 'sign_in', error: new AppError(401, 'unauthorized', 'You need to sign in first.') };
  if (item.ownerId === viewer.userId) return { reason: 'owner', error: forbidden(OWN_ITEM) };
  if (minorUnits(item.price) <= 0) return { reason: 'free', error: new AppError(422, 'free_item', FREE_ITEM) };
  if (!isCurrency(item.currency) || !deps.provider.currencies.includes(item.currency)) {
    return { reason: 'currency', error: new AppError(422, 'currency_unsupported', currencyRefused(PROVIDER_NAMES[deps.provider.name], item.currency)) };
  }
  if (!item.subaccountCode) return { reason: 'no_payouts', error: new AppError(422, 'no_payouts', NO_PAYOUTS) };
  if (await hasBought(deps.db, viewer.userId, item.id)) return { reason: 'purchased', error: conflict(ALREADY_BOUGHT) };
  return null;
}

/** What the Buy dialog shows: the price, and whether (and why not) this viewer can buy it. */
export async function buyOptions(deps: PaymentsDeps, viewer: Viewer | null, ideaId: string): Promise<BuyOptions> {
  const item = await itemForSale(deps.db, ideaId);
  const refusal = await refusalFor(deps, viewer, item);
  return {
    payments: deps.config.PAYMENTS,
    item: { id: item.id, title: item.title },
    price: item.price,
    currency: item.currency as Currency,
    available: refusal === null,
    reason: refusal?.reason ?? null,
    message: refusal ? refusal.error.message : null,
  };
}

/**
 * Starts checkout: the provider first (a failure there writes nothing: 502), then the pending
 * payment with the amount fixed now. A later price edit changes nothing already started.
 */
export async function startCheckout(deps: PaymentsDeps, viewer: Viewer, ideaId: string): Promise<CheckoutStarted> {
  const item = await itemForSale(deps.db, ideaId);
  const refusal = await refusalFor(deps, viewer, item);
  if (refusal) throw refusal.error;
  const provider = deps.provider!;
  const [buyer] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, viewer.userId)).limit(1);
  if (!buyer) throw notFound('Account not found.');
  const reference = newReference();
  const amount = minorUnits(item.price);
  const currency = item.currency as Currency;
  const { checkoutUrl } = await provider.initialize({
    reference,
    amount,
    currency,
    email: buyer.email,
    callbackUrl: `${deps.config.PUBLIC_URL}/api/payments/return`,
    subaccountCode: item.subaccountCode,
  });
  await deps.db.insert(payments).values({ reference, userId: viewer.userId, ideaId: item.id, amount, currency, status: 'pending', provider: provider.name });
  return { reference, checkoutUrl };
}

export type Confirmation = 'success' | 'failed' | 'refunded' | 'unchanged';

/**
 * Records what the provider says of a transaction (see the module comment). One conditional
 * update decides, so concurrent confirmations of one reference write once; the sale's mails and
 * notification are written in the same transaction.
 */
export async function confirmPayment(deps: Pick<PaymentsDeps, 'db' | 'logger'>, tx: ProviderTransaction): Promise<Confirmation> {
  if (tx.status === 'pending') return 'unchanged';
  if (tx.status === 'reversed') return (await markRefunded(deps.db, tx.reference)) ? 'refunded' : 'unchanged';
  return inTransaction(deps.db, async (t) => {
    if (tx.status === 'failed') {
      const rows = await t
        .update(payments)
        .set({ status: 'failed', failureReason: tx.message.slice(0, 200) || 'Declined', updatedAt: sql`now()` })
        .where(and(eq(payments.reference, tx.reference), eq(payments.status, 'pending')))
        .returning({ id: payments.id });
      return rows.length ? 'failed' : 'unchanged';
    }
    const amountOk = Number.isSafeInteger(tx.amount);
    const reported = `${amountOk ? tx.amount : 'no amount'} ${tx.currency || 'no currency'}`;
    const rows = await t
      .update(payments)
      .set({
        status: sql`case when ${payments.amount} = ${amountOk ? tx.amount : -1} and ${payments.currency} = ${tx.currency} then 'success' else 'failed' end`,
        failureReason: sql`case when ${payments.amount} = ${amountOk ? tx.amount : -1} and ${payments.currency} = ${tx.currency} then null
          else 'The provider reported ' || ${reported} || ', not the ' || ${payments.amount} || ' ' || ${payments.currency} || ' fixed at checkout (minor units).' end`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.reference, tx.reference), eq(payments.status, 'pending')))
      .returning({ id: payments.id, status: payments.status, userId: payments.userId, ideaId: payments.ideaId, amount: payments.amount, currency: payments.currency });
    const row = rows[0];
    if (!row) return 'unchanged';
    if (row.status !== 'success') {
      deps.logger.warn({ reference: tx.reference }, 'payment confirmed with another amount or currency; recorded failed');
      return 'failed';
    }
    await afterSale(t, { paymentId: row.id, reference: tx.reference, buyerId: row.userId, ideaId: row.ideaId, amount: row.amount, currency: row.currency });
    return 'success';
  });
}

/** A successful payment becomes refunded (once); the buyer's unlock ends with it. */
async function markRefunded(db: Db | Tx, reference: string): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'refunded', updatedAt: sql`now()` })
    .where(and(eq(payments.reference, reference), eq(payments.status, 'success')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** The return address: verifies with the provider (never the query string) and confirms; the payment's item, for the redirect. */
export async function returnFromCheckout(deps: PaymentsDeps, reference: string): Promise<{ ideaId: string | null; reference: string }> {
  const [row] = reference.length <= 100 ? await deps.db.select({ ideaId: payments.ideaId, status: payments.status }).from(payments).where(eq(payments.reference, reference)).limit(1) : [];
  if (!row) throw notFound(PAYMENT_NOT_FOUND);
  if (row.status === 'pending' && deps.provider) {
    try {
      await confirmPayment(deps, await deps.provider.verify(reference));
    } catch (error) {
      // The webhook will still confirm it; the buyer sees 'Payment not completed' meanwhile.
      deps.logger.warn({ reference, err: (error as Error).message }, 'verifying a payment on return failed');
    }
  }
  return { ideaId: row.ideaId, reference };
}

/** One's own payment, by reference (the toast on return asks it). */
export async function ownPayment(db: Db, viewer: Viewer, reference: string): Promise<OwnPayment> {
  const [row] = await db
    .select({ reference: payments.reference, status: payments.status, amount: payments.amount, currency: payments.currency, ideaId: payments.ideaId, title: ideas.title })
    .from(payments)
    .leftJoin(ideas, eq(ideas.id, payments.ideaId))
    .where(and(eq(payments.reference, reference.slice(0, 100)), eq(payments.userId, viewer.userId)))
    .limit(1);
  if (!row?.reference) throw notFound(PAYMENT_NOT_FOUND);
  return {
    reference: row.reference,
    status: row.status as OwnPayment['status'],
    amount: row.amount / 100,
    currency: row.currency as Currency,
    item: row.ideaId && row.title !== null ? { id: row.ideaId, title: row.title } : null,
  };
}

/** The Dashboard's Purchases: what the person bought (or tried to), newest first; open checkouts are left out. */
export async function listPurchases(db: Db, viewer: Viewer): Promise<PurchaseList> {
  const rows = await db
    .select({
      reference: payments.reference,
      status: payments.status,
      amount: payments.amount,
      currency: payments.currency,
      createdAt: payments.createdAt,
      ideaId: payments.ideaId,
      title: ideas.title,
    })
    .from(payments)
    .leftJoin(ideas, eq(ideas.id, payments.ideaId))
    .where(and(eq(payments.userId, viewer.userId), ne(payments.status, 'pending')))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(200);
  return {
    items: rows.map((r) => ({
      reference: r.reference ?? '',
      status: r.status as OwnPayment['status'],
      amount: r.amount / 100,
      currency: r.currency as Currency,
      createdAt: r.createdAt.toISOString(),
      item: r.ideaId && r.title !== null ? { id: r.ideaId, title: r.title } : null,
    })),
  };
}

export const ONLY_SUCCESSFUL_REFUND = 'Only a successful payment can be refunded.';

/** An admin's Refund: the provider's refund first (502 and nothing changed if it fails), then refunded and audited in one transaction. */
export async function refundPayment(deps: PaymentsDeps, admin: Viewer, paymentId: string): Promise<void> {
  if (!isUuid(paymentId)) throw notFound(PAYMENT_NOT_FOUND);
  const [row] = await deps.db.select({ reference: payments.reference, status: payments.status, amount: payments.amount, currency: payments.currency, provider: payments.provider }).from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!row?.reference) throw notFound(PAYMENT_NOT_FOUND);
  if (row.status !== 'success') throw conflict(ONLY_SUCCESSFUL_REFUND);
  if (!deps.provider || (row.provider !== null && row.provider !== deps.provider.name)) {
    throw new AppError(409, 'provider_mismatch', 'This payment was taken by another provider than the one configured now; refund it there.');
  }
  await deps.provider.refund(row.reference);
  const reference = row.reference;
  await inTransaction(deps.db, async (t) => {
    if (!(await markRefunded(t, reference))) return;
    await recordAudit(t, {
      actorId: admin.userId,
      action: 'payment.refund',
      target: { type: 'payment', id: paymentId, title: reference },
      details: { amount: row.amount, currency: row.currency },
    });
  });
}

/** Paystack's refund.processed: the transaction's successful payment becomes refunded (if the admin's action has not already). */
export async function refundProcessed(db: Db, reference: string): Promise<boolean> {
  return markRefunded(db, reference);
}
