/**
 * The admin panel's API (SPEC §2 Admin panel, §7 Admin data): who may use which section, and the
 * queries and answers of every section. Admins use everything; moderators Content and the Reports
 * queue (docs/product-readings.md reading); anyone else is refused.
 */
import { z } from 'zod';
import { CATEGORIES, CURRENCIES } from '../constants.ts';
import { ROLES, roleSchema, type Role } from './auth.ts';

export const ADMIN_SECTIONS = ['overview', 'users', 'content', 'topics', 'financial', 'analytics', 'settings', 'audit', 'reports'] as const;
export const adminSectionSchema = z.enum(ADMIN_SECTIONS);
export type AdminSection = z.infer<typeof adminSectionSchema>;

/** The sections a role may open; empty for people without access to the panel. */
export function adminSectionsFor(role: Role | null | undefined): AdminSection[] {
  if (role === 'admin') return [...ADMIN_SECTIONS];
  if (role === 'moderator') return ['content', 'reports'];
  return [];
}

/** 'You don't have permission to access the admin panel.' (SPEC §2): the 403 message too. */
export const ADMIN_ACCESS_DENIED = "You don't have permission to access the admin panel.";

/** GET /api/admin/me */
export const adminMeSchema = z.object({
  userId: z.string(),
  role: roleSchema,
  sections: z.array(adminSectionSchema),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

// ── Lists ────────────────────────────────────────────────────────────────────────────────────

export const ADMIN_PAGE_SIZE_DEFAULT = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_SEARCH_MAX_LENGTH = 200;

const search = z
  .string()
  .max(ADMIN_SEARCH_MAX_LENGTH, `Search text must be at most ${ADMIN_SEARCH_MAX_LENGTH} characters.`)
  .transform((v) => v.trim())
  .optional();

const page = {
  cursor: z.string().max(400).optional(),
  limit: z.coerce
    .number()
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(ADMIN_PAGE_SIZE_MAX, `limit must be at most ${ADMIN_PAGE_SIZE_MAX}.`)
    .default(ADMIN_PAGE_SIZE_DEFAULT),
};

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** Pass back as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  });

// ── Overview ─────────────────────────────────────────────────────────────────────────────────

export const activityKindSchema = z.enum(['user', 'idea', 'product', 'payment']);
export const activitySchema = z.object({
  kind: activityKindSchema,
  id: z.string(),
  /** The new person's name, the item's title, or the payment's reference. */
  label: z.string().nullable(),
  /** Who did it (creator, payer); null for a sign-up. */
  actor: z.string().nullable(),
  /** Payments: the amount in major units and its currency. */
  amount: z.number().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  at: z.iso.datetime(),
});
export type Activity = z.infer<typeof activitySchema>;

export const categoryShareSchema = z.object({
  ideas: z.number().int(),
  products: z.number().int(),
  ideasPercent: z.number(),
  productsPercent: z.number(),
});

export const overviewSchema = z.object({
  totalUsers: z.number().int(),
  newUsers: z.number().int(),
  totalContent: z.number().int(),
  newContent: z.number().int(),
  /** Naira: successful payment amounts / 100. */
  totalRevenue: z.number(),
  /** Total likes / total users × 100, one decimal. */
  engagement: z.number(),
  totalLikes: z.number().int(),
  categories: categoryShareSchema,
  recentActivity: z.array(activitySchema),
});
export type Overview = z.infer<typeof overviewSchema>;

// ── Users ────────────────────────────────────────────────────────────────────────────────────

export const roleFilterSchema = z.enum(['all', ...ROLES]);
export type RoleFilter = z.infer<typeof roleFilterSchema>;

export const adminUsersQuerySchema = z.object({ q: search, role: roleFilterSchema.default('all'), ...page });
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  /** Profile full name, else the account name; null when neither is set. */
  name: z.string().nullable(),
  email: z.string(),
  role: roleSchema,
  createdAt: z.iso.datetime(),
  /** Phone, else contact info, else null ('Not provided'). */
  contact: z.string().nullable(),
  /** Sign-in asks this person for an authenticator code (an admin may turn it off for them). */
  twoFactorEnabled: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersPageSchema = pageOf(adminUserSchema);
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const userCountsSchema = z.object({
  total: z.number().int(),
  admins: z.number().int(),
  moderators: z.number().int(),
  users: z.number().int(),
});
export type UserCounts = z.infer<typeof userCountsSchema>;

