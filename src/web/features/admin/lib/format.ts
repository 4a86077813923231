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
