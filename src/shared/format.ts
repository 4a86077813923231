import { CURRENCY_SYMBOLS, type Currency } from './constants.ts';

/**
 * '₦250,000', '$89.99', '€35': the currency's symbol and a grouped amount (decimals only when present).
 * Written out rather than with Intl.NumberFormat: the browser's first NumberFormat loads its locale
 * data, ~20 ms of the page's first render on a fast machine and four times that on a phone
 * (bench/RESULTS.md, 2025-11 Lighthouse). Amounts carry at most two decimals (numeric(14, 2)).
 */
export function formatPrice(amount: number, currency: Currency): string {
  const symbol = CURRENCY_SYMBOLS[currency];
  if (!Number.isFinite(amount) || Math.abs(amount) >= 1e15) return `${symbol}${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
  const cents = Math.round(Math.abs(amount) * 100);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amount < 0 && cents > 0 ? '-' : '';
  const fraction = Number.isInteger(amount) ? '' : `.${String(cents % 100).padStart(2, '0')}`;
  return `${symbol}${sign}${whole}${fraction}`;
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
