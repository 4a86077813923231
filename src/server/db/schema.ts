/**
 * IdeaHub's own tables (docs/SPEC.md §3). Counters on ideas (likes, messages, ratings) are kept
 * as columns, updated in the same transaction as the row they count, so lists need no joins
 * or aggregates per card.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
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
    /** The profile 'Photo': one of our stored images (square), shown as the person's avatar; null: initials. */
    photoUrl: text('photo_url'),
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
    /** The gallery's images after the cover (image_url), in order: at most 5 more (issue 27). */
    galleryUrls: text('gallery_urls').array().notNull().default(sql`'{}'::text[]`),
    /** The item's 'Website' (public https only), shown on details as 'Visit'. */
    websiteUrl: text('website_url'),
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
    check('ideas_gallery_urls_check', sql`cardinality(${t.galleryUrls}) <= 5`),
    check('ideas_rating_check', sql`${t.rating} is null or (${t.rating} >= 0 and ${t.rating} <= 5)`),
    // DESC NULLS FIRST is what a plain `order by created_at desc, id desc` asks for; an index
    // built NULLS LAST (drizzle's default for desc()) cannot serve it, and every list would sort
    // the whole table (bench/RESULTS.md).
    index('ideas_created_at_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('ideas_category_created_at_id_idx').on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('ideas_user_id_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('ideas_user_id_category_created_at_idx').on(t.userId, t.category, t.createdAt.desc().nullsFirst()),
    // Home's price filters (issue 16): newest first within a currency, the price checked in the index.
    index('ideas_currency_created_at_price_idx').on(t.currency, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.price),
    // Finds the item showing one of our uploads (an upload serves one item only). Hash: URLs may be long.
    index('ideas_image_url_idx').using('hash', t.imageUrl),
    // The same for the gallery's other images (`gallery_urls @> array[url]`).
    index('ideas_gallery_urls_idx').using('gin', t.galleryUrls),
    index('ideas_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('ideas_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    // Searches by people who may not read the whole description match its preview only (issue 14).
    index('ideas_description_preview_trgm_idx').using('gin', sql`left(${t.description}, ${sql.raw(String(DESCRIPTION_PREVIEW_LENGTH))}) gin_trgm_ops`),
  ],
);

/**
 * Topics (issue 27 point 3): a list admins keep (name, slug, description). An item has at most
 * three, in the order its author chose them: `position` 0 to 2, unique per item, so the database
 * itself refuses a fourth. Deleting an item or a topic takes its links.
 */
export const topics = pgTable(
  'topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('topics_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const ideaTopics = pgTable(
  'idea_topics',
  {
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** The item's created_at, copied by a trigger on insert (items' times never change): a topic's newest items from one index. */
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ideaId, t.topicId] }),
    unique('idea_topics_idea_id_position_unique').on(t.ideaId, t.position),
    check('idea_topics_position_check', sql`${t.position} between 0 and 2`),
    // A topic's items (its page, merging and removing it).
    index('idea_topics_topic_id_idea_id_idx').on(t.topicId, t.ideaId),
    // A followed topic's newest page in the Following feed (decision 0046), keyset on (created_at, idea_id).
    index('idea_topics_topic_created_at_idx').on(t.topicId, t.createdAt.desc().nullsFirst(), t.ideaId.desc().nullsFirst()),
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
    /**
     * The top-level message this one replies to (one level deep: a reply to a reply is stored
     * against the top-level message). Replies go with their message.
     */
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => ideaDiscussionMessages.id, { onDelete: 'cascade' }),
    /** When its author last edited it; null when never edited. */
    editedAt: ts('edited_at'),
    /**
     * Set when a message that has replies is deleted: it stays as 'Message deleted' (no content, no
     * author) so its replies keep their place. A message without replies is deleted outright.
     */
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    check(
      'idea_discussion_messages_content_check',
      sql`(${t.deletedAt} is null and char_length(${t.content}) between 1 and 2000) or (${t.deletedAt} is not null and ${t.content} = '' and ${t.userId} is null)`,
    ),
    index('idea_discussion_messages_discussion_id_idx').on(t.discussionId, t.id),
    // A person's messages by id: the data export pages through them.
    index('idea_discussion_messages_user_id_idx').on(t.userId, t.id),
    // A message's replies (the list gathers them; deleting checks whether there are any).
    index('idea_discussion_messages_parent_id_idx').on(t.parentId, t.id).where(sql`${t.parentId} is not null`),
  ],
);

