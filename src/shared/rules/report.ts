/**
 * What a report is (issue 14 point 14): its targets, reasons and note, shared by the report dialog
 * (which disables Send) and the server (which decides). Kept free of zod, like the discussion's
 * rule, so the details page's Report button loads without the schema library; the request and
 * answer schemas are in `../schemas/reports.ts`.
 */
import { codePointLength, trimWhitespace } from '../validation/text-cleaning.ts';

/** 'private_message': a message of one's own private conversation (that message alone reaches the queue). */
export const REPORT_TARGET_TYPES = ['idea', 'message', 'private_message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['spam', 'offensive', 'misleading', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** How the dialog and the queue say each reason. */
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  spam: 'Spam',
  offensive: 'Offensive',
  misleading: 'Misleading',
  other: 'Other',
};

export const REPORT_NOTE_MAX_LENGTH = 500;

export const REPORT_TEXTS = {
  button: 'Report',
  sent: 'Report sent',
  reasonRequired: 'Choose a reason: Spam, Offensive, Misleading or Other.',
  noteRequired: 'Please say what is wrong: a note is required for Other.',
  noteTooLong: `The note must be at most ${REPORT_NOTE_MAX_LENGTH} characters.`,
  alreadyReported: 'You have already reported this. A moderator will look at it soon.',
  ownItem: 'You cannot report your own item.',
  ownMessage: 'You cannot report your own message.',
  messageNotFound: "This message doesn't exist or has already been removed.",
  noOpenReports: 'There are no open reports for this. Someone may have decided them already.',
} as const;

/** Control characters other than tab and line breaks: never part of a note. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/** A note as stored: control characters removed, trimmed; empty means no note. */
export function cleanReportNote(raw: string | null | undefined): string | null {
  const cleaned = trimWhitespace((raw ?? '').replace(CONTROL, ''));
  return cleaned === '' ? null : cleaned;
}

export type ReportNoteCheck = { ok: true; note: string | null } | { ok: false; message: string };

/** The note for `reason`: required for 'other', optional otherwise, at most 500 characters once cleaned. */
export function checkReportNote(reason: ReportReason, raw: string | null | undefined): ReportNoteCheck {
  const note = cleanReportNote(raw);
  if (note === null && reason === 'other') return { ok: false, message: REPORT_TEXTS.noteRequired };
  if (note !== null && codePointLength(note) > REPORT_NOTE_MAX_LENGTH) return { ok: false, message: REPORT_TEXTS.noteTooLong };
  return { ok: true, note };
}
