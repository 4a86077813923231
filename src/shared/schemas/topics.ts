/**
 * Topics (issue 27 point 3): a list admins keep; an item carries up to three, shown as links to
 * /topics/{slug}, whose page is home's browser narrowed to the topic.
 */
import { z } from 'zod';

/** How many topics one item may carry. */
export const TOPICS_PER_ITEM_MAX = 3;
export const TOPIC_NAME_MAX_LENGTH = 60;
export const TOPIC_SLUG_MAX_LENGTH = 60;
export const TOPIC_DESCRIPTION_MAX_LENGTH = 300;

export const TOPIC_MESSAGES = {
  tooMany: `Choose up to ${TOPICS_PER_ITEM_MAX} topics.`,
  unknown: 'Choose topics from the list.',
  notFound: 'Topic not found.',
  nameRequired: 'Topic name is required.',
  nameTooLong: `Topic name must be at most ${TOPIC_NAME_MAX_LENGTH} characters.`,
  nameTaken: 'A topic with this name already exists.',
  slugInvalid: 'Slug may use lowercase letters, digits and single hyphens (for example "clean-energy").',
  slugTaken: 'A topic with this address already exists.',
  descriptionTooLong: `Description must be at most ${TOPIC_DESCRIPTION_MAX_LENGTH} characters.`,
  mergeSelf: 'Choose another topic to merge into.',
} as const;

/** A topic's address segment: lowercase words joined by single hyphens. */
export const TOPIC_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug a name gives ('Clean Energy & Water' → 'clean-energy-water'); '' when nothing is left. */
export function slugifyTopic(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, TOPIC_SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}

/** What a card or the details page shows of a topic: a link. */
export const topicRefSchema = z.object({ slug: z.string(), name: z.string() });
export type TopicRef = z.infer<typeof topicRefSchema>;

export const topicSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  /** How many items carry it. */
  itemCount: z.number().int(),
});
export type Topic = z.infer<typeof topicSchema>;

/** GET /api/topics: every topic, by name. */
export const topicListSchema = z.object({ items: z.array(topicSchema) });
export type TopicList = z.infer<typeof topicListSchema>;

const name = z
  .string({ error: TOPIC_MESSAGES.nameRequired })
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, TOPIC_MESSAGES.nameRequired).max(TOPIC_NAME_MAX_LENGTH, TOPIC_MESSAGES.nameTooLong));
const slug = z
  .string()
  .transform((v) => v.trim())
  .pipe(z.string().max(TOPIC_SLUG_MAX_LENGTH, TOPIC_MESSAGES.slugInvalid).regex(TOPIC_SLUG, TOPIC_MESSAGES.slugInvalid));
const description = z
  .string()
  .transform((v) => v.trim())
  .pipe(z.string().max(TOPIC_DESCRIPTION_MAX_LENGTH, TOPIC_MESSAGES.descriptionTooLong));

/** POST /api/admin/topics: the slug is made from the name when absent. */
export const topicCreateSchema = z.object({ name, slug: slug.optional(), description: description.optional() });
export type TopicCreateInput = z.input<typeof topicCreateSchema>;

/** PATCH /api/admin/topics/{id}: rename (and readdress, redescribe). */
export const topicUpdateSchema = z.object({ name: name.optional(), slug: slug.optional(), description: description.optional() });
export type TopicUpdateInput = z.input<typeof topicUpdateSchema>;

/** POST /api/admin/topics/{id}/merge: the topic's items move to `into`, and the topic goes. */
export const topicMergeSchema = z.object({ into: z.uuid({ error: TOPIC_MESSAGES.notFound }) });

/** POST /api/admin/topics/{id}/merge answer: the topic kept, and how many items were moved to it. */
export const topicMergedSchema = z.object({ topic: topicSchema, moved: z.number().int() });
export type TopicMerged = z.infer<typeof topicMergedSchema>;
