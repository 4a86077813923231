/**
 * The newsletter's mails. Every one carries its one-click unsubscribe (RFC 8058 headers, and the
 * link in its text), including the confirmation, which is the first newsletter mail an address gets.
 * A newsletter issue, when there is one, is sent the same way: `newsletterMail` with its own words.
 */
import type { MailMessage } from '../../lib/mail.ts';
import { escapeHtml, mailButton, mailPage } from '../../lib/mail-html.ts';
import { unsubscribeHeaders } from '../notifications/index.ts';

const BRAND = 'IdeaHub';

export interface NewsletterMailInput {
  to: string;
  subject: string;
  intro: string;
  /** The one button of the mail, if any. */
  action?: { label: string; link: string };
  outro: string;
  unsubscribeLink: string;
  publicUrl: string;
}

/** A newsletter mail: branded text and HTML, List-Unsubscribe (and -Post over https), the link in the footer. */
export function newsletterMail(m: NewsletterMailInput): MailMessage & { headers: Record<string, string> } {
  const text = [
    'Hello,',
    '',
    m.intro,
    '',
    ...(m.action ? [`${m.action.label}:`, m.action.link, ''] : []),
    m.outro,
    '',
    `To stop receiving the ${BRAND} newsletter, open ${m.unsubscribeLink}`,
    '',
    `${BRAND} · ${m.publicUrl}`,
    '',
  ].join('\n');
  const button = m.action
    ? `${mailButton(m.action.link, m.action.label)}
<p style="margin:0 0 8px;font-size:13px;color:#6b7280">If the button does not work, copy this link into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHtml(m.action.link)}">${escapeHtml(m.action.link)}</a></p>`
    : '';
  const html = mailPage(
    BRAND,
    `<p style="margin:0 0 16px">Hello,</p>
<p style="margin:0 0 24px">${escapeHtml(m.intro)}</p>
${button}
<p style="margin:0 0 24px;font-size:13px;color:#6b7280">${escapeHtml(m.outro)}</p>
<p style="margin:0;font-size:13px;color:#6b7280"><a href="${escapeHtml(m.publicUrl)}">${BRAND}</a> · <a href="${escapeHtml(m.unsubscribeLink)}">Unsubscribe</a></p>`,
  );
  return { to: m.to, subject: m.subject, text, html, link: m.action?.link, headers: unsubscribeHeaders(m.unsubscribeLink) };
}

export function confirmationMail(input: { to: string; confirmLink: string; unsubscribeLink: string; publicUrl: string; days: number }) {
  return newsletterMail({
    to: input.to,
    subject: `Confirm your ${BRAND} newsletter subscription`,
    intro: `Someone, hopefully you, asked to receive the ${BRAND} newsletter at this address: the best new ideas and products, now and then. Please confirm that you want it.`,
    action: { label: 'Yes, subscribe me', link: input.confirmLink },
    outro: `This link works for ${input.days} days. If you did not ask for the newsletter, ignore this email and you will not hear from us again.`,
    unsubscribeLink: input.unsubscribeLink,
    publicUrl: input.publicUrl,
  });
}
