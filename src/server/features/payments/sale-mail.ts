/**
 * What a sale tells people, written in the confirmation's transaction (notify(): each under the
 * person's notification settings, the admin's email switch too): the maker's notification and
 * email '{name} bought {title}', and the buyer's receipt (by email; not in the app by default).
 */
import { eq } from 'drizzle-orm';
import { ideas } from '../../db/schema.ts';
import type { Tx } from '../../db/transaction.ts';
import { notify } from '../notifications/index.ts';

export interface Sale {
  paymentId: string;
  reference: string;
  buyerId: string | null;
  ideaId: string | null;
  amount: number;
  currency: string;
}

export async function afterSale(tx: Tx, sale: Sale): Promise<void> {
  if (!sale.buyerId || !sale.ideaId) return;
  const [item] = await tx.select({ ownerId: ideas.userId }).from(ideas).where(eq(ideas.id, sale.ideaId)).limit(1);
  if (!item) return;
  const facts = { ideaId: sale.ideaId, reference: sale.reference, amount: sale.amount, currency: sale.currency };
  await notify(tx, [
    { kind: 'sale', recipientId: item.ownerId, actorId: sale.buyerId, ...facts },
    { kind: 'purchase', recipientId: sale.buyerId, actorId: item.ownerId, ...facts },
  ]);
}
