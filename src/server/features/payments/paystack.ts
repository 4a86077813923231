/**
 * Paystack over its documented REST API (PAYSTACK_API_URL, Bearer PAYSTACK_SECRET_KEY): every
 * answer is `{ status, message, data }`. A network failure, a timeout or an answer without
 * `status: true` is a ProviderError (502 to the buyer); nothing is written for it.
 */
import type { Currency } from '../../../shared/constants.ts';
import type { Logger } from '../../logger.ts';
import { type Bank, type PaymentProvider, ProviderError, type ProviderTransaction } from './provider.ts';

/** How long one call may take before the buyer is told the provider is unavailable. */
const CALL_TIMEOUT_MS = 15_000;

interface Envelope<T> {
  status?: boolean;
  message?: string;
  data?: T;
}

export function createPaystackProvider(opts: { apiUrl: string; secretKey: string; logger: Logger; fetch?: typeof fetch }): PaymentProvider {
  const doFetch = opts.fetch ?? fetch;

  /** One call; `allowMissing` answers null for a documented 'not found' (400/404/422) instead of failing. */
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, allowMissing = false): Promise<T | null> {
    let res: Response;
    try {
      res = await doFetch(`${opts.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${opts.secretKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      opts.logger.warn({ path: path.split('?')[0], err: (error as Error).name }, 'payment provider unreachable');
      throw new ProviderError(`unreachable: ${(error as Error).name}`);
    }
    const envelope = (await res.json().catch(() => null)) as Envelope<T> | null;
    if (res.ok && envelope?.status === true && envelope.data !== undefined) return envelope.data;
    if (allowMissing && (res.status === 400 || res.status === 404 || res.status === 422)) return null;
    opts.logger.warn({ path: path.split('?')[0], status: res.status, message: envelope?.message }, 'payment provider refused a call');
    throw new ProviderError(`HTTP ${res.status}: ${envelope?.message ?? 'no message'}`);
  }

  const must = <T>(value: T | null): T => {
    if (value === null) throw new ProviderError('empty answer');
    return value;
  };

  return {
    name: 'paystack',
    // Paystack charges NGN (and USD for some businesses); it takes no EUR today.
    currencies: ['NGN', 'USD'] satisfies Currency[],
    async initialize(input) {
      const data = must(
        await call<{ authorization_url?: string }>('POST', '/transaction/initialize', {
          email: input.email,
          amount: String(input.amount),
          currency: input.currency,
          reference: input.reference,
          callback_url: input.callbackUrl,
          ...(input.subaccountCode ? { subaccount: input.subaccountCode } : {}),
        }),
      );
      if (typeof data.authorization_url !== 'string' || !/^https?:\/\//.test(data.authorization_url)) throw new ProviderError('no authorization_url');
      return { checkoutUrl: data.authorization_url };
    },
    async verify(reference) {
      const data = await call<{ reference?: string; status?: string; amount?: number; currency?: string; gateway_response?: string }>(
        'GET',
        `/transaction/verify/${encodeURIComponent(reference)}`,
        undefined,
        true,
      );
      if (data === null) return { reference, status: 'pending', amount: 0, currency: '', message: 'Transaction not found' };
      return toTransaction(reference, data);
    },
    async refund(reference) {
      must(await call('POST', '/refund', { transaction: reference }));
    },
    async listBanks() {
      const data = must(await call<{ name?: string; code?: string; active?: boolean }[]>('GET', '/bank?country=nigeria&currency=NGN&perPage=100'));
      return data.filter((b): b is Bank & { active?: boolean } => typeof b.code === 'string' && typeof b.name === 'string' && b.active !== false).map((b) => ({ code: b.code, name: b.name }));
    },
    async resolveAccount(bankCode, accountNumber) {
      const q = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
      const data = await call<{ account_name?: string }>('GET', `/bank/resolve?${q}`, undefined, true);
      return data && typeof data.account_name === 'string' && data.account_name.trim() ? data.account_name.trim() : null;
    },
    async createSubaccount(input) {
      const data = must(
        await call<{ subaccount_code?: string }>('POST', '/subaccount', {
          business_name: input.businessName,
          settlement_bank: input.bankCode,
          account_number: input.accountNumber,
          // Paystack: the percentage the main account (the platform) keeps of each payment.
          percentage_charge: input.platformFeePercent,
        }),
      );
      if (typeof data.subaccount_code !== 'string') throw new ProviderError('no subaccount_code');
      return data.subaccount_code;
    },
  };
}

/** A Paystack transaction (verify's data, or a charge.success event's) in the interface's terms. */
export function toTransaction(
  reference: string,
  data: { reference?: string; status?: string; amount?: number; currency?: string; gateway_response?: string },
): ProviderTransaction {
  // 'abandoned' is also what Paystack says before the buyer has paid: not final, so not failed.
  const status: ProviderTransaction['status'] =
    data.status === 'success' ? 'success' : data.status === 'failed' ? 'failed' : data.status === 'reversed' ? 'reversed' : 'pending';
  return {
    reference: data.reference ?? reference,
    status,
    amount: typeof data.amount === 'number' ? data.amount : Number(data.amount ?? Number.NaN),
    currency: typeof data.currency === 'string' ? data.currency : '',
    message: data.gateway_response ?? data.status ?? 'unknown',
  };
}
