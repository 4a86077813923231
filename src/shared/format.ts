import { CURRENCY_SYMBOLS, type Currency } from './constants.ts';

const formatters = new Map<string, Intl.NumberFormat>();

/** '₦250,000', '$89.99', '€35': the currency's symbol and a grouped amount (decimals only when present). */
export function formatPrice(amount: number, currency: Currency): string {
  const key = `${currency}:${Number.isInteger(amount)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, f);
  }
  return `${CURRENCY_SYMBOLS[currency]}${f.format(amount)}`;
}

/** The creator's name as shown everywhere: the profile's full name, or 'Anonymous'. */
export function creatorDisplayName(name: string | null | undefined): string {
  return name?.trim() ? name.trim() : 'Anonymous';
}
