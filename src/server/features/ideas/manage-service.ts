/**
 * Sharing, editing and deleting items (the Ideas issue, SPEC §5 'Submit rules').
 *
 * - Share: signed in, a profile with full name and contact, content that passes the shared
 *   validator (its cleaned values are what we store), an acceptable image, and the category's
 *   cooldown (admin settings), read from the share ledger (`shares`, written by a trigger on
 *   insert), which no edit or delete changes (issue 14). The cooldown check and the insert run
 *   under a per-person advisory lock in one transaction, together with the item's discussion and
 *   its author's new coupon: two simultaneous shares of one category by one person make exactly
 *   one item.
 * - Edit: owner or admin; the stored values merged with the change are validated as a whole;
 *   the owner and the creation time never change; a replaced upload is deleted with the edit.
 * - Delete: owner, admin or moderator; the item, everything hanging from it and its stored image
 *   go in one transaction (coupons stay, unlinked).
 */
import type { Category } from '../../../shared/constants.ts';
import { computeEligibility, cooldownHours, cooldownMessage } from '../../../shared/rules/eligibility.ts';
import type { IdeaCreated, IdeaCreateInput, IdeaUpdateInput, OwnIdea } from '../../../shared/schemas/ideas.ts';
import {
  fieldForIdeaMessage,
  type IdeaContentCleaned,
  type IdeaContentInput,
  validateIdeaContent,
} from '../../../shared/validation/idea-content.ts';
import { cleanRemovalReason } from '../../../shared/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { notify, type Tx } from '../notifications/notify.ts';
import { AppError, type ErrorFields, forbidden, notFound } from '../../lib/errors.ts';
import { deleteStoredImage } from '../../lib/storage.ts';
import { assignNewCoupon } from '../coupons/service.ts';
import { getPlatformSettings } from '../settings/service.ts';
import { IMAGE_URL_MESSAGES, type ImageChoice, parseImageUrl } from './image-url.ts';
import {
  deleteIdeaRow,
  findAuthorProfile,
  imageUsedByAnotherIdea,
  insertContactRequest,
  insertDiscussion,
  insertIdea,
  latestShareAt,
  lockIdea,
  lockSharesOf,
  storedImageOwner,
  updateIdea,
} from './manage-queries.ts';
import { findIdea, isUuid } from './queries.ts';
import { IDEA_NOT_FOUND, toOwnIdea, type Viewer } from './service.ts';

export const PROFILE_INCOMPLETE_MESSAGE = 'Please update your profile (name and contact) before sharing.';
export const EDIT_FORBIDDEN_MESSAGE = 'You can only edit your own ideas.';
export const DELETE_FORBIDDEN_MESSAGE = 'You can only delete your own ideas.';

export interface ManageOptions {
  /** PUBLIC_URL: a full address of one of our own uploads is accepted too. */
  publicUrl: string;
  /** The clock (tests may pass one). */
  now?: () => Date;
}

const profileIncomplete = () => new AppError(422, 'profile_incomplete', PROFILE_INCOMPLETE_MESSAGE);

function hasText(value: string | null | undefined): boolean {
  return Boolean(value?.trim());
}

/** The image as stored: accepted when it was saved, not judged again. */
type ImageDecision = ImageChoice | { kind: 'kept'; url: string | null };

/** 422 with every message under its field; the first one is the summary message. */
function validationError(errors: readonly { field: string; message: string }[]): AppError {
  const fields: ErrorFields = {};
  for (const { field, message } of errors) (fields[field] ??= []).push(message);
  return new AppError(422, 'validation_failed', errors[0]?.message ?? 'The item is not valid.', fields);
}

/** Runs the shared validator and the image URL rule (`image` null: not acceptable); throws 422 listing every problem. */
function checkContent(
  input: IdeaContentInput,
  image: ImageDecision | null,
): { cleaned: IdeaContentCleaned; image: ImageDecision } {
  const result = validateIdeaContent(input);
  const errors = result.errors.map((message) => ({ field: fieldForIdeaMessage(message) ?? '_', message: message as string }));
  if (!image) errors.push({ field: 'imageUrl', message: IMAGE_URL_MESSAGES.invalid });
  if (errors.length > 0 || !image) throw validationError(errors);
  return { cleaned: result.cleaned, image };
}

