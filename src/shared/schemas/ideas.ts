import { z } from 'zod';
import { CATEGORIES, CURRENCIES } from '../constants.ts';
import { TOPIC_SLUG_MAX_LENGTH, topicRefSchema } from './topics.ts';

export const categorySchema = z.enum(CATEGORIES);
export const currencySchema = z.enum(CURRENCIES);
export const categoryFilterSchema = z.enum(['all', ...CATEGORIES]);

/** Server-bounded page size for every list. */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 50;
export const SEARCH_MAX_LENGTH = 200;

/** Home's sorts and Top's windows (issue 16), as the address spells them. */
export const IDEA_SORTS = ['newest', 'trending', 'top'] as const;
export const TOP_WINDOWS = ['day', 'week', 'month', 'all'] as const;
/** Home's feeds besides everyone's (issue 28). */
export const IDEA_FEEDS = ['following'] as const;
export type TopWindow = (typeof TOP_WINDOWS)[number];
/** The highest price an item can have (numeric(14, 2)). */
export const PRICE_MAX = 999_999_999_999.99;

export const PRICE_FILTER_MESSAGES = {
  minPrice: 'Minimum price must be a number, 0 or more.',
  maxPrice: 'Maximum price must be a number, 0 or more.',
  order: 'Minimum price cannot be more than the maximum price.',
  currency: 'Currency must be one of NGN, USD, or EUR.',
} as const;

/** An empty form field (`?minPrice=`) is no filter at all. */
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);
const priceBound = (message: string) =>
  z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: message })
      .refine((n) => Number.isFinite(n) && n >= 0 && n <= PRICE_MAX, { error: message })
      .optional(),
  );

/** The list's parameters before the checks across them (other lists pick their cursor and limit from it). */
export const ideaListParamsSchema = z
  .object({
    category: categoryFilterSchema.default('all'),
    q: z
      .string()
      .max(SEARCH_MAX_LENGTH, `Search text must be at most ${SEARCH_MAX_LENGTH} characters.`)
      .transform((v) => v.trim())
      .optional(),
    sort: z.enum(IDEA_SORTS, { error: 'sort must be one of newest, trending or top.' }).default('newest'),
    /** 'following' (signed-in people, issue 28): items of the makers they follow, newest first; search and the sort do not apply. */
    feed: z.preprocess(blankIsAbsent, z.enum(IDEA_FEEDS, { error: 'feed must be following.' }).optional()).optional(),
    /** Top's window (ignored by the other sorts). */
    window: z.enum(TOP_WINDOWS, { error: 'window must be one of day, week, month or all.' }).default('week'),
    /** A topic's slug (issue 27): only items carrying it; an unknown topic is a 404. */
    topic: z.preprocess(blankIsAbsent, z.string().max(TOPIC_SLUG_MAX_LENGTH, 'topic must be a topic\'s address.').optional()).optional(),
    minPrice: priceBound(PRICE_FILTER_MESSAGES.minPrice),
    maxPrice: priceBound(PRICE_FILTER_MESSAGES.maxPrice),
    currency: z.preprocess(blankIsAbsent, z.enum(CURRENCIES, { error: PRICE_FILTER_MESSAGES.currency }).optional()).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce
      .number()
      .int('limit must be a whole number.')
      .min(1, 'limit must be at least 1.')
      .max(PAGE_SIZE_MAX, `limit must be at most ${PAGE_SIZE_MAX}.`)
      .default(PAGE_SIZE_DEFAULT),
  });

export const ideaListQuerySchema = ideaListParamsSchema.superRefine((v, ctx) => {
    if (v.minPrice !== undefined && v.maxPrice !== undefined && v.minPrice > v.maxPrice) {
      ctx.addIssue({ code: 'custom', path: ['minPrice'], message: PRICE_FILTER_MESSAGES.order });
    }
    // Without a currency ('Any currency'), a range bounds each item's own amount in its own currency.
  });
export type IdeaListQuery = z.infer<typeof ideaListQuerySchema>;

export const creatorSchema = z.object({
  /** The creator's user id: their maker page is /makers/{id}. */
  id: z.string(),
  /** Profile full_name; the screen shows 'Anonymous' when null. */
  name: z.string().nullable(),
  /** Their profile photo's avatar (a small square image); null: the screen shows initials. */
  avatarUrl: z.string().nullable(),
  /** Profile contact_info; only sent to signed-in viewers (visitors get null). */
  contactInfo: z.string().nullable(),
});