/**
 * People a message mentions (issue 17 point 4): the text says '@Name' (`label`, as written when it
 * was chosen), this row says who it is. Rewritten when the message is edited.
 */
export const ideaDiscussionMentions = pgTable(
  'idea_discussion_mentions',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => ideaDiscussionMessages.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    check('idea_discussion_mentions_label_check', sql`char_length(${t.label}) between 1 and 200`),
    index('idea_discussion_mentions_user_id_idx').on(t.userId),
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
    // Deleting an item unlinks its coupons (on delete set null).
    index('coupons_idea_id_idx').on(t.ideaId).where(sql`${t.ideaId} is not null`),
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
    /** Which provider took it ('test', 'paystack'); null for payments from before checkout existed. */
    provider: text('provider'),
    /** Why a payment failed (declined, amount or currency not the one fixed at checkout). */
    failureReason: text('failure_reason'),
    /** When the status last changed (confirmed, failed, refunded). */
    updatedAt: ts('updated_at'),
  },
  (t) => [
    check('payments_amount_check', sql`${t.amount} >= 0`),
    // The access rule's purchase clause (lib/content-access.ts): has this person bought this item.
    index('payments_buyer_idea_idx').on(t.userId, t.ideaId).where(sql`${t.status} = 'success'`),
    check('payments_currency_check', sql`${t.currency} in ('NGN', 'USD', 'EUR')`),
    index('payments_reference_trgm_idx').using('gin', sql`${t.reference} gin_trgm_ops`),
    check('payments_status_check', sql`${t.status} in ('pending', 'success', 'failed', 'refunded')`),
    index('payments_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('payments_status_created_at_idx').on(t.status, t.createdAt),
    // Deleting an account unlinks its payments; its data export walks them in id order.
    index('payments_user_id_idx').on(t.userId, t.id).where(sql`${t.userId} is not null`),
    // Deleting an item unlinks its payments.
    index('payments_idea_id_idx').on(t.ideaId).where(sql`${t.ideaId} is not null`),
  ],
);

