/**
 * The text shared for an idea card (SPEC §2 Home 'Share text'): title, price with currency, creator
 * name or 'Anonymous', posted date as 'MMM d, yyyy', and a link, one per line:
 *
 *   Solar water pump
 *   Price: ₦250,000     ('Price: Free' for an item shared for free)
 *   By: Ada Obi
 *   Posted: Nov 21, 2026
 *   https://ideahub.example/ideas/42
 */
import type { Currency } from '../constants.ts';
import { creatorDisplayName, priceText } from '../format.ts';
import { formatDate, type DateFormatOptions } from './date-format.ts';

export interface ShareTextInput {
  title: string;
  /** A missing price reads as 0, as it is saved (§5 form hints). */
  price: number | null | undefined;
  currency: Currency;
  creatorName: string | null | undefined;
  /** A Date or an ISO string as the API sends it. */
  createdAt: Date | string;
  url: string;
}

export function shareText(input: ShareTextInput, options: DateFormatOptions = {}): string {
  const price = typeof input.price === 'number' && Number.isFinite(input.price) ? input.price : 0;
  const createdAt = typeof input.createdAt === 'string' ? new Date(input.createdAt) : input.createdAt;
  return [
    input.title.trim(),
    `Price: ${priceText(price, input.currency)}`,
    `By: ${creatorDisplayName(input.creatorName)}`,
    `Posted: ${formatDate(createdAt, options)}`,
    input.url,
  ].join('\n');
}
