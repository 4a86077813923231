/**
 * A local stand-in for Paystack's documented REST API (127.0.0.1, any free port), for tests:
 * POST /transaction/initialize, GET /transaction/verify/:reference, GET /bank, GET /bank/resolve,
 * POST /subaccount and POST /refund, each answering `{ status, message, data }` as Paystack does,
 * behind `Authorization: Bearer <secret>`. The test decides what the buyer does on the hosted page
 * (`pay`, `decline`, or pay another amount), and the fake signs webhooks as Paystack does
 * (x-paystack-signature: hex HMAC-SHA512 of the raw body with the secret key) and posts them.
 *
 *   const paystack = await startPaystackFake();
 *   // app env: PAYMENTS=paystack, PAYSTACK_SECRET_KEY=paystack.secretKey, PAYSTACK_API_URL=paystack.url
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTransaction {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  callbackUrl: string;
  subaccount: string | null;
  status: 'abandoned' | 'success' | 'failed' | 'reversed';
  /** What the buyer was charged, when the test makes it differ from the amount asked. */
  paidAmount: number;
  paidCurrency: string;
}

export interface PaystackFake {
  readonly url: string;
  readonly secretKey: string;
  readonly transactions: Map<string, FakeTransaction>;
  readonly subaccounts: { code: string; business_name: string; settlement_bank: string; account_number: string; percentage_charge: number }[];
  readonly refunds: string[];
  /** Every call made to the fake, 'METHOD /path'. */
  readonly calls: string[];
  /** While true, every endpoint answers 503 as an outage would. */
  down: boolean;
  /** The buyer on the hosted page: pays (optionally another amount or currency) or declines. */
  pay(reference: string, opts?: { amount?: number; currency?: string }): FakeTransaction;
  decline(reference: string): FakeTransaction;
  /** The event body Paystack would post for a transaction. */
  chargeSuccessEvent(reference: string): string;
  refundProcessedEvent(reference: string): string;
  sign(body: string): string;
  /** Posts a signed (or, with `signature`, a chosen) webhook to `url`; answers the response. */
  postWebhook(url: string, body: string, signature?: string | null): Promise<Response>;
  close(): Promise<void>;
}

export const FAKE_BANKS = [
  { id: 1, name: 'Access Bank', slug: 'access-bank', code: '044', longcode: '044150149', active: true, country: 'Nigeria', currency: 'NGN', type: 'nuban' },
  { id: 9, name: 'Guaranty Trust Bank', slug: 'guaranty-trust-bank', code: '058', longcode: '058152036', active: true, country: 'Nigeria', currency: 'NGN', type: 'nuban' },
  { id: 21, name: 'Zenith Bank', slug: 'zenith-bank', code: '057', longcode: '057150013', active: true, country: 'Nigeria', currency: 'NGN', type: 'nuban' },
];