export const roleChangeSchema = z.object({
  role: z.enum(ROLES, { error: 'Role must be admin, moderator or user.' }),
});

export const LAST_ADMIN_MESSAGE =
  'The platform must keep at least one admin. Make another user an admin before changing this role.';

/** Turning two-factor authentication off for someone who lost their authenticator app (admins). */
export const TWO_FACTOR_RESET_MESSAGES = {
  alreadyOff: 'Two-factor authentication is already off for this person.',
  ownAccount: 'Turn off your own two-factor authentication on your profile, with your password.',
} as const;

// ── Content ──────────────────────────────────────────────────────────────────────────────────

export const contentCategoryFilterSchema = z.enum(['all', ...CATEGORIES]);
export const adminContentQuerySchema = z.object({ q: search, category: contentCategoryFilterSchema.default('all'), ...page });
export type AdminContentQuery = z.infer<typeof adminContentQuerySchema>;

export const adminContentSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  excerpt: z.string(),
  category: z.enum(CATEGORIES),
  price: z.number(),
  currency: z.enum(CURRENCIES),
  thumbnailUrl: z.string().nullable(),
  likeCount: z.number().int(),
  /** Average of the ratings to one decimal; null: 'No ratings'. */
  ratingAverage: z.number().nullable(),
  ratingCount: z.number().int(),
  createdAt: z.iso.datetime(),
  creator: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }),
});
export type AdminContent = z.infer<typeof adminContentSchema>;
export const adminContentPageSchema = pageOf(adminContentSchema);
export type AdminContentPage = z.infer<typeof adminContentPageSchema>;

export const contentCountsSchema = z.object({
  total: z.number().int(),
  ideas: z.number().int(),
  products: z.number().int(),
  totalLikes: z.number().int(),
});
export type ContentCounts = z.infer<typeof contentCountsSchema>;

// ── Audit log (issue 14 point 16) ───────────────────────────────────────────────────────────

/** The recorded actions, as stable codes, and how the panel says them. */
export const AUDIT_ACTION_LABELS = {
  'role.change': 'Role changed',
  'content.remove': 'Content removed',
  'message.remove': 'Message removed',
  'settings.change': 'Settings changed',
  'user.ban': 'User banned',
  'user.unban': 'User unbanned',
  // No staff answer carries another person's banking, address or next of kin (docs/decisions/0027),
  // so there is no 'private fields viewed' entry to write.
  'coupon.generate': 'Coupons generated',
  // An account deleted, by its owner (DELETE /api/me) or an admin: who went, by whom, when (never the address).
  'user.delete': 'Account deleted',
  // An admin turned off two-factor authentication for someone who could not sign in (issue 30 point 6).
  'user.two_factor.reset': 'Two-factor turned off',
  // The moderators' queue (issue 14 point 15): one entry per decision, for all the target's open reports.
  'report.dismiss': 'Reports dismissed',
  'report.remove': 'Reported content removed',
  // An admin refunded a successful payment through the provider (issue 25): the buyer's unlock ends.
  'payment.refund': 'Payment refunded',
  // The topics admins keep (issue 27 point 3).
  'topic.add': 'Topic added',
  'topic.rename': 'Topic renamed',
  'topic.merge': 'Topics merged',
  'topic.remove': 'Topic removed',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

export const AUDIT_TARGET_TYPES = ['user', 'idea', 'message', 'private_message', 'settings', 'coupon', 'payment', 'topic'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const adminAuditQuerySchema = z.object({ q: search, ...page });
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  /** Null id: the person's account is gone; the name is as it was at the time. */
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string().nullable(), title: z.string().nullable() }),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const adminAuditPageSchema = pageOf(auditEntrySchema);
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;

// ── Financial ────────────────────────────────────────────────────────────────────────────────

