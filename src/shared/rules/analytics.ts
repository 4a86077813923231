/**
 * Admin statistics formulas (SPEC §2 Admin Overview/Analytics/Financial, §9), over plain numbers:
 * the server counts with SQL aggregates and passes the counts in.
 *
 * - 'This month' is the last 30 days: [now − 30 days, now]; the previous window is days 31 to 60:
 *   [now − 60 days, now − 30 days). Days are 24-hour spans.
 * - Growth is a percentage of the previous window, 0 when that window is empty.
 * - Figures shown 'to one decimal' are rounded half away from zero to one decimal here.
 */
import { ANALYTICS_WINDOW_DAYS } from '../constants.ts';

const DAY_MS = 86_400_000;

/** Half away from zero to one decimal; never -0; NaN and infinities give 0. */
export function roundTo1(x: number): number {
  return roundTenths(x * 10);
}

/**
 * numerator / denominator × factor, rounded to one decimal with a single division, so exact
 * ratios such as 249 / 2000 × 100 = 12.45 round as written (12.5), not as 12.4499999….
 */
function ratioTo1(numerator: number, denominator: number, factor: number): number {
  return roundTenths((numerator * factor * 10) / denominator);
}

function roundTenths(tenths: number): number {
  if (!Number.isFinite(tenths)) return 0;
  const r = (Math.sign(tenths) * Math.round(Math.abs(tenths))) / 10;
  return r === 0 ? 0 : r;
}

function count(x: number): number {
  return Number.isFinite(x) && x > 0 ? x : 0;
}

/** (current − previous) / previous × 100, one decimal; 0 when the previous window is empty. */
export function growthPercent(current: number, previous: number): number {
  const prev = count(previous);
  if (prev === 0) return 0;
  return ratioTo1(count(current) - prev, prev, 100);
}

/** Total likes / total users × 100, one decimal; 0 with no users. */
export function engagementRate(totalLikes: number, totalUsers: number): number {
  const users = count(totalUsers);
  return users === 0 ? 0 : ratioTo1(count(totalLikes), users, 100);
}

/** Ideas (all items) per user, one decimal; 0 with no users. */
export function ideasPerUser(totalIdeas: number, totalUsers: number): number {
  const users = count(totalUsers);
  return users === 0 ? 0 : ratioTo1(count(totalIdeas), users, 1);
}

export interface CategorySplit {
  ideas: number;
  products: number;
}

/**
 * Ideas and products as percentages of all items, one decimal; both 0 when there are none.
 * They always sum to exactly 100 (products take the rest of the rounded ideas share).
 */
export function categorySplit(ideas: number, products: number): CategorySplit {
  const i = count(ideas);
  const total = i + count(products);
  if (total === 0) return { ideas: 0, products: 0 };
  const ideasTenths = Math.round((i * 1000) / total);
  return { ideas: ideasTenths / 10, products: (1000 - ideasTenths) / 10 };
}

/**
 * Revenue in Naira: the sum of successful payment amounts (minor units) / 100 (§9). Accepts what
 * a SQL SUM comes back as: a number, a bigint, a numeric string, or null over no rows (→ 0).
 */
export function revenueNaira(sumOfSuccessfulMinorUnits: number | bigint | string | null | undefined): number {
  if (sumOfSuccessfulMinorUnits === null || sumOfSuccessfulMinorUnits === undefined) return 0;
  const minor = Number(sumOfSuccessfulMinorUnits);
  return Number.isFinite(minor) ? minor / 100 : 0;
}

export interface AnalyticsWindows {
  /** now − 30 days: the current window is [currentStart, now]. */
  currentStart: Date;
  /** now − 60 days: the previous window is [previousStart, currentStart). */
  previousStart: Date;
  now: Date;
}

export function windows(now: Date, days: number = ANALYTICS_WINDOW_DAYS): AnalyticsWindows {
  const t = now.getTime();
  return {
    currentStart: new Date(t - days * DAY_MS),
    previousStart: new Date(t - 2 * days * DAY_MS),
    now: new Date(t),
  };
}

/**
 * A percentage to one decimal: '+12.5%', '-3.0%', '0.0%' (growth; signed by default, zero has no
 * sign). With { signed: false }: '12.5%' (rates, shares).
 */
export function formatPercent(x: number, options: { signed?: boolean } = {}): string {
  const r = roundTo1(x);
  const sign = (options.signed ?? true) && r > 0 ? '+' : '';
  return `${sign}${r.toFixed(1)}%`;
}

/** Average rating to one decimal, or null when there are no ratings ('No ratings'). */
export function averageRating(total: number, ratingCount: number): number | null {
  if (!Number.isFinite(ratingCount) || ratingCount <= 0 || !Number.isFinite(total)) return null;
  return ratioTo1(total, ratingCount, 1);
}
