/**
 * Business constants and limits (SPEC §9, plus the numeric limits of §5).
 * Shared by web and server, so this module stays pure data: no imports.
 */

/** Supported currencies, in display order (§9). */
export const CURRENCIES = ['NGN', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Default currency when none is given (§9). */
export const DEFAULT_CURRENCY: Currency = 'NGN';

/** Human-readable currency names (§9: NGN (Naira), USD (Dollar), EUR (Euro)). */
export const CURRENCY_NAMES: Readonly<Record<Currency, string>> = {
  NGN: 'Naira',
  USD: 'Dollar',
  EUR: 'Euro',
};

/** Currency symbols used when formatting prices. */
export const CURRENCY_SYMBOLS: Readonly<Record<Currency, string>> = {
  NGN: '₦',
  USD: '$',
  EUR: '€',
};

/** Exact, case-sensitive membership test (§5 accepts only NGN, USD, EUR). */
export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Item categories (§3); the default category is idea (§9). */
export const CATEGORIES = ['idea', 'product'] as const;
export type Category = (typeof CATEGORIES)[number];
export const DEFAULT_CATEGORY: Category = 'idea';

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

/** Rating 0.0 to 5.0, step 0.1 (§5 form hints, §9). */
export const RATING_MIN = 0;
export const RATING_MAX = 5;
export const RATING_STEP = 0.1;

/** Price minimum 0, step 0.01 (§5 form hints, §9). */
export const PRICE_MIN = 0;
export const PRICE_STEP = 0.01;
/** Not in the spec: prices above this are treated as typos/abuse and rejected with the price message. */
export const PRICE_MAX = 1e12;

/** Minimum cleaned lengths for idea content (§5, §9). */
export const TITLE_MIN_LENGTH = 5;
export const DESCRIPTION_MIN_LENGTH = 15;

/** Profile full name minimum length (§5 'Profile save'). */
export const PROFILE_NAME_MIN_LENGTH = 2;

/** Per-user submission cooldowns (§9): idea 72 h, product 24 h. */
export const IDEA_COOLDOWN_MS = 259_200_000;
export const PRODUCT_COOLDOWN_MS = 86_400_000;

/**
 * Premium access: a user is premium with MORE than this many own items (§9).
 * The admin-settings default of 3 is a separate, display-only value.
 */
export const PREMIUM_THRESHOLD = 20;

/** Status dialog re-check interval: 30 minutes (§9). */
export const STATUS_DIALOG_INTERVAL_MS = 1_800_000;

/** Image upload limit: 5 MB (§5 image upload, §9). */
export const IMAGE_UPLOAD_MAX_BYTES = 5_242_880;

/** Description truncation for non-premium viewers on the page (§9). */
export const DESCRIPTION_PREVIEW_LENGTH = 100;

/** Description truncation in the meta description tag (§9). */
export const META_DESCRIPTION_LENGTH = 150;

/** Number of loading placeholders on the home grid (§9). */
export const HOME_SKELETON_COUNT = 8;

/** Upper bound on a discussion message, to keep stored rows bounded. */
export const DISCUSSION_MESSAGE_MAX_LENGTH = 2000;

/** Analytics 'this month' / recent window in days (§9). */
export const ANALYTICS_WINDOW_DAYS = 30;

/** The three roles (SPEC §3 user_roles): one per person. */
export const ROLES = ['admin', 'moderator', 'user'] as const;
export type RoleName = (typeof ROLES)[number];
export function isRole(value: unknown): value is RoleName {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * The 503 body code while maintenance mode is on. Lives here, not in schemas/settings, so the web's
 * maintenance check (on every page) does not pull zod into the home route's initial bundle.
 */
export const MAINTENANCE_ERROR_CODE = 'maintenance';

/**
 * The id of the JSON data block every page from the server carries (web: app/page-state.ts): who
 * the page was drawn for, the answers it was drawn from (TanStack Query's dehydrated cache) and its
 * assets, so the browser's first render is exactly the server's and asks nothing again.
 */
export const PAGE_STATE_ELEMENT_ID = 'ideahub-state';

/** Items per page of home's list. */
export const IDEAS_PAGE_SIZE = 20;

export type BrowseCategory = 'all' | 'idea' | 'product';

/** Home's category tab from its address (`?category=`): anything unknown is 'all'. */
export function browseCategoryOf(value: string | null): BrowseCategory {
  return value === 'idea' || value === 'product' ? value : 'all';
}

/**
 * Home's address state (docs/product-readings.md): the tab, the search, the sort and Top's window, the price
 * filters. Values are kept as written in the address (the API judges them: a bad one is its 400,
 * shown calmly on the page), only empty ones are dropped.
 */
export interface HomeFilter {
  category: BrowseCategory;
  q?: string;
  sort?: string;
  window?: string;
  minPrice?: string;
  maxPrice?: string;
  currency?: string;
  /** 'following': the signed-in person's Following feed (issue 28). */
  feed?: string;
  /** A topic's slug (issue 27): its page, /topics/{slug}, or home's `?topic=`. */
  topic?: string;
}

/** The address parameters of HomeFilter besides the tab, in the order addresses write them. */
export const HOME_FILTER_PARAMS = ['q', 'sort', 'window', 'minPrice', 'maxPrice', 'currency', 'feed'] as const;
/** The price filters ('Clear filters' drops them). */
export const PRICE_FILTER_PARAMS = ['minPrice', 'maxPrice', 'currency'] as const;

export function homeFilterOf(params: URLSearchParams): HomeFilter {
  const filter: HomeFilter = { category: browseCategoryOf(params.get('category')) };
  for (const name of HOME_FILTER_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) filter[name] = value;
  }
  const topic = params.get('topic')?.trim();
  if (topic) filter.topic = topic;
  return filter;
}

/** The query string of a filter ('all', and the defaults newest and week, left out), without '?'. */
function filterQuery(filter: HomeFilter): URLSearchParams {
  const p = new URLSearchParams();
  if (filter.category !== 'all') p.set('category', filter.category);
  for (const name of HOME_FILTER_PARAMS) {
    const value = filter[name];
    if (!value) continue;
    if (name === 'sort' && value === 'newest') continue;
    if (name === 'window' && (filter.sort !== 'top' || value === 'week')) continue;
    p.set(name, value);
  }
  return p;
}

/** Home's address for a filter: `/?category=idea&sort=top&window=month` ('/' for everything at its default). */
export function homeHref(filter: HomeFilter): string {
  const p = filterQuery(filter);
  const base = filter.topic ? topicHref(filter.topic) : '/';
  return p.size ? `${base}?${p.toString()}` : base;
}

/** A topic's page: home's browser narrowed to it. */
export const topicHref = (slug: string) => `/topics/${encodeURIComponent(slug)}`;

/**
 * The request for the first page of home's list for a filter, as the app sends it
 * (features/ideas/api/list-ideas.ts) and as the server asks it for a visitor's home page.
 */
export function homeListRequest(filter: HomeFilter): string {
  const p = filterQuery(filter);
  p.set('category', filter.category);
  if (filter.topic) p.set('topic', filter.topic);
  p.set('limit', String(IDEAS_PAGE_SIZE));
  return `/api/ideas?${p.toString()}`;
}

/** How many items 'Today's top' ranks (issue 27). */
export const TODAYS_TOP_COUNT = 5;

/** 'Today's top' of a tab (and topic): the items shared in the last 24 hours, most liked first (ties: newest). */
export function todaysTopRequest(filter: Pick<HomeFilter, 'category' | 'topic'>): string {
  const p = new URLSearchParams({ category: filter.category, sort: 'top', window: 'day', limit: String(TODAYS_TOP_COUNT) });
  if (filter.topic) p.set('topic', filter.topic);
  return `/api/ideas?${p.toString()}`;
}

/** Whether 'Today's top' shows: while browsing, not over a search's, a price filter's or a feed's results, nor on Top · Today itself. */
export function showsTodaysTop(filter: HomeFilter): boolean {
  const priced = PRICE_FILTER_PARAMS.some((p) => filter[p] !== undefined);
  return !filter.q && !filter.feed && !priced && !(filter.sort === 'top' && filter.window === 'day');
}

/** SPEC §8: a visitor's like ('Like failed' for a visitor); the API's 401 and the screen's invitation say it. */
export const LIKE_SIGN_IN_REQUIRED = 'Must be logged in to like ideas';

/** The newsletter's words (issue 15 point 4), here so the footer on every page has them without zod. */
export const NEWSLETTER_MESSAGES = {
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  /** What Subscribe answers, whether the address is new, waiting or already confirmed (nobody learns which). */
  checkInbox: 'Check your inbox: we sent you a link to confirm your subscription.',
  /** The admin's 'Marketing emails' switch is off: nothing is stored, and it says so. */
  paused: 'Our newsletter is paused at the moment, so we are not taking sign-ups. Please try again later.',
  linkInvalid: 'This newsletter link is not valid or has expired.',
} as const;

/**
 * The footer's form as a plain form post (issue 27 point 5: pressed before the page's code took
 * over, or without it): the server subscribes and sends the person back to their page with
 * `?newsletter=<outcome>#newsletter`, which the form reads.
 */
export const NEWSLETTER_FORM_PATH = '/api/newsletter/form';
export const NEWSLETTER_OUTCOME_PARAM = 'newsletter';
export const NEWSLETTER_OUTCOMES = {
  sent: NEWSLETTER_MESSAGES.checkInbox,
  email_required: NEWSLETTER_MESSAGES.emailRequired,
  email_invalid: NEWSLETTER_MESSAGES.emailInvalid,
  paused: NEWSLETTER_MESSAGES.paused,
  too_many_requests: 'Too many requests. Please wait a few minutes and try again.',
  failed: 'Something went wrong. Please try again.',
} as const;
export type NewsletterOutcome = keyof typeof NEWSLETTER_OUTCOMES;

/** Following (issue 28): the words and the address parameter the screens share with the API, kept out of the zod schemas so home's bundle stays small. */
export const FOLLOW_SIGN_IN_REQUIRED = 'Must be logged in to follow makers';
export const FOLLOW_TOPIC_SIGN_IN_REQUIRED = 'Must be logged in to follow topics';
export const FOLLOWING_FEED_SIGN_IN_REQUIRED = 'Sign in to see items from the makers you follow.';
/** The address parameter a maker's page reads after sign-in to finish a visitor's Follow. */
export const FOLLOW_INTENT_PARAM = 'follow';
