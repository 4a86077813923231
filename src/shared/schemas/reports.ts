/**
 * Reports and the moderators' queue (issue 14 points 14 and 15): the request and answer schemas.
 * The rule for reasons and notes is in `../rules/report.ts`.
 */
import { z } from 'zod';
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, REPORT_TARGET_TYPES, REPORT_TEXTS } from '../rules/report.ts';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX } from './admin.ts';

export {
  checkReportNote,
  REPORT_TEXTS,
  type ReportReason,
  type ReportTargetType,
} from '../rules/report.ts';

export const reportTargetTypeSchema = z.enum(REPORT_TARGET_TYPES, { error: 'targetType must be idea, message or private_message.' });
export const reportReasonSchema = z.enum(REPORT_REASONS, { error: REPORT_TEXTS.reasonRequired });

/** POST /api/reports body. The note is only bounded here; checkReportNote cleans it and gives the messages. */
export const reportInputSchema = z.object({
  targetType: reportTargetTypeSchema,
  /** The item's id (a UUID) or the message's id. */
  targetId: z.string({ error: 'targetId is required.' }).min(1, 'targetId is required.').max(100, 'targetId is too long.'),
  reason: reportReasonSchema,
  note: z.string().max(REPORT_NOTE_MAX_LENGTH * 4, REPORT_TEXTS.noteTooLong).nullish(),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

export const reportSchema = z.object({
  id: z.uuid(),
  targetType: reportTargetTypeSchema,
  targetId: z.string(),
  reason: reportReasonSchema,
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Report = z.infer<typeof reportSchema>;

// ── The moderators' queue ───────────────────────────────────────────────────────────────────

export const adminReportsQuerySchema = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce
    .number()
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(ADMIN_PAGE_SIZE_MAX, `limit must be at most ${ADMIN_PAGE_SIZE_MAX}.`)
    .default(ADMIN_PAGE_SIZE_DEFAULT),
});
export type AdminReportsQuery = z.infer<typeof adminReportsQuerySchema>;

/** At most this many reporters are listed per target (the newest); `count` has them all. */
export const REPORTERS_SHOWN = 10;

/** A person as the queue shows them: a name only, never an email address. */
const personSchema = z.object({ id: z.string().nullable(), name: z.string().nullable() });

export const reportGroupSchema = z.object({
  targetType: reportTargetTypeSchema,
  targetId: z.string(),
  /**
   * The item reported, or the item the reported message belongs to (/ideas/{id}); for a private
   * message, the item its conversation is about (id null once that item was deleted).
   */
  item: z.object({ id: z.uuid().nullable(), title: z.string() }),
  /** The message reported (a discussion's or a private one); null for an item. */
  message: z.object({ id: z.number().int(), content: z.string(), createdAt: z.iso.datetime() }).nullable(),
  /** Who wrote what is reported: the item's creator or the message's author (id null: account deleted). */
  author: personSchema,
  /** Open reports of this target. */
  count: z.number().int(),
  /** How many open reports give each reason, most given first. */
  reasons: z.array(z.object({ reason: reportReasonSchema, count: z.number().int() })),
  /** The newest open reports, at most REPORTERS_SHOWN: who, why, and their note. */
  reporters: z.array(z.object({ id: z.string(), name: z.string().nullable(), reason: reportReasonSchema, note: z.string().nullable(), at: z.iso.datetime() })),
  /** The newest open report's time: the queue's order. */
  latestAt: z.iso.datetime(),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const adminReportsPageSchema = z.object({
  items: z.array(reportGroupSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AdminReportsPage = z.infer<typeof adminReportsPageSchema>;

export const REPORT_DECISIONS = ['dismiss', 'remove'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

export const reportDecisionParamsSchema = z.object({
  targetType: reportTargetTypeSchema,
  targetId: z.string().min(1).max(100),
});

/** The answer to Dismiss and Remove: how many open reports were decided. */
export const reportDecidedSchema = z.object({
  targetType: reportTargetTypeSchema,
  targetId: z.string(),
  decision: z.enum(REPORT_DECISIONS),
  reports: z.number().int(),
});
export type ReportDecided = z.infer<typeof reportDecidedSchema>;
