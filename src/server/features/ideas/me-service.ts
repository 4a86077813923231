/** The signed-in person's own view: their items (dashboard), stat cards, and sharing eligibility. */
import { computeEligibility, cooldownHours } from '../../../shared/rules/eligibility.ts';
import type { EligibilityResponse, OwnIdeaListResponse, OwnStats } from '../../../shared/schemas/ideas.ts';
import type { Db } from '../../db/client.ts';
import { getPlatformSettings } from '../../lib/platform-settings.ts';
import { decodeCursor, toPage } from '../../lib/keyset-cursor.ts';
import { findAuthorProfile, latestShareAt } from './manage-queries.ts';
import { countOwnByCategory, listOwnIdeas } from './queries.ts';
import type { Viewer } from '../../app-env.ts';
import { toOwnIdea } from './service.ts';

export async function listMyIdeas(db: Db, viewer: Viewer, page: { cursor?: string; limit: number }): Promise<OwnIdeaListResponse> {
  const rows = await listOwnIdeas(db, {
    userId: viewer.userId,
    after: page.cursor ? decodeCursor(page.cursor) : undefined,
    limit: page.limit,
  });
  return toPage(rows, page.limit, (row) => toOwnIdea(row, viewer));
}

export async function myStats(db: Db, viewer: Viewer): Promise<OwnStats> {
  const counts = await countOwnByCategory(db, viewer.userId);
  return { total: counts.ideas + counts.products, ideas: counts.ideas, products: counts.products };
}

/** What the create page needs when it opens; the server re-checks on submit anyway. */
export async function myEligibility(db: Db, viewer: Viewer, now = new Date()): Promise<EligibilityResponse> {
  // The same reading of the share ledger as the check on submit (shareIdea).
  const [settings, latestIdeaAt, latestProductAt, profile] = await Promise.all([
    getPlatformSettings(db),
    latestShareAt(db, viewer.userId, 'idea'),
    latestShareAt(db, viewer.userId, 'product'),
    findAuthorProfile(db, viewer.userId),
  ]);
  const ideaCooldownHours = cooldownHours('idea', settings);
  const productCooldownHours = cooldownHours('product', settings);
  const e = computeEligibility({ latestIdeaAt, latestProductAt, now, ideaCooldownHours, productCooldownHours });
  const lock = (l: typeof e.idea) => ({ locked: l.locked, until: l.until ? l.until.toISOString() : null, remainingMs: Math.ceil(l.remainingMs) });
  return {
    idea: lock(e.idea),
    product: lock(e.product),
    ideaCooldownHours,
    productCooldownHours,
    profileComplete: Boolean(profile?.fullName?.trim() && profile.contactInfo?.trim()),
    serverTime: now.toISOString(),
  };
}