/**
 * One of our uploads may only be attached by the person who uploaded it (or, for an admin
 * editing an item, by its owner) and to one item at a time. Runs inside the transaction.
 */
async function checkStoredImage(tx: Db, image: ImageDecision, allowedOwners: string[], ideaId: string | null): Promise<void> {
  if (image.kind !== 'stored') return;
  const file = await storedImageOwner(tx, image.name);
  if (!file || !file.ownerId || !allowedOwners.includes(file.ownerId)) {
    throw validationError([{ field: 'imageUrl', message: IMAGE_URL_MESSAGES.notYours }]);
  }
  if (await imageUsedByAnotherIdea(tx, image.url, ideaId)) {
    throw validationError([{ field: 'imageUrl', message: IMAGE_URL_MESSAGES.inUse }]);
  }
}

/** An edit that leaves the image alone (absent, or the stored value again) does not re-check it. */
function keepsImage(change: string | null | undefined, stored: string | null): boolean {
  return change === undefined || (change ?? '').trim() === (stored ?? '');
}

function keptImage(stored: string | null): ImageDecision {
  return { kind: 'kept', url: stored };
}

async function readOwnIdea(tx: Db, id: string, viewer: Viewer): Promise<OwnIdea> {
  const row = await findIdea(tx, id, viewer.userId);
  if (!row) throw notFound(IDEA_NOT_FOUND);
  return toOwnIdea(row, viewer);
}

export async function shareIdea(db: Db, viewer: Viewer, input: IdeaCreateInput, opts: ManageOptions): Promise<IdeaCreated> {
  const clock = opts.now ?? (() => new Date());
  const profile = await findAuthorProfile(db, viewer.userId);
  if (!profile || !hasText(profile.fullName) || !hasText(profile.contactInfo)) throw profileIncomplete();
  const { cleaned, image } = checkContent(
    { title: input.title, description: input.description, price: input.price, currency: input.currency, rating: input.rating, authorName: profile.fullName },
    parseImageUrl(input.imageUrl, opts.publicUrl),
  );
  const settings = await getPlatformSettings(db);
  const category: Category = input.category;
  const hours = cooldownHours(category, settings);
  const projectDetails = input.projectDetails?.trim() ? input.projectDetails.trim() : null;

  return db.transaction(async (tx) => {
    await lockSharesOf(tx, viewer.userId);
    const latest = await latestShareAt(tx, viewer.userId, category);
    const now = clock();
    const lock = computeEligibility({
      latestIdeaAt: category === 'idea' ? latest : null,
      latestProductAt: category === 'product' ? latest : null,
      now,
      ideaCooldownHours: cooldownHours('idea', settings),
      productCooldownHours: cooldownHours('product', settings),
    })[category];
    if (lock.locked) throw new AppError(429, 'cooldown', cooldownMessage(category, lock.remainingMs, hours));
    await checkStoredImage(tx, image, [viewer.userId], null);
    const { id } = await insertIdea(tx, {
      userId: viewer.userId,
      title: cleaned.title,
      description: cleaned.description,
      price: cleaned.price,
      currency: cleaned.currency,
      category,
      imageUrl: image.url,
      rating: cleaned.rating,
      projectDetails,
      createdAt: now,
    });
    await insertDiscussion(tx, id, now);
    const coupon = await assignNewCoupon(tx, viewer.userId, id, now);
    return { idea: await readOwnIdea(tx, id, viewer), coupon };
  });
}

