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
import type { Tx } from '../../db/transaction.ts';
import { notify } from '../notifications/index.ts';
import { AppError, type ErrorFields, forbidden, notFound } from '../../lib/errors.ts';
import { deleteStoredImage } from '../../lib/storage.ts';
import { assignNewCoupon } from '../coupons/index.ts';
import { getPlatformSettings } from '../../lib/platform-settings.ts';
import { IMAGE_URL_MESSAGES } from './image-url.ts';
import { type PictureDecision, type PicturesPlan, picturesColumns, planPictures, shownPictures } from './gallery.ts';
import { checkWebsite, type WebsiteCheck } from '../../../shared/rules/website-address.ts';
import {
  deleteIdeaRow,
  findAuthorProfile,
  imageIsProfilePhoto,
  imageUsedByAnotherIdea,
  followerIdsOf,
  insertDiscussion,
  insertIdea,
  latestShareAt,
  lockIdea,
  lockSharesOf,
  storedImageOwner,
  updateIdea,
} from './manage-queries.ts';
import { isUuid } from '../../lib/ids.ts';
import { findIdea } from './queries.ts';
import type { Viewer } from '../../app-env.ts';
import { IDEA_NOT_FOUND, toOwnIdea } from './service.ts';
import { inTransaction } from '../../db/transaction.ts';
import { resolveItemTopics, setItemTopics } from '../topics/index.ts';

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

/** 422 with every message under its field; the first one is the summary message. */
function validationError(errors: readonly { field: string; message: string }[]): AppError {
  const fields: ErrorFields = {};
  for (const { field, message } of errors) (fields[field] ??= []).push(message);
  return new AppError(422, 'validation_failed', errors[0]?.message ?? 'The item is not valid.', fields);
}

/** Runs the shared validator, with the pictures' and the website's problems; throws 422 listing every problem. */
function checkContent(input: IdeaContentInput, more: readonly { field: string; message: string }[]): IdeaContentCleaned {
  const result = validateIdeaContent(input);
  const errors = result.errors.map((message) => ({ field: fieldForIdeaMessage(message) ?? '_', message: message as string }));
  errors.push(...more);
  if (errors.length > 0) throw validationError(errors);
  return result.cleaned;
}

function websiteErrors(check: WebsiteCheck): { field: string; message: string }[] {
  return check.ok ? [] : [{ field: 'websiteUrl', message: check.message }];
}

const websiteOf = (check: WebsiteCheck) => (check.ok ? check.url : null);

/**
 * One of our uploads may only be attached by the person who uploaded it (or, for an admin
 * editing an item, by its owner) and to one item at a time. Runs inside the transaction.
 */
async function checkStoredImages(tx: Db, pictures: readonly PictureDecision[], allowedOwners: string[], ideaId: string | null, field: string): Promise<void> {
  for (const image of pictures) {
    if (image.kind !== 'stored') continue;
    const file = await storedImageOwner(tx, image.name);
    if (!file || !file.ownerId || !allowedOwners.includes(file.ownerId)) {
      throw validationError([{ field, message: IMAGE_URL_MESSAGES.notYours }]);
    }
    if ((await imageUsedByAnotherIdea(tx, image.url, ideaId)) || (await imageIsProfilePhoto(tx, image.url))) {
      throw validationError([{ field, message: IMAGE_URL_MESSAGES.inUse }]);
    }
  }
}

/** An edit that leaves the image alone (absent, or the stored value again) does not re-check it. */
function keepsImage(change: string | null | undefined, stored: string | null): boolean {
  return change === undefined || (change ?? '').trim() === (stored ?? '');
}

