/**
 * Selling under load (issue 25): one paid checkout whose confirmation arrives 50 times at once,
 * on both instances (buyers pressing Back, a provider retrying its webhook), records one payment,
 * one sale notification and one receipt.
 */
import { dbQuery } from './db.ts';
import { createAgent, type Outcome, request } from './http.ts';
import type { Instance } from './instances.ts';
import type { Person } from './people.ts';

const CONFIRMATIONS = 50;

interface Result {
  name: string;
  ok: boolean;
  detail: string;
}

export async function oneReferenceManyConfirmations(o: { db: string; instances: Instance[]; maker: Person; buyer: Person }): Promise<Result[]> {
  const { db, instances, maker, buyer } = o;
  const agent = createAgent();
  const call = (inst: Instance, person: Person | null, method: string, path: string, body?: unknown): Promise<Outcome> =>
    request(agent, inst.url, {
      method,
      path,
      headers: {
        accept: 'application/json',
        ...(person ? { cookie: person.cookie, 'x-forwarded-for': person.ip } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { origin: inst.origin }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: 20_000,
    });
  const [A] = instances;
  const itemId = maker.ownItems[0]!;
  await dbQuery(db, `update ideas set price = 12500, currency = 'NGN' where id = $1`, [itemId]);

  // The maker sets up payouts on the built-in provider, the buyer starts checkout.
  const banks = JSON.parse((await call(A!, maker, 'GET', '/api/payouts/banks')).body) as { items: { code: string }[] };
  const payout = await call(A!, maker, 'PUT', '/api/me/payout-account', { bankCode: banks.items[0]!.code, accountNumber: '0123456789' });
  const started = await call(A!, buyer, 'POST', `/api/ideas/${itemId}/checkout`);
  if (payout.status !== 200 || started.status !== 201) {
    return [{ name: 'payments: checkout starts', ok: false, detail: `payout account ${payout.status} ${payout.body.slice(0, 200)}; checkout ${started.status} ${started.body.slice(0, 200)}` }];
  }
  const { reference } = JSON.parse(started.body) as { reference: string };

  // The buyer pays on the provider's side (the test provider keeps its own state in its table); then every confirmation arrives at once.
  await dbQuery(db, `update test_checkouts set status = 'success' where reference = $1`, [reference]);
  const path = `/api/payments/return?trxref=${encodeURIComponent(reference)}&reference=${encodeURIComponent(reference)}`;
  const answers = await Promise.all(Array.from({ length: CONFIRMATIONS }, (_, i) => call(instances[i % instances.length]!, null, 'GET', path)));
  const statuses = new Map<string, number>();
  for (const a of answers) statuses.set(String(a.status || a.error), (statuses.get(String(a.status || a.error)) ?? 0) + 1);

  const [counts] = await dbQuery<{ payments: number; successes: number; sales: number; receipts: number }>(
    db,
    `select (select count(*)::int from payments where reference = $1) as payments,
            (select count(*)::int from payments where reference = $1 and status = 'success') as successes,
            (select count(*)::int from notifications where kind = 'sale' and user_id = $2 and idea_id = $3) as sales,
            (select count(*)::int from mail_outbox where user_id = $4 and link like '%' || $3 || '%') as receipts`,
    [reference, maker.id, itemId, buyer.id],
  );
  const details = JSON.parse((await call(A!, buyer, 'GET', `/api/ideas/${itemId}`)).body) as { fullAccess?: boolean };
  agent.destroy();
  return [
    {
      name: `payments: ${CONFIRMATIONS} concurrent confirmations of one reference are all answered with the item`,
      ok: answers.every((a) => a.status === 303),
      detail: [...statuses].map(([k, v]) => `${v} × ${k}`).join(', '),
    },
    {
      name: 'payments: they record one successful payment, one sale notification and at most one receipt',
      ok: counts!.payments === 1 && counts!.successes === 1 && counts!.sales === 1 && counts!.receipts <= 1,
      detail: `${counts!.payments} payment rows (${counts!.successes} success), ${counts!.sales} sale notifications, ${counts!.receipts} receipt mails`,
    },
    { name: 'payments: the buyer reads the item in full', ok: details.fullAccess === true, detail: `fullAccess ${String(details.fullAccess)}` },
  ];
}