/** Account numbers the fake's bank/resolve knows: anything else is 'Could not resolve account name'. */
export const FAKE_ACCOUNTS: Record<string, string> = { '044:0123456789': 'NGOZI ADAEZE OKAFOR', '058:0987654321': 'TUNDE BELLO' };

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startPaystackFake(opts: { secretKey?: string } = {}): Promise<PaystackFake> {
  const secretKey = opts.secretKey ?? 'sk_test_fake_0123456789abcdef';
  const transactions = new Map<string, FakeTransaction>();
  const subaccounts: PaystackFake['subaccounts'] = [];
  const refunds: string[] = [];
  const calls: string[] = [];
  let txId = 1000;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const transactionData = (t: FakeTransaction) => ({
    id: txId++,
    domain: 'test',
    status: t.status,
    reference: t.reference,
    amount: t.status === 'abandoned' ? t.amount : t.paidAmount,
    gateway_response: t.status === 'success' ? 'Successful' : t.status === 'failed' ? 'Declined' : 'The transaction was not completed',
    paid_at: t.status === 'success' ? new Date().toISOString() : null,
    channel: 'card',
    currency: t.status === 'abandoned' ? t.currency : t.paidCurrency,
    customer: { email: t.email },
    subaccount: t.subaccount ? { subaccount_code: t.subaccount } : {},
  });

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      calls.push(`${req.method} ${url.pathname}`);
      if (fake.down) return send(res, 503, { status: false, message: 'Service unavailable' });
      if (req.headers.authorization !== `Bearer ${secretKey}`) return send(res, 401, { status: false, message: 'Invalid key' });
      const raw = req.method === 'POST' ? await readBody(req) : '';
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      if (req.method === 'POST' && url.pathname === '/transaction/initialize') {
        const reference = String(body.reference ?? '');
        const amount = Number(body.amount);
        if (!reference || !Number.isInteger(amount) || !body.email) return send(res, 400, { status: false, message: 'Invalid params' });
        if (transactions.has(reference)) return send(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
        const currency = String(body.currency ?? 'NGN');
        transactions.set(reference, {
          reference,
          amount,
          currency,
          email: String(body.email),
          callbackUrl: String(body.callback_url ?? ''),
          subaccount: typeof body.subaccount === 'string' ? body.subaccount : null,
          status: 'abandoned',
          paidAmount: amount,
          paidCurrency: currency,
        });
        return send(res, 200, {
          status: true,
          message: 'Authorization URL created',
          data: { authorization_url: `https://checkout.paystack.test/${reference}`, access_code: `ac_${reference}`, reference },
        });
      }
      const verify = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
      if (req.method === 'GET' && verify) {
        const t = transactions.get(decodeURIComponent(verify[1]!));
        if (!t) return send(res, 400, { status: false, message: 'Transaction reference not found' });
        return send(res, 200, { status: true, message: 'Verification successful', data: transactionData(t) });
      }
      if (req.method === 'GET' && url.pathname === '/bank') return send(res, 200, { status: true, message: 'Banks retrieved', data: FAKE_BANKS });
      if (req.method === 'GET' && url.pathname === '/bank/resolve') {
        const name = FAKE_ACCOUNTS[`${url.searchParams.get('bank_code')}:${url.searchParams.get('account_number')}`];
        if (!name) return send(res, 422, { status: false, message: 'Could not resolve account name. Check parameters or try again.' });
        return send(res, 200, { status: true, message: 'Account number resolved', data: { account_number: url.searchParams.get('account_number'), account_name: name, bank_id: 1 } });
      }
      if (req.method === 'POST' && url.pathname === '/subaccount') {
        const code = `ACCT_${(subaccounts.length + 1).toString().padStart(6, '0')}fake`;
        subaccounts.push({
          code,
          business_name: String(body.business_name),
          settlement_bank: String(body.settlement_bank),
          account_number: String(body.account_number),
          percentage_charge: Number(body.percentage_charge),
        });
        return send(res, 201, { status: true, message: 'Subaccount created', data: { subaccount_code: code, business_name: body.business_name, percentage_charge: body.percentage_charge, active: true } });
      }
      if (req.method === 'POST' && url.pathname === '/refund') {
        const t = transactions.get(String(body.transaction ?? ''));
        if (!t || t.status !== 'success') return send(res, 400, { status: false, message: 'Transaction has not been paid or was already refunded' });
        refunds.push(t.reference);
        return send(res, 200, {
          status: true,
          message: 'Refund has been queued for processing',
          data: { transaction: { reference: t.reference, amount: t.paidAmount }, amount: t.paidAmount, currency: t.paidCurrency, status: 'pending' },
        });
      }
      return send(res, 404, { status: false, message: 'Not found' });
    })().catch(() => send(res, 500, { status: false, message: 'fake failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;

  const need = (reference: string) => {
    const t = transactions.get(reference);
    if (!t) throw new Error(`no fake transaction ${reference}`);
    return t;
  };
  const sign = (body: string) => createHmac('sha512', secretKey).update(body).digest('hex');

  const fake: PaystackFake = {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    transactions,
    subaccounts,
    refunds,
    calls,
    down: false,
    pay(reference, o = {}) {
      const t = need(reference);
      t.status = 'success';
      t.paidAmount = o.amount ?? t.amount;
      t.paidCurrency = o.currency ?? t.currency;
      return t;
    },
    decline(reference) {
      const t = need(reference);
      t.status = 'failed';
      return t;
    },
    chargeSuccessEvent(reference) {
      return JSON.stringify({ event: 'charge.success', data: transactionData(need(reference)) });
    },
    refundProcessedEvent(reference) {
      const t = need(reference);
      t.status = 'reversed';
      return JSON.stringify({
        event: 'refund.processed',
        data: { status: 'processed', transaction_reference: reference, refund_reference: `rf_${reference}`, amount: t.paidAmount, currency: t.paidCurrency },
      });
    },
    sign,
    async postWebhook(url, body, signature) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const sig = signature === undefined ? sign(body) : signature;
      if (sig !== null) headers['x-paystack-signature'] = sig;
      return fetch(url, { method: 'POST', headers, body });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
