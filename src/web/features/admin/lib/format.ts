/** How the admin panel writes numbers, money and dates. */
import { CURRENCY_SYMBOLS, type Currency } from '@shared/constants';
import { formatDate } from '@shared/rules/date-format';
import { formatDistanceToNow } from 'date-fns';

const whole = new Intl.NumberFormat('en-US');
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 1234 → '1,234'. */
export function formatCount(n: number): string {
  return whole.format(n);
}

/** Revenue in Naira (SPEC §9): '₦2,000.50'. */
export function formatNaira(amount: number): string {
  return `${CURRENCY_SYMBOLS.NGN}${money.format(amount)}`;
}

/** An amount in its currency, symbol first: '₦1,500.50', '$89.99'. */
export function formatMoney(amount: number, currency: Currency): string {
  return `${CURRENCY_SYMBOLS[currency]}${money.format(amount)}`;
}

/** The Content table's Price: currency plus amount, 'NGN 250,000' or 'USD 89.99'. */
export function formatCurrencyAmount(amount: number, currency: Currency): string {
  return `${currency} ${plain.format(amount)}`;
}

/** 'about 2 hours ago'. */
export function relativeDate(iso: string): string {
  return formatDistanceToNow(new Date(iso), { addSuffix: true });
}

/** 'Nov 21, 2026'. */
export function shortDate(iso: string): string {
  return formatDate(new Date(iso));
}

/** Initials for an avatar: 'Ada Lovelace' → 'AL'; an email's first letter otherwise. */
export function initials(name: string | null, email: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0]![0]}${words.at(-1)![0]}`.toUpperCase();
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return (email?.[0] ?? '?').toUpperCase();
}