/**
 * A maker's payout account (issue 25): the bank account the provider settles their share of each
 * sale to, through the provider's subaccount. One per person; set up again replaces it.
 */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  bankCode: text('bank_code').notNull(),
  bankName: text('bank_name').notNull(),
  accountNumber: text('account_number').notNull(),
  accountName: text('account_name').notNull(),
  subaccountCode: text('subaccount_code').notNull(),
  /** The platform's share of each sale, as the subaccount was created with (admin setting platformFeePercent). */
  platformFeePercent: numeric('platform_fee_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The built-in test provider's own transactions (PAYMENTS=test): what a real provider keeps on its
 * side, kept here so every instance answers verify the same. Nothing in it moves money.
 */
export const testCheckouts = pgTable(
  'test_checkouts',
  {
    reference: text('reference').primaryKey(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    email: text('email').notNull(),
    callbackUrl: text('callback_url').notNull(),
    subaccountCode: text('subaccount_code'),
    /** null while open; 'success' (Pay), 'failed' (Decline); 'reversed' once refunded. */
    status: text('status'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [check('test_checkouts_status_check', sql`${t.status} is null or ${t.status} in ('success', 'failed', 'reversed')`)],
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
    /** The file's bytes; null when they are in the S3 bucket (lib/file-store.ts). */
    bytes: bytea('bytes'),
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
  (t) => [
    index('contact_requests_idea_id_idx').on(t.ideaId),
    // Deleting an account takes its contact requests; its data export walks them in id order.
    index('contact_requests_user_id_idx').on(t.userId, t.id),
  ],
);

/**
 * Private conversations (issue 17 point 6; docs/decisions/0023): one per (item, person who pressed
 * Contact), between that person (the starter) and the item's creator. Who may read it is decided by
 * `conversation_members` alone. The conversation outlives its item (idea_id set null, the title
 * kept) and either person's account (their id set null, their member row gone, their messages kept
 * as 'Deleted user'), so the other side keeps a working history.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ideaId: uuid('idea_id').references(() => ideas.id, { onDelete: 'set null' }),
    /** The item's title when the conversation began: shown once the item is gone. */
    itemTitle: text('item_title').notNull(),
    starterId: text('starter_id').references(() => users.id, { onDelete: 'set null' }),
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The newest message's time (each message takes this row's lock first: ids commit in order). */
    lastMessageAt: ts('last_message_at'),
  },
  (t) => [
    // One conversation per item and person: pressing Contact again opens the same one, even under a race.
    uniqueIndex('conversations_idea_id_starter_id_idx').on(t.ideaId, t.starterId),
    check('conversations_people_check', sql`${t.starterId} is null or ${t.creatorId} is null or ${t.starterId} <> ${t.creatorId}`),
    index('conversations_starter_id_idx').on(t.starterId).where(sql`${t.starterId} is not null`),
    index('conversations_creator_id_idx').on(t.creatorId).where(sql`${t.creatorId} is not null`),
  ],
);

/**
 * Who may read a conversation: its two people, one row each (gone with their account), with what
 * they have read (unread counts) and the conversation's latest activity (their Messages tab's
 * order, keyset paged on one index).
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The newest message id this person has seen (0: none). */
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull().default(0),
    /** The other person's messages after last_read_id, kept with each message and each read. */
    unread: integer('unread').notNull().default(0),
    activityAt: ts('activity_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    check('conversation_members_unread_check', sql`${t.unread} >= 0`),
    index('conversation_members_user_id_activity_at_idx').on(t.userId, t.activityAt.desc().nullsFirst(), t.conversationId.desc().nullsFirst()),
  ],
);

