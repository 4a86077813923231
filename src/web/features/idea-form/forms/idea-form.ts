/**
 * The share form and the Edit Idea dialog: one zod schema over the raw form values that runs the
 * shared content validator (SPEC §5) and puts each message under its field by keyword. Only the
 * create page and the edit dialog import this (both lazy), so zod stays out of the home page.
 */
import { checkWebsite } from '@shared/rules/website-address';
import { CATEGORIES, CURRENCIES, type Category, type Currency } from '@shared/constants';
import { IMAGE_ADDRESS_MESSAGE, isAcceptableImageAddress } from '@shared/rules/image-address';
import type { IdeaCreateInput, IdeaUpdateInput, OwnIdea } from '@shared/schemas/ideas';
import {
  DESCRIPTION_MAX_LENGTH,
  IMAGE_URL_MAX_LENGTH,
  PROJECT_DETAILS_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from '@shared/schemas/ideas';
import { TOPIC_MESSAGES, TOPICS_PER_ITEM_MAX } from '@shared/schemas/topics';
import { fieldForIdeaMessage, validateIdeaContent } from '@shared/validation/idea-content';
import type { FieldError, FieldErrors } from 'react-hook-form';
import { z } from 'zod';

export const PROFILE_NAME_HINT = 'Please update your profile.';

export interface IdeaFormValues {
  category: Category;
  title: string;
  description: string;
  /** As typed: '' saves 0 (SPEC §5). */
  price: string;
  currency: Currency;
  /** An uploaded image's address, a pasted public https URL, or ''. */
  imageUrl: string;
  /** The gallery's other pictures, in order, after the cover (imageUrl). */
  moreImages: string[];
  /** The item's 'Website' as typed: '' for none. */
  websiteUrl: string;
  /** As typed: '' means not rated. */
  rating: string;
  projectDetails: string;
  /** The chosen topics' slugs (up to TOPICS_PER_ITEM_MAX). */
  topics: string[];
}

export const ideaFormSchema = z
  .object({
    category: z.enum(CATEGORIES),
    title: z.string(),
    description: z.string(),
    price: z.string(),
    currency: z.enum(CURRENCIES),
    imageUrl: z.string(),
    moreImages: z.array(z.string()),
    websiteUrl: z.string(),
    rating: z.string(),
    projectDetails: z.string(),
    topics: z.array(z.string()).max(TOPICS_PER_ITEM_MAX, TOPIC_MESSAGES.tooMany),
  })
  .superRefine((v, ctx) => {
    const result = validateIdeaContent({
      title: v.title,
      description: v.description,
      price: v.price,
      currency: v.currency,
      rating: v.rating,
    });
    for (const message of result.errors) {
      const field = fieldForIdeaMessage(message);
      if (field && field !== 'authorName') ctx.addIssue({ code: 'custom', path: [field], message });
    }
    const website = checkWebsite(v.websiteUrl);
    if (!website.ok) ctx.addIssue({ code: 'custom', path: ['websiteUrl'], message: website.message });
    if (v.title.length > TITLE_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['title'], message: `Title must be at most ${TITLE_MAX_LENGTH} characters.` });
    }
    if (v.description.length > DESCRIPTION_MAX_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['description'],
        message: `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters.`,
      });
    }
    const image = v.imageUrl.trim();
    if (image !== '' && (image.length > IMAGE_URL_MAX_LENGTH || !isAcceptableImageAddress(image))) {
      ctx.addIssue({ code: 'custom', path: ['imageUrl'], message: IMAGE_ADDRESS_MESSAGE });
    }
    if (v.projectDetails.length > PROJECT_DETAILS_MAX_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['projectDetails'],
        message: `Project details must be at most ${PROJECT_DETAILS_MAX_LENGTH} characters.`,
      });
    }
  });

/** The profile's full name as the author name of §5: null when it passes (or there is none). */
export function authorNameError(fullName: string | null | undefined): string | null {
  if (fullName === null || fullName === undefined) return null;
  return validateIdeaContent({ authorName: fullName }).errors.find((m) => fieldForIdeaMessage(m) === 'authorName') ?? null;
}

/** Every message of a field (criteriaMode 'all' keeps them all), first one first, no repeats. */
export function fieldMessages(error: FieldError | undefined): string[] {
  if (!error) return [];
  const out: string[] = [];
  const add = (m: unknown) => {
    if (typeof m === 'string' && m !== '' && !out.includes(m)) out.push(m);
  };
  add(error.message);
  for (const value of Object.values(error.types ?? {})) {
    if (Array.isArray(value)) value.forEach(add);
    else add(value);
  }
  return out;
}

export function hasErrors(errors: FieldErrors<IdeaFormValues>): boolean {
  return Object.keys(errors).length > 0;
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

export function toCreateInput(v: IdeaFormValues): IdeaCreateInput {
  return {
    category: v.category,
    title: v.title,
    description: v.description,
    price: v.price.trim() === '' ? 0 : v.price.trim(),
    currency: v.currency,
    // The whole gallery, cover first: the server saves exactly this list.
    images: [v.imageUrl, ...v.moreImages].map((u) => u.trim()).filter((u) => u !== ''),
    websiteUrl: orNull(v.websiteUrl),
    projectDetails: orNull(v.projectDetails),
    rating: orNull(v.rating),
    topics: v.topics,
  };
}

export function toUpdateInput(v: IdeaFormValues): IdeaUpdateInput {
  const { projectDetails: _unused, ...rest } = toCreateInput(v);
  return rest;
}

/** What the edit form needs of an item: the dashboard's own items and the details page's (for its owner) both have it. */
export type EditableIdea = Pick<OwnIdea, 'id' | 'category' | 'title' | 'description' | 'price' | 'currency' | 'imageUrl' | 'images' | 'websiteUrl' | 'rating' | 'projectDetails' | 'topics'>;

export function formValuesOf(idea: EditableIdea): IdeaFormValues {
  return {
    category: idea.category,
    title: idea.title,
    description: idea.description,
    price: String(idea.price),
    currency: idea.currency,
    imageUrl: idea.imageUrl ?? '',
    // Answers cached before galleries existed carry no images.
    moreImages: (idea.images as EditableIdea['images'] | undefined)?.slice(1).map((i) => i.url) ?? [],
    websiteUrl: idea.websiteUrl ?? '',
    rating: idea.rating === null ? '' : String(idea.rating),
    projectDetails: idea.projectDetails ?? '',
    topics: idea.topics.map((t) => t.slug),
  };
}

/** The server's 422 fields, mapped to form fields (authorName is handled by the caller). */
export function serverFieldErrors(fields: Record<string, string[]> | undefined): [keyof IdeaFormValues, string[]][] {
  const known: (keyof IdeaFormValues)[] = ['category', 'title', 'description', 'price', 'currency', 'imageUrl', 'websiteUrl', 'rating', 'projectDetails', 'topics'];
  // The gallery's messages are shown with the cover's field.
  return Object.entries(fields ?? {}).map(([key, messages]) => [key === 'images' ? 'imageUrl' : key, messages] as const).flatMap(([key, messages]) =>
    (known as string[]).includes(key) && messages.length > 0 ? [[key as keyof IdeaFormValues, messages] as [keyof IdeaFormValues, string[]]] : [],
  );
}
