/** The payments API (issue 25): the Buy dialog's options, checkout, one's payments and purchases, the test checkout, payouts. */
import type { Bank, BuyOptions, CheckoutStarted, OwnPayment, PayoutAccount, PayoutAccountInput, PurchaseList, TestCheckout } from '@shared/schemas/payments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const enc = encodeURIComponent;

export const paymentsKeys = {
  buyOptions: (id: string) => ['payments', 'buy', id] as const,
  purchases: ['payments', 'purchases'] as const,
  payout: ['payments', 'payout-account'] as const,
  banks: ['payments', 'banks'] as const,
};

export const getBuyOptions = (ideaId: string) => api<BuyOptions>(`/api/ideas/${enc(ideaId)}/checkout`);
export const startCheckout = (ideaId: string) => api<CheckoutStarted>(`/api/ideas/${enc(ideaId)}/checkout`, { method: 'POST' });
export const getOwnPayment = (reference: string) => api<OwnPayment>(`/api/payments/${enc(reference)}`);
export const getTestCheckout = (reference: string) => api<TestCheckout>(`/api/payments/test-checkout/${enc(reference)}`);
export const settleTestCheckout = (reference: string, outcome: 'pay' | 'decline') =>
  api<{ returnUrl: string }>(`/api/payments/test-checkout/${enc(reference)}/${outcome}`, { method: 'POST' });

export function useBuyOptions(ideaId: string, enabled: boolean) {
  return useQuery({ queryKey: paymentsKeys.buyOptions(ideaId), queryFn: () => getBuyOptions(ideaId), enabled, staleTime: 0 });
}

export function usePurchases() {
  return useQuery({ queryKey: paymentsKeys.purchases, queryFn: () => api<PurchaseList>('/api/me/purchases') });
}

export function usePayoutAccount() {
  return useQuery({ queryKey: paymentsKeys.payout, queryFn: () => api<{ account: PayoutAccount | null }>('/api/me/payout-account') });
}

export function useBanks(enabled: boolean) {
  return useQuery({ queryKey: paymentsKeys.banks, queryFn: () => api<{ items: Bank[] }>('/api/payouts/banks'), enabled, staleTime: 10 * 60_000 });
}

export const resolveAccount = (input: PayoutAccountInput) => api<{ accountName: string }>('/api/payouts/resolve', { method: 'POST', body: input });
export const savePayoutAccount = (input: PayoutAccountInput) => api<PayoutAccount>('/api/me/payout-account', { method: 'PUT', body: input });
