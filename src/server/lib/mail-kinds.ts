/**
 * The admin's email switches (Email Settings), as one rule every sender of mail goes through:
 * each mail has a kind, and sendMailOfKind sends it only when mayEmail says the switches allow it.
 * Mails are queued with their kind in the mail outbox (lib/mail-outbox.ts), whose sender asks this
 * rule when it sends them, so a switch turned off also stops the mails already waiting.
 *
 * - 'account': confirmation, password reset, 'someone tried to sign up with your address'. They
 *   keep an account safe and usable, so no switch stops them.
 * - 'welcome': the welcome mail once an address is confirmed (welcomeEmails).
 * - 'notification': mails about activity: replies, mentions, likes… (emailNotifications).
 * - 'marketing': the newsletter (marketingEmails): its confirmation mails, and any issue sent to the
 *   confirmed addresses (features/newsletter).
 */
import type { PlatformSettings } from '../../shared/schemas/settings.ts';
import type { MailMessage, Mailer } from './mail.ts';

export type MailKind = 'account' | 'welcome' | 'notification' | 'marketing';

export type EmailSwitches = Pick<PlatformSettings, 'emailNotifications' | 'welcomeEmails' | 'marketingEmails'>;

/** Whether a mail of `kind` may be sent under these switches. */
export function mayEmail(kind: MailKind, switches: EmailSwitches): boolean {
  switch (kind) {
    case 'account':
      return true;
    case 'welcome':
      return switches.welcomeEmails;
    case 'notification':
      return switches.emailNotifications;
    case 'marketing':
      return switches.marketingEmails;
  }
}

export interface MailOfKindDeps {
  mailer: Pick<Mailer, 'send'>;
  /** The switches as they are now (read only for kinds a switch governs). */
  switches(): Promise<EmailSwitches>;
}

/** Sends `message` if its kind is allowed now; true when sent. Rejects as mailer.send does. */
export async function sendMailOfKind(deps: MailOfKindDeps, kind: MailKind, message: MailMessage): Promise<boolean> {
  if (kind !== 'account' && !mayEmail(kind, await deps.switches())) return false;
  await deps.mailer.send(message);
  return true;
}
