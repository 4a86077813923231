/** The account mails: plain text plus simple HTML, branded IdeaHub, linking to PUBLIC_URL. */
import { escapeHtml, mailButton, mailPage } from '../../lib/mail-html.ts';
import type { MailMessage } from '../../lib/mail.ts';

const BRAND = 'IdeaHub';


interface Layout {
  to: string;
  subject: string;
  greetingName: string | null;
  intro: string;
  action: string;
  link: string;
  outro: string;
  publicUrl: string;
}

function render(l: Layout): MailMessage {
  const greeting = l.greetingName?.trim() ? `Hello ${l.greetingName.trim()},` : 'Hello,';
  const text = [
    greeting,
    '',
    l.intro,
    '',
    `${l.action}:`,
    l.link,
    '',
    l.outro,
    '',
    `${BRAND} · ${l.publicUrl}`,
    '',
  ].join('\n');
  const html = mailPage(
    BRAND,
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px">${escapeHtml(l.intro)}</p>
${mailButton(l.link, l.action)}
<p style="margin:0 0 8px;font-size:13px;color:#6b7280">If the button does not work, copy this link into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHtml(l.link)}">${escapeHtml(l.link)}</a></p>
<p style="margin:0 0 24px;font-size:13px;color:#6b7280">${escapeHtml(l.outro)}</p>
<p style="margin:0;font-size:13px;color:#6b7280"><a href="${escapeHtml(l.publicUrl)}">${BRAND}</a></p>`,
  );
  return { to: l.to, subject: l.subject, text, html, link: l.link };
}

export function verificationMail(input: { to: string; name: string | null; link: string; publicUrl: string }): MailMessage {
  return render({
    to: input.to,
    subject: `Confirm your email address for ${BRAND}`,
    greetingName: input.name,
    intro: `Thanks for joining ${BRAND}. Please confirm that this is your email address so you can sign in and start sharing ideas.`,
    action: 'Confirm my email address',
    link: input.link,
    outro: 'This link expires in 24 hours. If you did not create an account, you can ignore this email.',
    publicUrl: input.publicUrl,
  });
}

export function resetPasswordMail(input: { to: string; name: string | null; link: string; publicUrl: string }): MailMessage {
  return render({
    to: input.to,
    subject: `Reset your ${BRAND} password`,
    greetingName: input.name,
    intro: `Someone (hopefully you) asked to reset the password of your ${BRAND} account. Choose a new password with the link below; you will be signed out everywhere else.`,
    action: 'Choose a new password',
    link: input.link,
    outro: 'This link expires in 1 hour. If you did not ask for this, you can ignore this email: your password stays as it is.',
    publicUrl: input.publicUrl,
  });
}

/** Sent instead of a confirmation when someone signs up with an address that has an account. */
export function existingAccountMail(input: { to: string; name: string | null; link: string; publicUrl: string }): MailMessage {
  return render({
    to: input.to,
    subject: `Someone tried to sign up to ${BRAND} with your address`,
    greetingName: input.name,
    intro: `Someone tried to create a ${BRAND} account with this email address, which already has one. If it was you, sign in, or reset your password if you have forgotten it.`,
    action: 'Sign in',
    link: input.link,
    outro: 'If it was not you, you can ignore this email: nothing has changed in your account.',
    publicUrl: input.publicUrl,
  });
}

/** Sent once an address is confirmed (or a Google account is made), while welcome emails are on. */
export function welcomeMail(input: { to: string; name: string | null; link: string; publicUrl: string }): MailMessage {
  return render({
    to: input.to,
    subject: `Welcome to ${BRAND}`,
    greetingName: input.name,
    intro: `Your ${BRAND} account is ready. Share your first idea or product, get feedback from the community, and keep sharing to unlock premium details.`,
    action: 'Share your first idea',
    link: input.link,
    outro: `You are receiving this because you created a ${BRAND} account with this address.`,
    publicUrl: input.publicUrl,
  });
}

/** Sent when an admin turned off two-factor authentication for the account (after checking who asked). */
export function twoFactorResetMail(input: { to: string; name: string | null; link: string; publicUrl: string }): MailMessage {
  return render({
    to: input.to,
    subject: `Two-factor authentication was turned off on your ${BRAND} account`,
    greetingName: input.name,
    intro: `An ${BRAND} admin turned off two-factor authentication on your account, as you asked when you could not use your authenticator app or backup codes. Signing in now asks for your password only. You can turn it back on from your profile, with a new QR code.`,
    action: 'Open my profile',
    link: input.link,
    outro: 'If you did not ask for this, reset your password now and turn two-factor authentication back on: someone may be trying to take over your account.',
    publicUrl: input.publicUrl,
  });
}

/** Sent when new backup codes were made for the account (the old ones stopped working). */
export function newBackupCodesMail(input: { to: string; name: string | null; link: string; publicUrl: string }): MailMessage {
  return render({
    to: input.to,
    subject: `New backup codes for your ${BRAND} account`,
    greetingName: input.name,
    intro: `New two-factor backup codes were made for your ${BRAND} account, from your profile. The codes you had before no longer work.`,
    action: 'Open my profile',
    link: input.link,
    outro: 'If this was not you, someone knows your password and has your session: reset your password now, then make new backup codes yourself.',
    publicUrl: input.publicUrl,
  });
}
