/**
 * Submission eligibility (SPEC §4 'Submission eligibility', §5 'Submit rules', §9 cooldowns).
 *
 * One idea per 72 hours and one product per 24 hours per person, unless the admin settings
 * (ideaSubmissionLimit / productSubmissionLimit, in hours) say otherwise. The create page uses
 * these functions to dim cards and word its dialogs; the server uses the same ones to re-check on
 * submit and word its refusal, so both always agree on the numbers.
 *
 * Readings where the spec leaves room:
 * - A category is locked while latest + cooldown > now; at exactly the cooldown it is open.
 * - A latest date in the future (clock skew between machines) counts as 'just now': the lock
 *   never lasts longer than one cooldown from `now`.
 * - Remaining time is rounded UP to whole hours (never claim less waiting than there is), then
 *   split into days and hours for ideas: 71 h 59 min → '3 days, 0 hours'; 1 min → '0 days, 1 hours'.
 * - 'days' and 'hours' agree with their numbers ('1 day, 1 hour', '0 days, 2 hours'): the spec's
 *   'N days, M hours' read aloud (issue 15 point 13); the server's message uses the same.
 */
import { IDEA_COOLDOWN_MS, PRODUCT_COOLDOWN_MS, type Category } from '../constants.ts';
import { categoryLabel, countOf } from '../format.ts';
import { formatDateTime, type DateFormatOptions } from './date-format.ts';

export const HOUR_MS = 3_600_000;

/** Default cooldowns in hours (§9; the admin settings defaults agree). */
export const IDEA_COOLDOWN_HOURS = IDEA_COOLDOWN_MS / HOUR_MS;
export const PRODUCT_COOLDOWN_HOURS = PRODUCT_COOLDOWN_MS / HOUR_MS;

/** The two admin settings (hours) that change the cooldowns; the rest of the settings is ignored. */
export interface SubmissionLimitSettings {
  ideaSubmissionLimit?: number;
  productSubmissionLimit?: number;
}

export interface CategoryLock {
  locked: boolean;
  /** When the category opens again; null when open. */
  until: Date | null;
  /** Milliseconds until it opens; 0 when open. */
  remainingMs: number;
}

export interface Eligibility {
  idea: CategoryLock;
  product: CategoryLock;
  bothLocked: boolean;
  /** The only open category when exactly one is open; otherwise null. */
  preselect: Category | null;
}

export interface EligibilityInput {
  latestIdeaAt: Date | null;
  latestProductAt: Date | null;
  now: Date;
  /** Default 72. */
  ideaCooldownHours?: number;
  /** Default 24. */
  productCooldownHours?: number;
}

function defaultHours(category: Category): number {
  return category === 'idea' ? IDEA_COOLDOWN_HOURS : PRODUCT_COOLDOWN_HOURS;
}

/** A usable number of hours: finite and not negative; anything else falls back to the default. */
function sanitizeHours(hours: number | undefined, category: Category): number {
  return typeof hours === 'number' && Number.isFinite(hours) && hours >= 0 ? hours : defaultHours(category);
}

/** The cooldown in hours for a category, from the admin settings when given (defaults 72 and 24). */
export function cooldownHours(category: Category, settings: SubmissionLimitSettings = {}): number {
  return sanitizeHours(category === 'idea' ? settings.ideaSubmissionLimit : settings.productSubmissionLimit, category);
}

/** The cooldown in milliseconds for a category, from the admin settings when given. */
export function cooldownMs(category: Category, settings: SubmissionLimitSettings = {}): number {
  return cooldownHours(category, settings) * HOUR_MS;
}

function open(): CategoryLock {
  return { locked: false, until: null, remainingMs: 0 };
}

function categoryLock(latest: Date | null, now: Date, windowMs: number): CategoryLock {
  // An unreadable date is treated like no submission at all (the server re-checks anyway).
  if (latest === null || Number.isNaN(latest.getTime())) return open();
  const nowMs = now.getTime();
  // Clock skew: a latest date after `now` counts as now, so the lock is at most one cooldown.
  const since = Math.min(latest.getTime(), nowMs);
  const remainingMs = since + windowMs - nowMs;
  if (remainingMs <= 0) return open();
  return { locked: true, until: new Date(nowMs + remainingMs), remainingMs };
}

/** Which categories the person may submit now, given the creation dates of their latest items. */
export function computeEligibility(input: EligibilityInput): Eligibility {
  const idea = categoryLock(input.latestIdeaAt, input.now, sanitizeHours(input.ideaCooldownHours, 'idea') * HOUR_MS);
  const product = categoryLock(
    input.latestProductAt,
    input.now,
    sanitizeHours(input.productCooldownHours, 'product') * HOUR_MS,
  );
  let preselect: Category | null = null;
  if (idea.locked && !product.locked) preselect = 'product';
  else if (!idea.locked && product.locked) preselect = 'idea';
  return { idea, product, bothLocked: idea.locked && product.locked, preselect };
}

/** Remaining time as whole hours, rounded up; 0 for anything not positive. */
export function remainingHours(ms: number): number {
  return Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / HOUR_MS) : 0;
}

/**
 * The waiting time as the spec words it, without the word 'remaining': ideas 'N days, M hours'
 * ('3 days, 0 hours'), products 'N hours' ('23 hours'), each noun in the number it counts
 * ('1 day, 1 hour', '1 hour': issue 15 point 13).
 */
