/** Buying items (issue 25): the Buy dialog's options, checkout, one's purchases, payouts. */
import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';

export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'refunded'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

const itemRef = z.object({ id: z.string(), title: z.string() });

/** GET /api/ideas/{id}/checkout: what the Buy dialog shows, decided by the server. */
export const buyOptionsSchema = z.object({
  /** PAYMENTS: off keeps the spec's 'coming soon' alerts. */
  payments: z.enum(['off', 'test', 'paystack']),
  item: itemRef,
  /** Major units, as the item shows it. */
  price: z.number(),
  currency: z.enum(CURRENCIES),
  available: z.boolean(),
  /** Why not: payments off, a visitor, the owner, a free item, a currency the provider cannot take, no payout account, already bought. */
  reason: z.enum(['off', 'sign_in', 'owner', 'free', 'currency', 'no_payouts', 'purchased']).nullable(),
  message: z.string().nullable(),
});
export type BuyOptions = z.infer<typeof buyOptionsSchema>;

/** POST /api/ideas/{id}/checkout: where to send the buyer. */
export const checkoutStartedSchema = z.object({ reference: z.string(), checkoutUrl: z.string() });
export type CheckoutStarted = z.infer<typeof checkoutStartedSchema>;

/** GET /api/payments/{reference}: one's own payment (the toast on return). */
export const ownPaymentSchema = z.object({
  reference: z.string(),
  status: paymentStatusSchema,
  /** Major units. */
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  item: itemRef.nullable(),
});
export type OwnPayment = z.infer<typeof ownPaymentSchema>;

export const purchaseSchema = ownPaymentSchema.extend({ createdAt: z.iso.datetime() });
export type Purchase = z.infer<typeof purchaseSchema>;
export const purchaseListSchema = z.object({ items: z.array(purchaseSchema) });
export type PurchaseList = z.infer<typeof purchaseListSchema>;

/** GET /api/payments/test-checkout/{reference}: the built-in test checkout page. */
export const testCheckoutSchema = z.object({
  reference: z.string(),
  /** Major units. */
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  /** null while open. */
  status: z.enum(['success', 'failed', 'reversed']).nullable(),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

/** POST /api/payments/test-checkout/{reference}/{outcome}: where the buyer goes next. */
export const testCheckoutDoneSchema = z.object({ returnUrl: z.string() });

/** Payouts (Banking Information's 'Set up payouts'). */
export const bankSchema = z.object({ code: z.string(), name: z.string() });
export const bankListSchema = z.object({ items: z.array(bankSchema) });
export type Bank = z.infer<typeof bankSchema>;

export const ACCOUNT_NUMBER_MESSAGE = 'Account number must be 10 digits.';
export const payoutAccountInputSchema = z.object({
  bankCode: z.string().trim().min(1, 'Choose a bank.').max(20, 'Choose a bank.'),
  accountNumber: z.string().trim().regex(/^\d{10}$/, ACCOUNT_NUMBER_MESSAGE),
});
export type PayoutAccountInput = z.infer<typeof payoutAccountInputSchema>;
export const resolvedAccountSchema = z.object({ accountName: z.string() });

export const payoutAccountSchema = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  /** Only the last four digits. */
  accountNumberEnd: z.string(),
  accountName: z.string(),
  /** The share the platform keeps of each sale (admin setting platformFeePercent when it was set up). */
  platformFeePercent: z.number(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;
export const payoutAccountStateSchema = z.object({ account: payoutAccountSchema.nullable() });
