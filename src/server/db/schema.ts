/**
 * IdeaHub's own tables (SPEC.md §3). Counters on ideas (likes, messages, ratings) are kept
 * as columns, updated in the same transaction as the row they count, so lists need no joins
 * or aggregates per card.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DESCRIPTION_PREVIEW_LENGTH } from '../../shared/constants.ts';
import { users } from './auth-schema.ts';

export * from './auth-schema.ts';

// Millisecond precision: what JavaScript dates hold, so keyset cursors round-trip exactly.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    email: text('email').notNull(),
    contactInfo: text('contact_info'),
    phone: text('phone'),
    bio: text('bio'),
    industry: text('industry'),
    educationStatus: text('education_status'),
    address: text('address'),
    country: text('country'),
    state: text('state'),
    lga: text('lga'),
    skills: text('skills').array(),
    bankName: text('bank_name'),
    bankAccountNumber: text('bank_account_number'),
    bankAccountName: text('bank_account_name'),
    nextOfKinName: text('next_of_kin_name'),
    nextOfKinPhone: text('next_of_kin_phone'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  // Admin search by name (ILIKE '%text%').
  (t) => [index('profiles_full_name_trgm_idx').using('gin', sql`${t.fullName} gin_trgm_ops`)],
);

export const ideas = pgTable(
  'ideas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('NGN'),
    category: text('category').notNull().default('idea'),
    imageUrl: text('image_url'),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }),
    projectDetails: text('project_details'),
    likeCount: integer('like_count').notNull().default(0),
    messageCount: integer('message_count').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('ideas_category_check', sql`${t.category} in ('idea', 'product')`),
    check('ideas_currency_check', sql`${t.currency} in ('NGN', 'USD', 'EUR')`),
    check('ideas_price_check', sql`${t.price} >= 0`),
    check('ideas_rating_check', sql`${t.rating} is null or (${t.rating} >= 0 and ${t.rating} <= 5)`),
    // DESC NULLS FIRST is what a plain `order by created_at desc, id desc` asks for; an index
    // built NULLS LAST (drizzle's default for desc()) cannot serve it, and every list would sort
    // the whole table (bench/RESULTS.md).
    index('ideas_created_at_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('ideas_category_created_at_id_idx').on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('ideas_user_id_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('ideas_user_id_category_created_at_idx').on(t.userId, t.category, t.createdAt.desc().nullsFirst()),
    // Finds the item showing one of our uploads (an upload serves one item only). Hash: URLs may be long.
    index('ideas_image_url_idx').using('hash', t.imageUrl),
    index('ideas_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('ideas_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    // Searches by people who may not read the whole description match its preview only (issue 14).
    index('ideas_description_preview_trgm_idx').using('gin', sql`left(${t.description}, ${sql.raw(String(DESCRIPTION_PREVIEW_LENGTH))}) gin_trgm_ops`),
  ],
);

/**
 * Every share, kept whatever later happens to the item (issue 14): sharing cooldowns read this
 * ledger, never the items a person may recategorise or delete. Written by a trigger on ideas
 * (migration 0005), so every insert counts, the seed's and the test factories' too.
 */
export const shares = pgTable(
  'shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ideaId: uuid('idea_id').references(() => ideas.id, { onDelete: 'set null' }),
    category: text('category').notNull(),
    sharedAt: ts('shared_at').notNull().defaultNow(),
  },
  (t) => [
    check('shares_category_check', sql`${t.category} in ('idea', 'product')`),
    index('shares_user_id_category_shared_at_idx').on(t.userId, t.category, t.sharedAt.desc().nullsFirst()),
    // Deleting an item sets its ledger row's idea_id to null: found by this index, not a scan.
    index('shares_idea_id_idx').on(t.ideaId),
  ],
);

export const likes = pgTable(
  'likes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('likes_idea_id_user_id_unique').on(t.ideaId, t.userId),
    index('likes_user_id_idx').on(t.userId),
    index('likes_created_at_idx').on(t.createdAt),
  ],
);

export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('ratings_idea_id_user_id_unique').on(t.ideaId, t.userId),
    check('ratings_value_check', sql`${t.value} between 1 and 5`),
    index('ratings_user_id_idx').on(t.userId),
  ],
);