export function formatRemaining(ms: number, category: Category): string {
  const hours = remainingHours(ms);
  if (category === 'product') return countOf(hours, 'hour');
  return `${countOf(Math.floor(hours / 24), 'day')}, ${countOf(hours % 24, 'hour')}`;
}


/**
 * The locked card's text (§4): 'Idea submission locked until Nov 24, 2026, 9:05 AM (2 days, 23 hours
 * remaining).' or 'Product submission locked until Nov 22, 2026, 9:05 AM (23 hours remaining).'
 */
export function lockMessage(category: Category, until: Date, remainingMs: number, options: DateFormatOptions = {}): string {
  return `${categoryLabel(category)} submission locked until ${formatDateTime(until, options)} (${formatRemaining(remainingMs, category)} remaining).`;
}

/** lockMessage for a lock from computeEligibility; null when that category is open. */
export function lockMessageFor(category: Category, lock: CategoryLock, options: DateFormatOptions = {}): string | null {
  return lock.locked && lock.until ? lockMessage(category, lock.until, lock.remainingMs, options) : null;
}

/**
 * The server's refusal on create (§5): 'You can only submit one idea every 72 hours. Please wait
 * 2 days, 23 hours.' / 'You can only submit one product every 24 hours. Please wait 5 hours.'
 */
export function cooldownMessage(category: Category, remainingMs: number, hours: number = defaultHours(category)): string {
  return `You can only submit one ${category} every ${countOf(sanitizeHours(hours, category), 'hour')}. Please wait ${formatRemaining(remainingMs, category)}.`;
}

/** Text of a dialog: a title and its lines (paragraphs), in order. */
export interface DialogText {
  /** ready: both open; partial: exactly one locked; exhausted: both locked. */
  state: 'ready' | 'partial' | 'exhausted';
  title: string;
  lines: string[];
}

export const ELIGIBILITY_TEXT = {
  readyTitle: 'Ready to Share',
  partialTitle: 'Submission Status',
  exhaustedTitle: 'Submission Limit Reached',
  ready: 'You can now share an idea and a product.',
  alternativelyIdea: 'Alternatively, you can share an idea.',
  alternativelyProduct: 'Alternatively, you can share a product.',
  exhausted: 'You have exhausted your limits for sharing an idea and a product.',
} as const;

function stateOf(e: Eligibility): DialogText['state'] {
  if (e.idea.locked && e.product.locked) return 'exhausted';
  return e.idea.locked || e.product.locked ? 'partial' : 'ready';
}

/** The create page's eligibility dialog (§4). */
export function eligibilitySummary(e: Eligibility, options: DateFormatOptions = {}): DialogText {
  const ideaLock = lockMessageFor('idea', e.idea, options);
  const productLock = lockMessageFor('product', e.product, options);
  const state = stateOf(e);
  if (state === 'ready') return { state, title: ELIGIBILITY_TEXT.readyTitle, lines: [ELIGIBILITY_TEXT.ready] };
  if (state === 'exhausted') {
    return {
      state,
      title: ELIGIBILITY_TEXT.exhaustedTitle,
      lines: [ELIGIBILITY_TEXT.exhausted, ideaLock ?? '', productLock ?? ''],
    };
  }
  return {
    state,
    title: ELIGIBILITY_TEXT.partialTitle,
    lines: ideaLock
      ? [ideaLock, ELIGIBILITY_TEXT.alternativelyProduct]
      : [productLock ?? '', ELIGIBILITY_TEXT.alternativelyIdea],
  };
}

export const STATUS_DIALOG_TEXT = {
  title: 'Your Submission Status',
  ready: "You're ready to share a new idea or product with the community!",
  exhausted: "You've reached the limit for sharing ideas and products.",
} as const;

const ARTICLE: Readonly<Record<Category, string>> = { idea: 'an idea', product: 'a product' };

function nextAllowed(category: Category, lock: CategoryLock, options: DateFormatOptions): string {
  const when = lock.until ? formatDateTime(lock.until, options) : '';
  return `You can share another ${category} on ${when} (${formatRemaining(lock.remainingMs, category)} remaining).`;
}

/**
 * The home page's 'Your Submission Status' dialog (§4). Lines, in order:
 * - ready: "You're ready to share a new idea or product with the community!"
 * - one locked: 'You shared an idea recently.', 'You can share another idea on {date} ({N days,
 *   M hours} remaining).', 'You can still share a product now.' (and the same with the kinds swapped)
 * - both locked: "You've reached the limit for sharing ideas and products.", then the
 *   'You can share another …' line for the idea and for the product.
 */
export function statusDialogMessage(e: Eligibility, options: DateFormatOptions = {}): DialogText {
  const state = stateOf(e);
  const title = STATUS_DIALOG_TEXT.title;
  if (state === 'ready') return { state, title, lines: [STATUS_DIALOG_TEXT.ready] };
  if (state === 'exhausted') {
    return {
      state,
      title,
      lines: [STATUS_DIALOG_TEXT.exhausted, nextAllowed('idea', e.idea, options), nextAllowed('product', e.product, options)],
    };
  }
  const locked: Category = e.idea.locked ? 'idea' : 'product';
  const open: Category = locked === 'idea' ? 'product' : 'idea';
  return {
    state,
    title,
    lines: [
      `You shared ${ARTICLE[locked]} recently.`,
      nextAllowed(locked, e[locked], options),
      `You can still share ${ARTICLE[open]} now.`,
    ],
  };
}
