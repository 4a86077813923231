/**
 * One interface for every payments provider (issue 25, docs/decisions/0037): the built-in test
 * provider and Paystack answer the same calls, so checkout, the return address, confirmations,
 * refunds and payouts run one code path whichever is configured (PAYMENTS).
 */
import type { Currency } from '../../../shared/constants.ts';
import { AppError } from '../../lib/errors.ts';

export interface InitializeInput {
  reference: string;
  /** Minor units (kobo, cents), fixed when checkout starts. */
  amount: number;
  currency: Currency;
  email: string;
  /** Where the provider sends the buyer back: our return address, which verifies server-side. */
  callbackUrl: string;
  /** The maker's provider subaccount: their share settles to them, the platform keeps its fee. */
  subaccountCode: string | null;
}

/** A transaction as the provider reports it (verify, or a signed confirmation). */
export interface ProviderTransaction {
  reference: string;
  /** 'success' and 'failed' are final; anything else (abandoned, ongoing, pending) is not yet. */
  status: 'success' | 'failed' | 'reversed' | 'pending';
  amount: number;
  currency: string;
  /** The provider's words for the outcome, kept as the reason of a failed payment. */
  message: string;
}

export interface Bank {
  code: string;
  name: string;
}

export interface PaymentProvider {
  readonly name: 'test' | 'paystack';
  /** Currencies it can charge in. */
  readonly currencies: readonly Currency[];
  initialize(input: InitializeInput): Promise<{ checkoutUrl: string }>;
  verify(reference: string): Promise<ProviderTransaction>;
  refund(reference: string): Promise<void>;
  listBanks(): Promise<Bank[]>;
  /** The account's holder name as the bank knows it; null when the number is not an account there. */
  resolveAccount(bankCode: string, accountNumber: string): Promise<string | null>;
  /** A subaccount that keeps `platformFeePercent` of each sale for the platform; returns its code. */
  createSubaccount(input: { businessName: string; bankCode: string; accountNumber: string; platformFeePercent: number }): Promise<string>;
}

export const PROVIDER_UNAVAILABLE = 'The payment provider could not be reached. Nothing was charged; please try again in a moment.';

/** The provider did not answer, or answered with something other than its documented success: 502, nothing written. */
export class ProviderError extends AppError {
  constructor(detail: string) {
    super(502, 'payment_provider_unavailable', PROVIDER_UNAVAILABLE);
    this.detail = detail;
  }
  readonly detail: string;
}
