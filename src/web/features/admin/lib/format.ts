/** How the admin panel writes counts (money and dates: src/shared/format.ts and src/shared/rules/date-format.ts). */
const whole = new Intl.NumberFormat('en-US');

/** 1234 → '1,234'. */
export function formatCount(n: number): string {
  return whole.format(n);
}

const tenths = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The engagement figure (likes ÷ users × 100, already rounded to one decimal): 150 → '150.0', a count per 100 people, not a percent. */
export function formatPer100(n: number): string {
  return tenths.format(n);
}
