/**
 * The footer's newsletter (issue 15 point 4): subscribe with an address, confirm it from the mail
 * (double opt-in), leave with one click. What the API takes and answers, and the words people see.
 */
import { z } from 'zod';
import { NEWSLETTER_MESSAGES } from '../constants.ts';

export const NEWSLETTER_EMAIL_MAX_LENGTH = 254;

export { NEWSLETTER_MESSAGES };

/** POST /api/newsletter. */
export const newsletterSubscribeSchema = z.object({
  email: z
    .string({ error: NEWSLETTER_MESSAGES.emailRequired })
    .trim()
    .min(1, NEWSLETTER_MESSAGES.emailRequired)
    .max(NEWSLETTER_EMAIL_MAX_LENGTH, NEWSLETTER_MESSAGES.emailInvalid)
    .pipe(z.email(NEWSLETTER_MESSAGES.emailInvalid))
    .transform((email) => email.toLowerCase()),
});

/** POST /api/newsletter answer (202): the same for every address. */
export const newsletterRequestedSchema = z.object({ message: z.string() });

/** A confirmation or unsubscribe link's token (from the mail). */
export const newsletterTokenSchema = z.object({ token: z.string().min(1).max(400) });

/** What a confirmation or an unsubscribe did, for the page that did it. */
export const newsletterStateSchema = z.object({
  /** 'confirmed': the newsletter will come; 'unsubscribed': the address is no longer kept. */
  status: z.enum(['confirmed', 'unsubscribed']),
  /** The address, partly hidden ('a***@example.com'). */
  email: z.string(),
});
export type NewsletterState = z.infer<typeof newsletterStateSchema>;
