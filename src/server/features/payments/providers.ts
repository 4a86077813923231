/** The configured provider (PAYMENTS): none when off, the built-in test provider, or Paystack. */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { createPaystackProvider } from './paystack.ts';
import type { PaymentProvider } from './provider.ts';
import { createTestProvider } from './test-provider.ts';

export function createPaymentProviders(config: Config, db: Db, logger: Logger) {
  if (config.PAYMENTS === 'off') return { provider: null, testProvider: null };
  if (config.PAYMENTS === 'test') {
    const testProvider = createTestProvider(db, config.PUBLIC_URL);
    return { provider: testProvider as PaymentProvider, testProvider };
  }
  const provider = createPaystackProvider({ apiUrl: config.PAYSTACK_API_URL, secretKey: config.PAYSTACK_SECRET_KEY ?? '', logger });
  return { provider, testProvider: null };
}