/** The pictures an edit asks for: the whole gallery (`images`), a new cover (`imageUrl`), or what the item shows. */
function editedPictures(change: IdeaUpdateInput, stored: { imageUrl: string | null; galleryUrls: string[] }, publicUrl: string): PicturesPlan & { field: 'images' | 'imageUrl' } {
  const shown = shownPictures(stored);
  if (change.images !== undefined) return { ...planPictures(change.images, shown, publicUrl, 'images'), field: 'images' };
  if (keepsImage(change.imageUrl, stored.imageUrl)) return { pictures: shown.map((url) => ({ kind: 'kept', url })), errors: [], field: 'imageUrl' };
  // A new cover (or none): the rest of the gallery stays.
  const cover = planPictures([change.imageUrl], shown, publicUrl, 'imageUrl');
  const rest = stored.galleryUrls.filter((url) => url !== cover.pictures[0]?.url).map((url) => ({ kind: 'kept' as const, url }));
  return { pictures: [...cover.pictures, ...rest], errors: cover.errors, field: 'imageUrl' };
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
  const field = input.images !== undefined ? 'images' : 'imageUrl';
  const plan = planPictures(input.images ?? [input.imageUrl], [], opts.publicUrl, field);
  const website = checkWebsite(input.websiteUrl);
  const cleaned = checkContent(
    { title: input.title, description: input.description, price: input.price, currency: input.currency, rating: input.rating, authorName: profile.fullName },
    [...plan.errors, ...websiteErrors(website)],
  );
  const settings = await getPlatformSettings(db);
  const category: Category = input.category;
  const hours = cooldownHours(category, settings);
  const projectDetails = input.projectDetails?.trim() ? input.projectDetails.trim() : null;
  const topicIds = await resolveItemTopics(db, input.topics ?? []);

  return inTransaction(db, async (tx) => {
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
    await checkStoredImages(tx, plan.pictures, [viewer.userId], null, field);
    const { id } = await insertIdea(tx, {
      userId: viewer.userId,
      title: cleaned.title,
      description: cleaned.description,
      price: cleaned.price,
      currency: cleaned.currency,
      category,
      ...picturesColumns(plan.pictures),
      websiteUrl: websiteOf(website),
      rating: cleaned.rating,
      projectDetails,
      createdAt: now,
    });
    await setItemTopics(tx, id, topicIds);
    await insertDiscussion(tx, id, now);
    // Followers hear of it in the same transaction: a share that rolls back tells nobody.
    const followers = await followerIdsOf(tx, viewer.userId);
    if (followers.length) await notify(tx, followers.map((recipientId) => ({ kind: 'new_item' as const, recipientId, actorId: viewer.userId, ideaId: id })));
    const coupon = await assignNewCoupon(tx, viewer.userId, id, now);
    return { idea: await readOwnIdea(tx, id, viewer), coupon };
  });
}

export async function editIdea(db: Db, viewer: Viewer, id: string, change: IdeaUpdateInput, opts: ManageOptions): Promise<OwnIdea> {
  if (!isUuid(id)) throw notFound(IDEA_NOT_FOUND);
  const clock = opts.now ?? (() => new Date());
  return inTransaction(db, async (tx) => {
    const stored = await lockIdea(tx, id);
    if (!stored) throw notFound(IDEA_NOT_FOUND);
    const isOwner = stored.userId === viewer.userId;
    if (!isOwner && viewer.role !== 'admin') throw forbidden(EDIT_FORBIDDEN_MESSAGE);
    // The author's name is checked when the author edits (the spec's 'Invalid Profile Name');
    // an admin correcting someone else's item is not its author.
    const authorName = isOwner ? ((await findAuthorProfile(tx, viewer.userId))?.fullName ?? undefined) : undefined;
    const pick = <K extends keyof IdeaUpdateInput>(key: K, fallback: unknown) => (change[key] !== undefined ? change[key] : fallback);
    const plan = editedPictures(change, stored, opts.publicUrl);
    const website: WebsiteCheck = change.websiteUrl === undefined ? { ok: true, url: stored.websiteUrl } : checkWebsite(change.websiteUrl);
    const cleaned = checkContent(
      {
        title: pick('title', stored.title),
        description: pick('description', stored.description),
        price: pick('price', stored.price),
        currency: pick('currency', stored.currency),
        rating: pick('rating', stored.rating),
        authorName,
      },
      [...plan.errors, ...websiteErrors(website)],
    );
    // Absent: the item keeps its topics; a list (even empty) replaces them.
    const topicIds = change.topics === undefined ? null : await resolveItemTopics(tx, change.topics);
    await checkStoredImages(tx, plan.pictures, [viewer.userId, stored.userId], id, plan.field);
    await updateIdea(
      tx,
      id,
      {
        title: cleaned.title,
        description: cleaned.description,
        price: cleaned.price,
        currency: cleaned.currency,
        category: change.category ?? (stored.category as Category),
        ...picturesColumns(plan.pictures),
        websiteUrl: websiteOf(website),
        rating: cleaned.rating,
      },
      clock(),
    );
    if (topicIds) await setItemTopics(tx, id, topicIds);
    // Removed uploads serve nothing any more (an upload serves one item only).
    const kept = new Set(plan.pictures.map((p) => p.url));
    for (const url of shownPictures(stored)) if (!kept.has(url)) await deleteStoredImage(tx, url);
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
  const gone = await deleteIdeaRow(tx, stored.id);
  for (const url of shownPictures(gone ?? { imageUrl: stored.imageUrl, galleryUrls: [] })) await deleteStoredImage(tx, url);
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
  await inTransaction(db, async (tx) => {
    const stored = await lockIdea(tx, id);
    if (!stored) throw notFound(IDEA_NOT_FOUND);
    // Moderators may use the admin Content section (docs/product-readings.md reading), which deletes items.
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