export const ideaDiscussions = pgTable('idea_discussions', {
  id: uuid('id').primaryKey().defaultRandom(),
  ideaId: uuid('idea_id')
    .notNull()
    .unique()
    .references(() => ideas.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ideaDiscussionMessages = pgTable(
  'idea_discussion_messages',
  {
    /** Monotonic id: doubles as the SSE event id a reconnecting client resumes from. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    discussionId: uuid('discussion_id')
      .notNull()
      .references(() => ideaDiscussions.id, { onDelete: 'cascade' }),
    /** Null once its author deleted their account: the message stays, from 'Deleted user'. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('idea_discussion_messages_content_check', sql`char_length(${t.content}) between 1 and 2000`),
    index('idea_discussion_messages_discussion_id_idx').on(t.discussionId, t.id),
    // A person's messages by id: the data export pages through them.
    index('idea_discussion_messages_user_id_idx').on(t.userId, t.id),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    isUsed: boolean('is_used').notNull().default(false),
    assignedTo: text('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    ideaId: uuid('idea_id').references(() => ideas.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    usedAt: ts('used_at'),
  },
  (t) => [
    index('coupons_assigned_to_idx').on(t.assignedTo, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('coupons_code_trgm_idx').using('gin', sql`${t.code} gin_trgm_ops`),
    index('coupons_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').unique(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    ideaId: uuid('idea_id').references(() => ideas.id, { onDelete: 'set null' }),
    /** Minor units (kobo, cents). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    status: text('status').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('payments_amount_check', sql`${t.amount} >= 0`),
    check('payments_currency_check', sql`${t.currency} in ('NGN', 'USD', 'EUR')`),
    index('payments_reference_trgm_idx').using('gin', sql`${t.reference} gin_trgm_ops`),
    check('payments_status_check', sql`${t.status} in ('pending', 'success', 'failed', 'refunded')`),
    index('payments_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('payments_status_created_at_idx').on(t.status, t.createdAt),
  ],
);

/** Files of bucket 'idea-images' (and any later bucket), kept in the database so every instance shares them. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bucket: text('bucket').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    bytes: bytea('bytes').notNull(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('stored_files_bucket_name_unique').on(t.bucket, t.name),
    check('stored_files_content_type_check', sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/webp')`),
    index('stored_files_owner_id_idx').on(t.ownerId),
  ],
);

/** Bookmarks: the dashboard's Saved tab. */
export const savedItems = pgTable(
  'saved_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.ideaId] }),
    index('saved_items_idea_id_idx').on(t.ideaId),
    // The Saved tab: newest saved first, keyset paged.
    index('saved_items_user_id_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.ideaId.desc().nullsFirst()),
  ],
);

/** The Contact action of a card: recorded, nothing shown (SPEC §2). */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('contact_requests_idea_id_idx').on(t.ideaId)],
);

/** Admin settings (SPEC §3), one row per key; validated by the shared settings schema. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Per-person write limits (src/server/lib/write-limits.ts): one counter per key (action, rule,
 * person) and fixed window, bumped by one upsert so every instance shares it; rows past
 * expires_at are swept.
 */
export const writeLimits = pgTable(
  'write_limits',
  {
    key: text('key').notNull(),
    /** The window's start, epoch seconds (a multiple of the rule's length). */
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('write_limits_expires_at_idx').on(t.expiresAt)],
);

/**
 * The audit log (issue 14 point 16): who did what to what, written in the same transaction as
 * the action. The app's code only inserts here: no route updates or deletes an entry. Actor name
 * and target title are copied at the time, so entries outlive the people and items they name.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: ts('created_at').notNull().defaultNow(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    /** A stable code: 'role.change', 'content.remove', … (src/shared/schemas/audit.ts). */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetTitle: text('target_title'),
    details: jsonb('details').notNull().default({}),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_actor_name_trgm_idx').using('gin', sql`${t.actorName} gin_trgm_ops`),
    index('audit_log_target_title_trgm_idx').using('gin', sql`${t.targetTitle} gin_trgm_ops`),
  ],
);

/**
 * Reports (issue 14 point 14): a signed-in person flags an item or a discussion message for the
 * moderators' queue. One open report per person and target (the partial unique index), so two
 * presses at once still make one. `target_id` is the item's id or the message's id as text (the
 * queue groups by it); `idea_id` and `message_id` carry the foreign keys, so deleting the item or
 * the message by any path deletes its reports, as deleting the reporter's account does.
 * Dismissed reports stay, decided; a removed target takes its reports with it.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'idea' or 'message' (REPORT_TARGET_TYPES). */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** The item reported, or the item of the message reported. */
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => ideaDiscussionMessages.id, { onDelete: 'cascade' }),
    /** 'spam', 'offensive', 'misleading' or 'other' (REPORT_REASONS). */
    reason: text('reason').notNull(),
    note: text('note'),
    /** 'open' until a moderator dismisses it ('dismissed'). */
    status: text('status').notNull().default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    check('reports_target_type_check', sql`${t.targetType} in ('idea', 'message')`),
    check(
      'reports_target_check',
      sql`(${t.targetType} = 'idea' and ${t.messageId} is null and ${t.targetId} = ${t.ideaId}::text)
        or (${t.targetType} = 'message' and ${t.messageId} is not null and ${t.targetId} = ${t.messageId}::text)`,
    ),
    check('reports_reason_check', sql`${t.reason} in ('spam', 'offensive', 'misleading', 'other')`),
    check('reports_note_check', sql`${t.note} is null or char_length(${t.note}) between 1 and 500`),
    check('reports_status_check', sql`${t.status} in ('open', 'dismissed')`),
    // One open report per person and target: a second one is a conflict, even under a race.
    uniqueIndex('reports_one_open_idx').on(t.reporterId, t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    // The queue: open reports newest first, and each target's open reports.
    index('reports_open_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.status} = 'open'`),
    index('reports_open_target_idx').on(t.targetType, t.targetId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.status} = 'open'`),
    // Cascades (item, message, reporter deleted) and the reporter's data export.
    index('reports_idea_id_idx').on(t.ideaId),
    index('reports_message_id_idx').on(t.messageId),
    index('reports_reporter_id_idx').on(t.reporterId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