export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'refunded'] as const;

export const financialSummarySchema = z.object({
  /** Naira: all successful payment amounts / 100. */
  totalRevenue: z.number(),
  /** Naira: successful payments of the last 30 days. */
  thisMonth: z.number(),
  successful: z.number().int(),
  failed: z.number().int(),
});
export type FinancialSummary = z.infer<typeof financialSummarySchema>;

export const adminPaymentsQuerySchema = z.object({ q: search, ...page });
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuerySchema>;

export const adminPaymentSchema = z.object({
  id: z.uuid(),
  /** null: 'N/A'. */
  reference: z.string().nullable(),
  /** null: the payer's account is gone. */
  user: z.object({ name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  /** null: 'Deleted Idea'. */
  idea: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  /** Major units (amount / 100). */
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  status: z.enum(PAYMENT_STATUSES),
  createdAt: z.iso.datetime(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentsPageSchema = pageOf(adminPaymentSchema);
export type AdminPaymentsPage = z.infer<typeof adminPaymentsPageSchema>;

export const adminCouponsQuerySchema = z.object({ q: search, ...page });
export type AdminCouponsQuery = z.infer<typeof adminCouponsQuerySchema>;

export const adminCouponSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  /** null: 'Unassigned'. */
  assignedTo: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  /** null: 'N/A'. */
  idea: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  isUsed: z.boolean(),
  createdAt: z.iso.datetime(),
  /** null: 'Not used'. */
  usedAt: z.iso.datetime().nullable(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export const adminCouponsPageSchema = pageOf(adminCouponSchema);
export type AdminCouponsPage = z.infer<typeof adminCouponsPageSchema>;

export const COUPON_GENERATE_MAX = 500;
export const generateCouponsSchema = z.object({
  count: z
    .number({ error: 'Enter how many coupons to generate.' })
    .int('The number of coupons must be a whole number.')
    .min(1, 'Generate at least 1 coupon.')
    .max(COUPON_GENERATE_MAX, `Generate at most ${COUPON_GENERATE_MAX} coupons at a time.`),
});
export const generatedCouponsSchema = z.object({
  count: z.number().int(),
  codes: z.array(z.string()),
});
export type GeneratedCoupons = z.infer<typeof generatedCouponsSchema>;

// ── Analytics ────────────────────────────────────────────────────────────────────────────────

export const SERIES_DAYS = [30, 90] as const;
export const analyticsQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((d) => (SERIES_DAYS as readonly number[]).includes(d), 'days must be 30 or 90.')
    .default(30),
});

export const seriesPointSchema = z.object({
  /** The UTC day, 'YYYY-MM-DD'. */
  date: z.string(),
  users: z.number().int(),
  content: z.number().int(),
  /** Views of items that day (issue 28): at most one per reader per item. */
  views: z.number().int(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const analyticsSchema = z.object({
  generatedAt: z.iso.datetime(),
  growth: z.object({
    /** Percent against the previous 30-day window; 0 when that window is empty. */
    users: z.number(),
    content: z.number(),
    newUsers: z.object({ current: z.number().int(), previous: z.number().int() }),
    newContent: z.object({ current: z.number().int(), previous: z.number().int() }),
  }),
  engagement: z.object({
    /** Total likes / total users × 100, one decimal. */
    rate: z.number(),
    /** Every like given. */
    totalInteractions: z.number().int(),
  }),
  quality: z.object({
    /** Items per user, one decimal. */
    ideasPerUser: z.number(),
    /** People who have shared at least one item. */
    activeCreators: z.number().int(),
  }),
  distribution: categoryShareSchema,
  health: z.object({
    totalUsers: z.number().int(),
    totalIdeas: z.number().int(),
    totalLikes: z.number().int(),
    engagement: z.number(),
  }),
  recent: z.object({
    newUsers: z.number().int(),
    newContent: z.number().int(),
    total: z.number().int(),
  }),
  series: z.object({ days: z.number().int(), points: z.array(seriesPointSchema) }),
});
export type Analytics = z.infer<typeof analyticsSchema>;