export const privateMessages = pgTable(
  'private_messages',
  {
    /** Monotonic id: doubles as the SSE event id a reconnecting client resumes from. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Null once its sender deleted their account: the message stays, from 'Deleted user'. */
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('private_messages_content_check', sql`char_length(${t.content}) between 1 and 2000`),
    index('private_messages_conversation_id_idx').on(t.conversationId, t.id),
    index('private_messages_sender_id_idx').on(t.senderId, t.id),
  ],
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
    // Deleting an account unlinks the entries it made (on delete set null; the copied name stays).
    index('audit_log_actor_id_idx').on(t.actorId).where(sql`${t.actorId} is not null`),
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
    /** 'idea', 'message' or 'private_message' (REPORT_TARGET_TYPES). */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** The item reported, or the item of the message reported; null for a private message. */
    ideaId: uuid('idea_id').references(() => ideas.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => ideaDiscussionMessages.id, { onDelete: 'cascade' }),
    /** A private message reported by one of its conversation's two people (that message alone reaches the queue). */
    privateMessageId: bigint('private_message_id', { mode: 'number' }).references(() => privateMessages.id, { onDelete: 'cascade' }),
    /** 'spam', 'offensive', 'misleading' or 'other' (REPORT_REASONS). */
    reason: text('reason').notNull(),
    note: text('note'),
    /** 'open' until a moderator dismisses it ('dismissed'). */
    status: text('status').notNull().default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    check('reports_target_type_check', sql`${t.targetType} in ('idea', 'message', 'private_message')`),
    check(
      'reports_target_check',
      sql`(${t.targetType} = 'idea' and ${t.ideaId} is not null and ${t.messageId} is null and ${t.privateMessageId} is null and ${t.targetId} = ${t.ideaId}::text)
        or (${t.targetType} = 'message' and ${t.ideaId} is not null and ${t.messageId} is not null and ${t.privateMessageId} is null and ${t.targetId} = ${t.messageId}::text)
        or (${t.targetType} = 'private_message' and ${t.ideaId} is null and ${t.messageId} is null and ${t.privateMessageId} is not null and ${t.targetId} = ${t.privateMessageId}::text)`,
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
    index('reports_private_message_id_idx').on(t.privateMessageId).where(sql`${t.privateMessageId} is not null`),
    index('reports_reporter_id_idx').on(t.reporterId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * What home's 'Trending' and 'Top' sorts rank by (issue 16; docs/decisions/0020): one narrow row
 * per item, kept by triggers (migration 0012), so any write path (the API, account deletion, seeds)
 * keeps it right and a like never rewrites the wide ideas row's many indexes. `like_count`,
 * `category`, `price` and `currency` follow the item's own row; `trending_score` is the base-2
 * logarithm of the item's decayed engagement, written once per like or message (its order never
 * changes as time passes, so nothing recomputes it).
 */
export const ideaRanks = pgTable(
  'idea_ranks',
  {
    ideaId: uuid('idea_id')
      .primaryKey()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    category: text('category').notNull(),
    currency: text('currency').notNull(),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    trendingScore: doublePrecision('trending_score').notNull(),
  },
  (t) => [
    // 'Trending' and 'Top' (all time) walk these from the top; keyset cursors continue them.
    index('idea_ranks_trending_idx').on(t.trendingScore.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.ideaId.desc().nullsFirst()),
    index('idea_ranks_top_idx').on(t.likeCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.ideaId.desc().nullsFirst()),
    // 'Top' of a week or a month: the window's rows by this index alone (likes included), then the best of them.
    index('idea_ranks_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.likeCount.desc().nullsFirst(), t.ideaId.desc().nullsFirst()),
    // A maker's totals (items, likes received) from this index alone.
    index('idea_ranks_user_id_idx').on(t.userId, t.likeCount),
  ],
);

/**
 * Notifications (issue 17 point 1; features/notifications): one row per event for its recipient,
 * except likes, which gather into one row per item while it is unread ('Kofi Mensah and 2 others
 * liked …': the partial unique index below). Rows name the item, the message and the person by
 * foreign key (set null when they go, so a notification outlives them and says so) and keep the
 * item's title as it was. A message's text is never copied here: it is read when listed, and only
 * for a reader who may read that discussion.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** NOTIFICATION_KINDS (src/shared/schemas/notifications.ts). */
    kind: text('kind').notNull(),
    /** Who did it (the latest liker for grouped likes); null once their account is gone. */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** How many different people the row stands for (grouped likes; 1 otherwise). */
    actorCount: integer('actor_count').notNull().default(1),
    /** The latest people of a like group, newest last (a few), so liking again is not counted twice. */
    recentActorIds: text('recent_actor_ids').array().notNull().default(sql`'{}'::text[]`),
    ideaId: uuid('idea_id').references(() => ideas.id, { onDelete: 'set null' }),
    /** The item's title when it happened: shown once the item is gone (removals). */
    itemTitle: text('item_title'),
    messageId: bigint('message_id', { mode: 'number' }).references(() => ideaDiscussionMessages.id, { onDelete: 'set null' }),
    /** A private conversation's id (features of the conversations half); no foreign key here. */
    conversationId: text('conversation_id'),
    /** Removals: 'idea' or 'message' and the moderator's reason; other kinds may add keys. */
    details: jsonb('details').notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The latest activity (a grouped like moves it): the list's order. */
    activityAt: ts('activity_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [
    check('notifications_kind_check', sql`${t.kind} in ('discussion', 'reply', 'mention', 'like', 'private_message', 'removal', 'new_item', 'sale', 'purchase')`),
    check('notifications_actor_count_check', sql`${t.actorCount} >= 1`),
    // The list: one person's notifications newest first, keyset paged.
    index('notifications_user_id_activity_at_idx').on(t.userId, t.activityAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Mark all read touches the unread ones only.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // Likes of one item gather into one unread row per recipient, even when two likes race.
    uniqueIndex('notifications_unread_like_group_idx').on(t.userId, t.ideaId).where(sql`${t.kind} = 'like' and ${t.readAt} is null`),
    // Foreign keys set to null when the item, the message or the actor goes: found, not scanned.
    index('notifications_idea_id_idx').on(t.ideaId).where(sql`${t.ideaId} is not null`),
    index('notifications_message_id_idx').on(t.messageId).where(sql`${t.messageId} is not null`),
    index('notifications_actor_id_idx').on(t.actorId).where(sql`${t.actorId} is not null`),
  ],
);

/**
 * Each person's unread count, kept beside their notifications in the same transactions (the
 * header's count is one row, whatever their number, and its changes are serialised on this row,
 * so the live stream's notices arrive in the order of the counts they carry).
 */
export const notificationInboxes = pgTable(
  'notification_inboxes',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    unread: integer('unread').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('notification_inboxes_unread_check', sql`${t.unread} >= 0`)],
);

/** Per person and kind: in the app, by email. Only choices are stored; the defaults fill the rest. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  choices: jsonb('choices').notNull().default({}),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** The weekly digest (issue 28 point 2): off unless chosen (new sign-ups choose it by leaving it ticked). */
  digestEnabled: boolean('digest_enabled').notNull().default(false),
  /** Its day of the week, 0 Sunday to 6 Saturday (UTC). */
  digestDay: smallint('digest_day').notNull().default(1),
  /** When the latest digest was written to the outbox: a week's digest is claimed by moving it, so it goes once. */
  digestSentAt: ts('digest_sent_at'),
}, (t) => [
  check('notification_preferences_digest_day_check', sql`${t.digestDay} between 0 and 6`),
  // The digest run's people: those who chose it, by day.
  index('notification_preferences_digest_idx').on(t.digestDay, t.userId).where(sql`${t.digestEnabled}`),
]);

