/**
 * The Dashboard's Analytics tab (issue 28 point 3): a maker's own items, per UTC day over the last
 * 7, 30 or 90 days, and per item over the same days.
 */
import { z } from 'zod';

export const MAKER_ANALYTICS_DAYS = [7, 30, 90] as const;
export type MakerAnalyticsDays = (typeof MAKER_ANALYTICS_DAYS)[number];

export const makerAnalyticsQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((d) => (MAKER_ANALYTICS_DAYS as readonly number[]).includes(d), 'days must be 7, 30 or 90.')
    .default(30),
});

/** What is counted, in the order the chart, the table and the CSV show it. */
export const MAKER_FIGURES = ['views', 'likes', 'comments', 'saves', 'purchases'] as const;
export type MakerFigure = (typeof MAKER_FIGURES)[number];

const figures = {
  views: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  saves: z.number().int(),
  purchases: z.number().int(),
};

export const makerAnalyticsSchema = z.object({
  days: z.number().int(),
  /** The first and last UTC day shown, 'YYYY-MM-DD'. */
  from: z.string(),
  to: z.string(),
  /** One per day, oldest first, zeros included. */
  points: z.array(z.object({ date: z.string(), ...figures })),
  totals: z.object(figures),
  /** Every one of the maker's items, most viewed first. */
  items: z.array(z.object({ id: z.uuid(), title: z.string(), ...figures })),
});
export type MakerAnalytics = z.infer<typeof makerAnalyticsSchema>;
export type MakerFigures = MakerAnalytics['totals'];