/** What a card shows. The description is only ever an excerpt here. */
export const ideaCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  excerpt: z.string(),
  price: z.number(),
  currency: currencySchema,
  category: categorySchema,
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  rating: z.number().nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  ratingAverage: z.number().nullable(),
  ratingCount: z.number().int(),
  createdAt: z.iso.datetime(),
  creator: creatorSchema,
  /** Its topics (up to 3), in the order its author chose them. */
  topics: z.array(topicRefSchema),
  /** The viewer's own state (`own`: they created it, so the card offers no Contact); absent for visitors. */
  viewer: z.object({ saved: z.boolean(), liked: z.boolean(), own: z.boolean() }).optional(),
});
export type IdeaCard = z.infer<typeof ideaCardSchema>;

export const ideaListResponseSchema = z.object({
  items: z.array(ideaCardSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type IdeaListResponse = z.infer<typeof ideaListResponseSchema>;

/** One picture of an item's gallery: the image and its card-size thumbnail. */
export const galleryImageSchema = z.object({ url: z.string(), thumbnailUrl: z.string() });
export type GalleryImage = z.infer<typeof galleryImageSchema>;

/** The details page. `description` is cut to 100 characters unless the viewer is entitled (premium, owner, admin). */
export const ideaDetailSchema = ideaCardSchema.omit({ excerpt: true }).extend({
  description: z.string(),
  descriptionTruncated: z.boolean(),
  projectDetails: z.string().nullable(),
  /** The gallery, cover first (the cover is `imageUrl`); empty when the item has no picture. */
  images: z.array(galleryImageSchema),
  /** The item's 'Website' (public https), shown as 'Visit'; null for none. */
  websiteUrl: z.string().nullable(),
  /** Whether the viewer sees the full description and the discussion. */
  fullAccess: z.boolean(),
  isOwner: z.boolean(),
  /** Items the viewer has shared (for the 'Reach 20' unlock dialog); null for visitors. */
  viewerItemCount: z.number().int().nullable(),
  premiumThreshold: z.number().int(),
  /** The signed-in viewer's own state, with their stars (1 to 5, null when not rated); absent for visitors. */
  viewer: z.object({ saved: z.boolean(), liked: z.boolean(), rating: z.number().int().nullable() }).optional(),
});
export type IdeaDetail = z.infer<typeof ideaDetailSchema>;

// ── Sharing and managing items (the Ideas issue) ───────────────────────────────────────────
// The server runs the shared content validator (src/shared/validation/idea-content.ts) on these
// raw values and answers 422 { error: { code: 'validation_failed', message, fields } } with the
// spec's messages per field; the schemas below only bound sizes and types.

export const PROJECT_DETAILS_MAX_LENGTH = 5000;
export const TITLE_MAX_LENGTH = 150;
export const DESCRIPTION_MAX_LENGTH = 5000;
export const IMAGE_URL_MAX_LENGTH = 2048;
/** A gallery holds the cover and up to five more pictures (issue 27). */
export const GALLERY_MAX_IMAGES = 6;
export const GALLERY_TOO_MANY_MESSAGE = `An item can have at most ${GALLERY_MAX_IMAGES} images.`;

const rawNumber = z.union([z.number(), z.string().max(40), z.null()]).optional();

/** POST /api/ideas (share) body. */
export const ideaCreateSchema = z.object({
  category: categorySchema,
  title: z.string().max(TITLE_MAX_LENGTH * 4),
  description: z.string().max(DESCRIPTION_MAX_LENGTH * 2),
  price: rawNumber,
  currency: z.string().max(10).optional(),
  /** Our upload URL (/storage/idea-images/...) or a pasted http(s) URL; null or absent for none. */
  imageUrl: z.string().max(IMAGE_URL_MAX_LENGTH).nullable().optional(),
  /**
   * The whole gallery in order, cover first (each an upload of ours or a pasted https address);
   * when sent it replaces `imageUrl` and the gallery; absent: the gallery stays as it is.
   */
  images: z.array(z.string().max(IMAGE_URL_MAX_LENGTH)).max(GALLERY_MAX_IMAGES, GALLERY_TOO_MANY_MESSAGE).optional(),
  /** The item's 'Website': a public https address; empty or null for none. */
  websiteUrl: z.string().max(IMAGE_URL_MAX_LENGTH * 2).nullable().optional(),
  projectDetails: z.string().max(PROJECT_DETAILS_MAX_LENGTH).nullable().optional(),
  rating: rawNumber,
  /** Up to 3 topics' slugs (the server refuses more, or one that is not on the list). */
  topics: z.array(z.string().max(100)).max(20).optional(),
});
export type IdeaCreateInput = z.infer<typeof ideaCreateSchema>;

/** PATCH /api/ideas/{id} (edit) body: the fields of the Edit Idea dialog. Owner or admin only. */
export const ideaUpdateSchema = ideaCreateSchema.omit({ projectDetails: true }).partial();
export type IdeaUpdateInput = z.infer<typeof ideaUpdateSchema>;

/** An item as its owner manages it (dashboard, edit dialog): full texts included. */
export const ownIdeaSchema = ideaCardSchema.extend({
  description: z.string(),
  projectDetails: z.string().nullable(),
  images: z.array(galleryImageSchema),
  websiteUrl: z.string().nullable(),
});
export type OwnIdea = z.infer<typeof ownIdeaSchema>;

/** GET /api/me/ideas (newest first, keyset paged like /api/ideas). */
export const ownIdeaListResponseSchema = z.object({ items: z.array(ownIdeaSchema), nextCursor: z.string().nullable() });
export type OwnIdeaListResponse = z.infer<typeof ownIdeaListResponseSchema>;

/** GET /api/me/stats: the dashboard's three stat cards. */
export const ownStatsSchema = z.object({ total: z.number().int(), ideas: z.number().int(), products: z.number().int() });
export type OwnStats = z.infer<typeof ownStatsSchema>;

export const categoryLockSchema = z.object({
  locked: z.boolean(),
  /** When the category opens again (ISO); null when open. */
  until: z.iso.datetime().nullable(),
  remainingMs: z.number().int(),
});

/** GET /api/me/eligibility: computed by the server when the create page opens. */
export const eligibilitySchema = z.object({
  idea: categoryLockSchema,
  product: categoryLockSchema,
  ideaCooldownHours: z.number(),
  productCooldownHours: z.number(),
  /** Both full_name and contact_info are set (required before sharing). */
  profileComplete: z.boolean(),
  serverTime: z.iso.datetime(),
});
export type EligibilityResponse = z.infer<typeof eligibilitySchema>;

/** POST /api/ideas answer: the new item and the coupon assigned to its author in the same transaction. */
export const ideaCreatedSchema = z.object({
  idea: ownIdeaSchema,
  coupon: z.object({ id: z.uuid(), code: z.string() }),
});
export type IdeaCreated = z.infer<typeof ideaCreatedSchema>;

/** POST /api/uploads/idea-images (multipart field 'file') answer. */
export const uploadedImageSchema = z.object({
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** A coupon as its holder sees it (My Coupons). */
export const couponSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  isUsed: z.boolean(),
  createdAt: z.iso.datetime(),
  usedAt: z.iso.datetime().nullable(),
});
export type Coupon = z.infer<typeof couponSchema>;
/** GET /api/me/coupons, newest first. `nextCursor` (pass back as `cursor`) is set only when more coupons follow. */
export const couponListSchema = z.object({ items: z.array(couponSchema), nextCursor: z.string().nullable().optional() });
export type CouponListResponse = z.infer<typeof couponListSchema>;

/** GET /api/config (public): the settings the screens need before anything else. */
export const publicConfigSchema = z.object({
  /** COUPON_REDEEM_URL: the redeem frame opens it with the code; null means the built-in redeem page. */
  couponRedeemUrl: z.string().nullable(),
  /** Premium: more than this many own items. */
  premiumThreshold: z.number().int(),
  ideaCooldownHours: z.number(),
  productCooldownHours: z.number(),
  /** The upload size limit in bytes (at most 5 MB). */
  maxUploadBytes: z.number().int(),
  /** Image types the upload accepts now (a subset of image/png, image/jpeg, image/webp). */
  allowedImageTypes: z.array(z.string()),
  /** PAYMENTS: off keeps the spec's 'coming soon' alerts; test and paystack run checkout (issue 25). */
  payments: z.enum(['off', 'test', 'paystack']),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