/**
 * The durable mail outbox (lib/mail-outbox.ts, decision 0019): a mail is a row written in the same
 * transaction as what caused it; every instance's sender claims due rows (FOR UPDATE SKIP LOCKED),
 * sends them and marks them sent, retrying with back-off. A row is either written out (to,
 * subject, bodies) or drawn when it is sent by its `template` from `data` (notification mails,
 * which gather a discussion's activity until then). `digest_key` names what a notification mail
 * is about, per recipient: at most one such mail waits at a time.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** MailKind (lib/mail-kinds.ts): which admin switch governs it. */
    kind: text('kind').notNull(),
    /** The person it is for, when it is for an account (their pending mails go with it). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address'),
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** The link the mail is about (the development outbox shows it). */
    link: text('link'),
    /** Extra headers (List-Unsubscribe…). */
    headers: jsonb('headers').notNull().default({}),
    template: text('template'),
    data: jsonb('data'),
    digestKey: text('digest_key'),
    /** pending → sending (claimed) → sent; or failed (out of attempts) or dropped (not to be sent). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before: now for most mails; the end of the window for a digest; later after a failure. */
    sendAfter: ts('send_after').notNull().defaultNow(),
    /** A claim's lease: a sender that died mid-send leaves the row to be claimed again after it. */
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'dropped')`),
    check(
      'mail_outbox_content_check',
      sql`${t.template} is not null or (${t.toAddress} is not null and ${t.subject} is not null and ${t.textBody} is not null)`,
    ),
    // The senders' claims: due pending rows, and claims whose lease ran out.
    index('mail_outbox_due_idx').on(t.sendAfter).where(sql`${t.status} = 'pending'`),
    index('mail_outbox_sending_idx').on(t.lockedUntil).where(sql`${t.status} = 'sending'`),
    // One waiting notification mail per person and subject; the latest one per subject for the window.
    uniqueIndex('mail_outbox_pending_digest_idx').on(t.userId, t.digestKey).where(sql`${t.status} = 'pending' and ${t.digestKey} is not null`),
    index('mail_outbox_digest_idx').on(t.userId, t.digestKey, t.sendAfter.desc().nullsFirst()).where(sql`${t.digestKey} is not null`),
    // Account deletion (by account, and by address: account mails carry no account id), and the sweep of old finished rows.
    index('mail_outbox_user_id_idx').on(t.userId).where(sql`${t.userId} is not null`),
    index('mail_outbox_to_address_idx').on(sql`lower(${t.toAddress})`).where(sql`${t.toAddress} is not null`),
    index('mail_outbox_finished_idx').on(t.createdAt).where(sql`${t.status} in ('sent', 'failed', 'dropped')`),
  ],
);

/**
 * The footer's newsletter (issue 15 point 4): an address is kept once someone asks for it, 'pending'
 * until its owner opens the confirmation link (double opt-in), then 'confirmed'. Unsubscribing
 * deletes the row: an address we may not write to is not kept. Addresses are stored lower-cased.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The latest confirmation mail asked for (a confirmation link older than a newer request still works until it expires). */
    requestedAt: ts('requested_at').notNull().defaultNow(),
    confirmedAt: ts('confirmed_at'),
  },
  (t) => [
    uniqueIndex('newsletter_subscriptions_email_idx').on(t.email),
    check('newsletter_subscriptions_status_check', sql`${t.status} in ('pending', 'confirmed')`),
    // Who gets the newsletter: the confirmed addresses, read in pages.
    index('newsletter_subscriptions_confirmed_idx').on(t.id).where(sql`${t.status} = 'confirmed'`),
  ],
);

/**
 * Who follows which maker (issue 28): one row per pair, a person never themselves. The key serves
 * the follower's side (their list of makers, the Following feed); the second index the maker's
 * (the follower count, the fan-out of a new item's notification).
 */
export const makerFollows = pgTable(
  'maker_follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    makerId: text('maker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.makerId] }),
    check('maker_follows_not_self_check', sql`${t.followerId} <> ${t.makerId}`),
    index('maker_follows_maker_id_idx').on(t.makerId, t.followerId),
    // The profile's list of followed makers: latest followed first, keyset paged.
    index('maker_follows_follower_created_at_idx').on(t.followerId, t.createdAt.desc().nullsFirst(), t.makerId.desc().nullsFirst()),
  ],
);

/**
 * Views per item per UTC day (issue 28 point 3): a count and nothing about who viewed. The key
 * serves a maker's items; the day index the platform's views per day (admin Analytics).
 */
export const itemViews = pgTable(
  'item_views',
  {
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ideaId, t.day] }), check('item_views_views_check', sql`${t.views} >= 0`), index('item_views_day_idx').on(t.day)],
);

/**
 * Who has already been counted today, as a hash of the reader with the day's salt (view_salts):
 * no address, browser or account is kept, and once the day's salt is deleted the hash names nobody.
 * Rows of past days are deleted when the day turns.
 */
export const itemViewReaders = pgTable(
  'item_view_readers',
  {
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    readerHash: bytea('reader_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ideaId, t.day, t.readerHash] })],
);

/** The day's random salt for the readers' hashes; past days' are deleted, so yesterday's hashes cannot be matched again. */
export const viewSalts = pgTable('view_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: bytea('salt').notNull(),
});

/**
 * Who follows which topic (issue 28, decision 0046): the same shape as maker_follows. The key
 * serves the follower's side (the Following feed, the digest); the second index the topic's count.
 */
export const topicFollows = pgTable(
  'topic_follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.topicId] }),
    index('topic_follows_topic_id_idx').on(t.topicId, t.followerId),
    // The profile's list of followed topics: latest followed first, keyset paged.
    index('topic_follows_follower_created_at_idx').on(t.followerId, t.createdAt.desc().nullsFirst(), t.topicId.desc().nullsFirst()),
  ],
);
