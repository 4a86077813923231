import { type Category, CURRENCY_SYMBOLS, type Currency } from './constants.ts';

export interface PriceFormatOptions {
  /** 'always': two decimals even for a whole amount ('₦2,000.00', the admin panel's sums). Default: only when there are any. */
  cents?: 'always' | 'when-present';
  /** 'code': the currency's code before the amount ('NGN 250,000', the admin's Content table). Default: its symbol. */
  currencyAs?: 'symbol' | 'code';
}

/**
 * Money, everywhere (web, mails, feeds): '₦250,000', '$89.99', '€35', the currency's symbol and a
 * grouped amount (decimals only when present, unless `cents: 'always'`). Written out rather than with
 * Intl.NumberFormat: the browser's first NumberFormat loads its locale data, a long task on a phone
 * during the page's first render. Amounts carry at most two decimals (numeric(14, 2)).
 */
export function formatPrice(amount: number, currency: Currency, { cents = 'when-present', currencyAs = 'symbol' }: PriceFormatOptions = {}): string {
  const prefix = currencyAs === 'code' ? `${currency} ` : CURRENCY_SYMBOLS[currency];
  if (!Number.isFinite(amount) || Math.abs(amount) >= 1e15) {
    return `${prefix}${amount.toLocaleString('en-US', { minimumFractionDigits: cents === 'always' ? 2 : 0, maximumFractionDigits: 2 })}`;
  }
  const hundredths = Math.round(Math.abs(amount) * 100);
  const whole = String(Math.floor(hundredths / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amount < 0 && hundredths > 0 ? '-' : '';
  const fraction = cents === 'always' || !Number.isInteger(amount) ? `.${String(hundredths % 100).padStart(2, '0')}` : '';
  return `${prefix}${sign}${whole}${fraction}`;
}

const CATEGORY_LABELS: Readonly<Record<Category, string>> = { idea: 'Idea', product: 'Product' };

/** A category as every screen writes it: 'Idea', 'Product' (in the text itself, not by CSS, so readers and copies agree). */
export function categoryLabel(category: Category): string {
  return CATEGORY_LABELS[category];
}

/** Whether a price is nothing (to the cent: prices carry two decimals). */
export function isFree(amount: number): boolean {
  return Number.isFinite(amount) && Math.round(Math.abs(amount) * 100) === 0;
}

/** What a price reads as to people (issue 15 point 13): 'Free' for nothing, else formatPrice ('₦250,000'). */
export function priceText(amount: number, currency: Currency): string {
  return isFree(amount) ? 'Free' : formatPrice(amount, currency);
}

/** The creator's name as shown everywhere: the profile's full name, or 'Anonymous'. */
export function creatorDisplayName(name: string | null | undefined): string {
  return name?.trim() ? name.trim() : 'Anonymous';
}

/** A count with its noun in the right number: '1 day', '2 days', '0 messages' (`plural` for irregular nouns). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** Initials for an avatar: 'Ada Lovelace' → 'AL'; an email's first letter otherwise. */
export function initials(name: string | null, email: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0]![0]}${words.at(-1)![0]}`.toUpperCase();
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return (email?.[0] ?? '?').toUpperCase();
}
