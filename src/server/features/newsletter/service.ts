/**
 * The newsletter (issue 15 point 4): subscribe (double opt-in), confirm, unsubscribe.
 *
 * - Subscribing stores the address as 'pending' and queues a confirmation mail through the mail
 *   outbox in the same transaction; only the address's owner, from that mail, can confirm it.
 *   Everyone is answered the same (new, waiting or already confirmed), so the form tells nobody who
 *   is subscribed; an already confirmed address gets no mail.
 * - While the admin's 'Marketing emails' switch is off, nothing is stored and the answer says so
 *   (403 'newsletter_paused'); the outbox drops any newsletter mail still waiting (mail-kinds.ts).
 * - Limits: per client address and per email address (rate_limits, like the account mails), so the
 *   form cannot be used to flood someone's inbox.
 * - Unsubscribing (the page or one click from the mail) deletes the address.
 */
import { eq, sql } from 'drizzle-orm';
import { NEWSLETTER_MESSAGES, type NewsletterState } from '../../../shared/schemas/newsletter.ts';
import type { Db } from '../../db/client.ts';
import { newsletterSubscriptions } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { maskEmail } from '../../lib/mail.ts';
import { enqueueMail } from '../../lib/mail-outbox.ts';
import { consumeEmailLimit, emailLimitKey } from '../auth/index.ts';
import { tooManyAttemptsMessage, tooManyMailsMessage } from '../auth/index.ts';
import { getPlatformSettings } from '../../lib/platform-settings.ts';
import { confirmationMail } from './mail.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  CONFIRM_LINK_DAYS,
  confirmToken,
  NEWSLETTER_CONFIRM_PATH,
  NEWSLETTER_UNSUBSCRIBE_PATH,
  newsletterLink,
  readConfirmToken,
  readUnsubscribeToken,
  unsubscribeToken,
} from './tokens.ts';

/** Subscribe requests per client address, and confirmation mails per email address. */
export const NEWSLETTER_LIMITS = {
  perClient: { window: 3600, max: 10 },
  perEmail: { window: 3600, max: 3 },
} as const;

export interface NewsletterDeps {
  db: Db;
  /** The key of the newsletter's links (from AUTH_SECRET); without it nothing can be confirmed. */
  key: Buffer | null;
  publicUrl: string;
}

class RetryLater extends AppError {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(429, 'too_many_requests', message);
  }
}
export { RetryLater as NewsletterRetryLater };

const linkInvalid = () => badRequest(NEWSLETTER_MESSAGES.linkInvalid, { token: [NEWSLETTER_MESSAGES.linkInvalid] });

/** Subscribe `email` (already checked and lower-cased): stores it as pending and mails the confirmation. */
export async function subscribe(deps: NewsletterDeps, email: string, clientIp: string | null): Promise<void> {
  const { db, key } = deps;
  if (!key) throw new AppError(503, 'unavailable', 'The newsletter is not available on this server.');
  if (!(await getPlatformSettings(db)).marketingEmails) throw new AppError(403, 'newsletter_paused', NEWSLETTER_MESSAGES.paused);
  if (clientIp) {
    const client = await consumeEmailLimit(db, `newsletter:ip:${clientIp}`, NEWSLETTER_LIMITS.perClient);
    if (!client.allowed) throw new RetryLater(tooManyAttemptsMessage(client.retryAfter), client.retryAfter);
  }
  await inTransaction(db, async (tx) => {
    const at = now();
    const [row] = await tx
      .insert(newsletterSubscriptions)
      .values({ email, status: 'pending', requestedAt: at })
      .onConflictDoUpdate({ target: newsletterSubscriptions.email, set: { requestedAt: sql`case when ${newsletterSubscriptions.status} = 'pending' then excluded.requested_at else ${newsletterSubscriptions.requestedAt} end` } })
      .returning({ id: newsletterSubscriptions.id, status: newsletterSubscriptions.status });
    if (!row || row.status !== 'pending') return;
    const perEmail = await consumeEmailLimit(tx, emailLimitKey('newsletter', email), NEWSLETTER_LIMITS.perEmail);
    if (!perEmail.allowed) throw new RetryLater(tooManyMailsMessage(perEmail.retryAfter), perEmail.retryAfter);
    const mail = confirmationMail({
      to: email,
      confirmLink: newsletterLink(deps.publicUrl, NEWSLETTER_CONFIRM_PATH, confirmToken(key, row.id, at)),
      unsubscribeLink: newsletterLink(deps.publicUrl, NEWSLETTER_UNSUBSCRIBE_PATH, unsubscribeToken(key, row.id)),
      publicUrl: deps.publicUrl,
      days: CONFIRM_LINK_DAYS,
    });
    await enqueueMail(tx, { kind: 'marketing', ...mail });
  });
}

/** Confirms the subscription a confirmation link names (again: still confirmed). */
export async function confirm(deps: NewsletterDeps, token: string): Promise<NewsletterState> {
  const target = deps.key ? readConfirmToken(deps.key, token, now()) : null;
  if (!target) throw linkInvalid();
  const [row] = await deps.db
    .update(newsletterSubscriptions)
    .set({ status: 'confirmed', confirmedAt: sql`coalesce(${newsletterSubscriptions.confirmedAt}, now())` })
    .where(eq(newsletterSubscriptions.id, target.id))
    .returning({ email: newsletterSubscriptions.email });
  // Unsubscribed since (the row is gone): the old link does not bring the address back.
  if (!row) throw linkInvalid();
  return { status: 'confirmed', email: maskEmail(row.email) };
}

/** Forgets the address an unsubscribe link names (already gone: the same answer, nothing to do). */
export async function unsubscribe(deps: NewsletterDeps, token: string): Promise<NewsletterState> {
  const target = deps.key ? readUnsubscribeToken(deps.key, token) : null;
  if (!target) throw linkInvalid();
  const [row] = await deps.db
    .delete(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, target.id))
    .returning({ email: newsletterSubscriptions.email });
  return { status: 'unsubscribed', email: row ? maskEmail(row.email) : '' };
}