export async function editIdea(db: Db, viewer: Viewer, id: string, change: IdeaUpdateInput, opts: ManageOptions): Promise<OwnIdea> {
  if (!isUuid(id)) throw notFound(IDEA_NOT_FOUND);
  const clock = opts.now ?? (() => new Date());
  return db.transaction(async (tx) => {
    const stored = await lockIdea(tx, id);
    if (!stored) throw notFound(IDEA_NOT_FOUND);
    const isOwner = stored.userId === viewer.userId;
    if (!isOwner && viewer.role !== 'admin') throw forbidden(EDIT_FORBIDDEN_MESSAGE);
    // The author's name is checked when the author edits (the spec's 'Invalid Profile Name');
    // an admin correcting someone else's item is not its author.
    const authorName = isOwner ? ((await findAuthorProfile(tx, viewer.userId))?.fullName ?? undefined) : undefined;
    const pick = <K extends keyof IdeaUpdateInput>(key: K, fallback: unknown) => (change[key] !== undefined ? change[key] : fallback);
    const { cleaned, image } = checkContent(
      {
        title: pick('title', stored.title),
        description: pick('description', stored.description),
        price: pick('price', stored.price),
        currency: pick('currency', stored.currency),
        rating: pick('rating', stored.rating),
        authorName,
      },
      keepsImage(change.imageUrl, stored.imageUrl) ? keptImage(stored.imageUrl) : parseImageUrl(change.imageUrl, opts.publicUrl),
    );
    const imageChanged = image.url !== stored.imageUrl;
    if (imageChanged) await checkStoredImage(tx, image, [viewer.userId, stored.userId], id);
    await updateIdea(
      tx,
      id,
      {
        title: cleaned.title,
        description: cleaned.description,
        price: cleaned.price,
        currency: cleaned.currency,
        category: change.category ?? (stored.category as Category),
        imageUrl: image.url,
        rating: cleaned.rating,
      },
      clock(),
    );
    // The replaced upload serves nothing any more (an upload serves one item only).
    if (imageChanged) await deleteStoredImage(tx, stored.imageUrl);
    return readOwnIdea(tx, id, viewer);
  });
}

/** Who removes content, and why (shown to its author in their notification; optional). */
export interface Removal {
  by: string;
  reason: string | null;
}

/**
 * Deletes an item locked by lockIdea (its row, everything hanging from it, its stored image) in the
 * caller's transaction: the one way items go, from their page, the admin section or the Reports queue.
 * `removal`: someone else removed it, and its owner is told (with the reason), in the same transaction.
 */
export async function deleteLockedIdea(
  tx: Tx,
  stored: { id: string; userId: string; title: string; imageUrl: string | null },
  removal?: Removal,
): Promise<void> {
  await deleteIdeaRow(tx, stored.id);
  await deleteStoredImage(tx, stored.imageUrl);
  if (removal) {
    await notify(tx, { kind: 'removal', recipientId: stored.userId, actorId: removal.by, target: 'idea', ideaId: null, itemTitle: stored.title, reason: removal.reason });
  }
}

/**
 * `via: 'admin'`: the admin Content section, whose removals are always audited (own items too).
 * `reason`: a moderator's or admin's reason, told to the owner (never when one removes one's own).
 */
export async function removeIdea(db: Db, viewer: Viewer, id: string, opts: { via?: 'admin' | 'item'; reason?: string | null } = {}): Promise<void> {
  if (!isUuid(id)) throw notFound(IDEA_NOT_FOUND);
  await db.transaction(async (tx) => {
    const stored = await lockIdea(tx, id);
    if (!stored) throw notFound(IDEA_NOT_FOUND);
    // Moderators may use the admin Content section (ARCHITECTURE.md reading), which deletes items.
    const allowed = stored.userId === viewer.userId || viewer.role === 'admin' || viewer.role === 'moderator';
    if (!allowed) throw forbidden(DELETE_FORBIDDEN_MESSAGE);
    const reason = cleanRemovalReason(opts.reason);
    await deleteLockedIdea(tx, stored, { by: viewer.userId, reason });
    // Staff removing content: the audit log keeps it, title copied.
    const via = opts.via ?? 'item';
    if (via === 'admin' || stored.userId !== viewer.userId) {
      await recordAudit(tx, {
        actorId: viewer.userId,
        action: 'content.remove',
        target: { type: 'idea', id, title: stored.title },
        details: { category: stored.category, ownerId: stored.userId, via, ...(reason ? { reason } : {}) },
      });
    }
  });
}

/** The card's Contact action: recorded, nothing shown (SPEC §2). */
export async function recordContact(db: Db, viewer: Viewer, id: string): Promise<void> {
  if (!isUuid(id) || !(await insertContactRequest(db, id, viewer.userId))) throw notFound(IDEA_NOT_FOUND);
}
