/**
 * The share form's draft (issue 15 point 1): what a person has typed and the image they uploaded,
 * kept in this tab's sessionStorage while they are away (completing their profile, say) and
 * brought back when they return. Kept per person, so someone else signing in on the same tab never
 * sees it; gone when the item is shared, when they cancel, or when the tab closes.
 */
import { CATEGORIES, CURRENCIES } from '@shared/constants';
import type { IdeaFormValues } from '../../idea-form';

const PREFIX = 'ideahub:share-draft:';
const TEXT_FIELDS = ['title', 'description', 'price', 'imageUrl', 'rating', 'projectDetails'] as const;
/** Far above any field's own limit: a draft that size is not ours. */
const MAX_FIELD_LENGTH = 20_000;

const keyOf = (userId: string) => `${PREFIX}${userId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage may be switched off (some private modes): no drafts then.
    return null;
  }
}

/** Whether the form holds anything worth keeping (the category and currency alone are not a draft). */
export function hasDraftContent(values: IdeaFormValues): boolean {
  return TEXT_FIELDS.some((field) => values[field].trim() !== '');
}

/** The person's draft merged over `defaults`, or null when there is none (or it cannot be read). */
export function loadDraft(userId: string, defaults: IdeaFormValues): IdeaFormValues | null {
  const raw = storage()?.getItem(keyOf(userId));
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const stored = parsed as Record<string, unknown>;
  const values: IdeaFormValues = { ...defaults };
  for (const field of TEXT_FIELDS) {
    const v = stored[field];
    if (typeof v === 'string' && v.length <= MAX_FIELD_LENGTH) values[field] = v;
  }
  if ((CATEGORIES as readonly unknown[]).includes(stored.category)) values.category = stored.category as IdeaFormValues['category'];
  if ((CURRENCIES as readonly unknown[]).includes(stored.currency)) values.currency = stored.currency as IdeaFormValues['currency'];
  return hasDraftContent(values) ? values : null;
}

export function saveDraft(userId: string, values: IdeaFormValues): void {
  const store = storage();
  if (!store) return;
  try {
    if (hasDraftContent(values)) store.setItem(keyOf(userId), JSON.stringify(values));
    else store.removeItem(keyOf(userId));
  } catch {
    // Full or refused: the form still works, the draft just is not kept.
  }
}

export function clearDraft(userId: string): void {
  try {
    storage()?.removeItem(keyOf(userId));
  } catch {
    // Nothing to clear.
  }
}
