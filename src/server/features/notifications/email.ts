/**
 * Notification emails (issue 17 point 2), written by notify() into the mail outbox in the acting
 * transaction and drawn when they are sent (lib/mail-outbox.ts).
 *
 * Gathering: emails about one discussion (new messages, replies, mentions: one subject per item),
 * one item's likes, or one private conversation share a `digest_key` per person. The first goes out
 * at once; activity within DIGEST_WINDOW_MS of the last one's time waits in ONE pending row, due at
 * the end of that window (at most one mail per subject and person every 15 minutes; a quiet
 * subject mails at once again). Removals are mailed one by one, at once.
 *
 * Drawing, at sending time: the recipient's preferences then (an event whose kind was turned off
 * meanwhile is left out; none left, nothing is sent), the names and titles then, and a message's
 * text only when the recipient may read that discussion then (premium rule); a followed maker's new
 * item quotes its description, past its first 100 characters only for a reader entitled to it.
 * Each email carries the unsubscribe link of its kinds (unsubscribe.ts).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { DESCRIPTION_PREVIEW_LENGTH } from '../../../shared/constants.ts';
import { DELETED_USER_NAME } from '../../../shared/schemas/discussion.ts';
import { isCurrency } from '../../../shared/constants.ts';
import { formatPrice } from '../../../shared/format.ts';
import { NOTIFICATION_KIND_LABELS, type NotificationKind, isNotificationKind } from '../../../shared/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import { ideaDiscussionMessages, ideaDiscussions, ideas, profiles, users } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import type { MailMessage } from '../../lib/mail.ts';
import type { MailRenderer } from '../../lib/mail-outbox.ts';
import type { Logger } from '../../logger.ts';
import { escapeHtml, mailButton, mailPage } from '../../lib/mail-html.ts';
import { fullTextScopeForRows, scopeAllows } from '../../lib/content-access.ts';
import type { Tx } from '../../db/transaction.ts';
import type { NotificationEvent } from './events.ts';
import { storedChoices } from './queries.ts';
import { notificationLink } from './service.ts';
import { unsubscribeHeaders, unsubscribeUrl } from './unsubscribe.ts';
import { preferencesWithDefaults } from '../../../shared/schemas/notifications.ts';

export const NOTIFICATION_MAIL_TEMPLATE = 'notification';
export const DIGEST_WINDOW_MS = 15 * 60_000;
/** Events kept in one waiting mail; later ones are counted only ('and 12 more'). */
const MAX_EVENTS = 50;
/** Events written out in one mail. */
const SHOWN_EVENTS = 20;
/** How much of a message a mail quotes. */
const QUOTE_LENGTH = 500;

/** One event as a waiting mail keeps it: ids only, drawn at sending time. */
export interface MailEvent {
  kind: NotificationKind;
  actorId: string;
  ideaId: string | null;
  messageId?: number;
  conversationId?: string;
  privateMessageId?: number;
  target?: 'idea' | 'message';
  reason?: string | null;
  itemTitle?: string | null;
  /** Sales and receipts: the payment's reference and amount (minor units). */
  reference?: string;
  amount?: number;
  currency?: string;
  at: string;
}

interface MailData {
  events: MailEvent[];
  more?: number;
}

/** What one person's mails about the event's subject are gathered under; null: mailed on its own. */
export function digestKeyOf(event: NotificationEvent): string | null {
  switch (event.kind) {
    case 'discussion':
    case 'reply':
    case 'mention':
      return `discussion:${event.ideaId}`;
    case 'like':
      return `likes:${event.ideaId}`;
    case 'private_message':
      return `conversation:${event.conversationId}`;
    case 'removal':
    case 'new_item':
    case 'sale':
    case 'purchase':
      return null;
  }
}

function mailEventOf(event: NotificationEvent, at: Date): MailEvent {
  const base = { kind: event.kind, actorId: event.actorId, at: at.toISOString() };
  switch (event.kind) {
    case 'discussion':
    case 'reply':
    case 'mention':
      return { ...base, ideaId: event.ideaId, messageId: event.messageId };
    case 'like':
    case 'new_item':
      return { ...base, ideaId: event.ideaId };
    case 'private_message':
      return { ...base, ideaId: event.ideaId, conversationId: event.conversationId, privateMessageId: event.privateMessageId };
    case 'removal':
      return { ...base, ideaId: event.ideaId, target: event.target, reason: event.reason, itemTitle: event.itemTitle ?? null };
    case 'sale':
    case 'purchase':
      return { ...base, ideaId: event.ideaId, reference: event.reference, amount: event.amount, currency: event.currency };
  }
}

/**
 * Queues the email of `event` for its recipient (who keeps this kind by email): joins the
 * waiting mail of its subject, or starts one, due at once or at the end of the subject's window
 * (the database function queue_notification_mail, which toggle_like calls for likes).
 * The caller checks the admin switch (notify.ts); the sender checks it again when sending.
 */
export async function queueNotificationEmail(tx: Tx, event: NotificationEvent): Promise<void> {
  const at = now();
  const data: MailData = { events: [mailEventOf(event, at)] };
  const key = digestKeyOf(event);
  if (key === null) {
    // A removal names an item that is being deleted in this transaction: its title goes with it.
    if (event.kind === 'removal' && event.itemTitle === undefined && event.ideaId) {
      const [item] = await tx.select({ title: ideas.title }).from(ideas).where(eq(ideas.id, event.ideaId));
      data.events[0]!.itemTitle = item?.title ?? null;
    }
    await tx.execute(sql`
      insert into mail_outbox (kind, user_id, template, data, send_after)
      values ('notification', ${event.recipientId}, ${NOTIFICATION_MAIL_TEMPLATE}, ${JSON.stringify(data)}::jsonb, ${at.toISOString()}::timestamptz)`);
    return;
  }
  await tx.execute(sql`select queue_notification_mail(${event.recipientId}::text, ${NOTIFICATION_MAIL_TEMPLATE}::text, ${JSON.stringify(data)}::jsonb,
    ${key}::text, ${at.toISOString()}::timestamptz, ${DIGEST_WINDOW_MS / 1000}::float8, ${MAX_EVENTS}::int)`);
}

/**
 * The email of a new like as the database function toggle_like queues it (likes/service.ts),
 * when its recipient keeps likes by email: the same data, subject and window as queueNotificationEmail.
 */
export function likeMail(ideaId: string, actorId: string, at: Date) {
  const event: NotificationEvent = { kind: 'like', recipientId: '', actorId, ideaId };
  const data: MailData = { events: [mailEventOf(event, at)] };
  return {
    template: NOTIFICATION_MAIL_TEMPLATE,
    data,
    digestKey: digestKeyOf(event),
    at: at.toISOString(),
    windowSecs: DIGEST_WINDOW_MS / 1000,
    maxEvents: MAX_EVENTS,
  };
}

// ── Drawing ────────────────────────────────────────────────────────────────────────────────

export interface NotificationMailDeps {
  db: Db;
  publicUrl: string;
  /** The key of unsubscribe tokens (unsubscribe.ts). */
  unsubscribeKey: Buffer;
  logger: Logger;
}

function parseData(data: unknown): MailData | null {
  const d = data as Partial<MailData> | null;
  if (!d || !Array.isArray(d.events)) return null;
  const events = d.events.filter((e): e is MailEvent => !!e && typeof e === 'object' && isNotificationKind((e as MailEvent).kind));
  return { events, more: typeof d.more === 'number' ? d.more : 0 };
}

/** One line of text: no line breaks from people's names or titles. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const quoted = (title: string) => `“${oneLine(title)}”`;

interface Drawn {
  name: (actorId: string) => string;
  title: (e: MailEvent) => string;
  quote: (e: MailEvent) => string | null;
  link: (e: MailEvent) => string | null;
}

function lineOf(e: MailEvent, d: Drawn): string {
  const who = d.name(e.actorId);
  const title = quoted(d.title(e));
  switch (e.kind) {
    case 'discussion':
      return `${who} posted in the discussion of ${title}.`;
    case 'reply':
      return `${who} replied to your message on ${title}.`;
    case 'mention':
      return `${who} mentioned you in the discussion of ${title}.`;
    case 'like':
      return `${who} liked ${title}.`;
    case 'private_message':
      return `${who} sent you a private message about ${title}.`;
    case 'new_item':
      return `${who} shared ${title}.`;
    case 'removal':
      return `A moderator removed your ${e.target === 'message' ? `message on ${title}` : `${title}`}.`;
    case 'sale':
      return `${who} bought ${title}.`;
    case 'purchase':
      return `Receipt: you bought ${title} from ${who} for ${moneyOf(e)} (reference ${e.reference ?? 'N/A'}).`;
  }
}

/** '₦1,500.00' for a mail event's amount in minor units. */
function moneyOf(e: MailEvent): string {
  return formatPrice((e.amount ?? 0) / 100, isCurrency(e.currency) ? e.currency : 'NGN', { cents: 'always' });
}

function subjectOf(events: MailEvent[], total: number, d: Drawn): string {
  const first = events[0]!;
  const title = quoted(d.title(first));
  if (first.kind === 'removal') return first.target === 'message' ? `Your message on ${title} was removed` : `Your item ${title} was removed`;
  if (first.kind === 'purchase') return `Your receipt for ${title}`;
  if (first.kind === 'like') {
    const people = [...new Set(events.map((e) => e.actorId))];
    const latest = d.name(events.at(-1)!.actorId);
    const others = people.length - 1 + (total - events.length);
    return others > 0 ? `${latest} and ${others} ${others === 1 ? 'other' : 'others'} liked ${title}` : `${latest} liked ${title}`;
  }
  if (total === 1) return lineOf(first, d).replace(/\.$/, '');
  if (first.kind === 'private_message') return `${total} new private messages about ${title}`;
  return `${total} new messages in the discussion of ${title}`;
}

function actionOf(e: MailEvent): string {
  if (e.kind === 'private_message') return 'Open the conversation';
  if (e.kind === 'new_item') return 'See it on IdeaHub';
  if (e.kind === 'like' || e.kind === 'removal') return 'Open IdeaHub';
  if (e.kind === 'sale' || e.kind === 'purchase') return 'Open the item';
  return 'Open the discussion';
}

/** Draws the notification mails of the outbox (the sender calls it per due row). */
export function createNotificationMailRenderer(deps: NotificationMailDeps): MailRenderer {
  const { db, publicUrl, unsubscribeKey, logger } = deps;
  const base = publicUrl.replace(/\/+$/, '');
  return async (row) => {
    const data = parseData(row.data);
    if (!row.userId || !data || data.events.length === 0) return null;
    const [person] = await db
      .select({ email: users.email, role: users.role, banned: users.banned, name: profiles.fullName })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, row.userId));
    if (!person || person.banned) return null;
    const preferences = preferencesWithDefaults(await storedChoices(db, row.userId));
    const events = data.events.filter((e) => preferences[e.kind].email);
    if (events.length === 0) return null;
    const total = events.length + (data.more ?? 0);

    const ideaIds = [...new Set(events.flatMap((e) => (e.ideaId ? [e.ideaId] : [])))];
    const actorIds = [...new Set(events.map((e) => e.actorId))];
    const messageIds = [...new Set(events.flatMap((e) => (e.messageId ? [e.messageId] : [])))];
    const items = new Map(
      ideaIds.length
        ? (await db.select({ id: ideas.id, userId: ideas.userId, title: ideas.title }).from(ideas).where(inArray(ideas.id, ideaIds))).map((i) => [i.id, i])
        : [],
    );
    const names = new Map(
      (await db.select({ id: users.id, name: profiles.fullName }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(inArray(users.id, actorIds))).map(
        (a) => [a.id, a.name],
      ),
    );
    // Premium rule, decided now: a message's text only for someone who may read its discussion.
    const role = person.role === 'admin' || person.role === 'moderator' ? person.role : 'user';
    const newItems = [...new Set(events.flatMap((e) => (e.kind === 'new_item' && e.ideaId ? [e.ideaId] : [])))];
    const scope = messageIds.length || newItems.length ? await fullTextScopeForRows(db, { userId: row.userId, role }, logger) : null;
    const readable = new Set(
      scope === null ? [] : ideaIds.filter((id) => scopeAllows(scope, { id, ownerId: items.get(id)?.userId ?? null })),
    );
    const texts = new Map<number, string>();
    const readableMessages = messageIds.filter((id) => events.some((e) => e.messageId === id && e.ideaId !== null && readable.has(e.ideaId)));
    if (readableMessages.length) {
      const rows = await db
        .select({ id: ideaDiscussionMessages.id, content: ideaDiscussionMessages.content, ideaId: ideaDiscussions.ideaId })
        .from(ideaDiscussionMessages)
        .innerJoin(ideaDiscussions, eq(ideaDiscussions.id, ideaDiscussionMessages.discussionId))
        .where(inArray(ideaDiscussionMessages.id, readableMessages));
      for (const m of rows) if (readable.has(m.ideaId) && m.content !== '') texts.set(Number(m.id), m.content.length > QUOTE_LENGTH ? `${m.content.slice(0, QUOTE_LENGTH)}…` : m.content);
    }
    // A followed maker's new item: its description, whole only for a reader who may read it in full (the access rule).
    const descriptions = new Map<string, string>();
    if (newItems.length) {
      for (const item of await db.select({ id: ideas.id, description: ideas.description }).from(ideas).where(inArray(ideas.id, newItems))) {
        const chars = [...item.description];
        const limit = readable.has(item.id) ? QUOTE_LENGTH : DESCRIPTION_PREVIEW_LENGTH;
        descriptions.set(item.id, chars.length > limit ? `${chars.slice(0, limit).join('')}…` : item.description);
      }
    }
    const drawn: Drawn = {
      name: (id) => {
        if (!names.has(id)) return DELETED_USER_NAME;
        const n = names.get(id);
        return n?.trim() ? oneLine(n) : 'Anonymous';
      },
      title: (e) => (e.ideaId && items.get(e.ideaId)?.title) || e.itemTitle || 'an item that was removed',
      quote: (e) =>
        e.messageId !== undefined ? (texts.get(e.messageId) ?? null) : e.kind === 'new_item' && e.ideaId ? (descriptions.get(e.ideaId) ?? null) : null,
      link: (e) => {
        const path = notificationLink({
          kind: e.kind,
          ideaId: e.ideaId && items.has(e.ideaId) ? e.ideaId : null,
          conversationId: e.conversationId ?? null,
          messageId: e.messageId ?? null,
          details: e.privateMessageId ? { privateMessageId: e.privateMessageId } : null,
        });
        return path ? `${base}${path}` : null;
      },
    };

    const first = events[0]!;
    const kinds = [...new Set(events.map((e) => e.kind))];
    const unsubscribe = new Map(kinds.map((k) => [k, unsubscribeUrl(publicUrl, unsubscribeKey, row.userId!, k)]));
    const shown = first.kind === 'like' ? [events.at(-1)!] : events.slice(-SHOWN_EVENTS);
    const hidden = total - shown.length;
    const link = drawn.link(events.at(-1)!) ?? `${base}/dashboard`;
    const subject = subjectOf(events, total, drawn);
    const greeting = person.name?.trim() ? `Hello ${oneLine(person.name)},` : 'Hello,';
    const entries = shown.map((e) => ({ line: first.kind === 'like' ? `${subject}.` : lineOf(e, drawn), quote: drawn.quote(e), reason: e.kind === 'removal' ? e.reason : undefined }));
    const footer = kinds.map((k) => ({ label: NOTIFICATION_KIND_LABELS[k], url: unsubscribe.get(k)! }));

    const text = [
      greeting,
      '',
      ...entries.flatMap((e) => [
        e.line,
        ...(e.quote ? e.quote.split('\n').map((l) => `> ${l}`) : []),
        ...(e.reason !== undefined ? [e.reason ? `Reason: ${e.reason}` : 'No reason was given.'] : []),
        '',
      ]),
      ...(hidden > 0 && first.kind !== 'like' ? [`And ${hidden} more.`, ''] : []),
      `${actionOf(first)}:`,
      link,
      '',
      ...footer.map((f) => `Turn off emails about “${f.label}”: ${f.url}`),
      `Change all your notification settings: ${base}/profile`,
      '',
      `IdeaHub · ${base}`,
      '',
    ].join('\n');

    const html = mailPage(
      'IdeaHub',
      `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${entries
  .map(
    (e) =>
      `<p style="margin:0 0 8px">${escapeHtml(e.line)}</p>` +
      (e.quote ? `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #c7d2fe;color:#374151;white-space:pre-wrap">${escapeHtml(e.quote)}</blockquote>` : '') +
      (e.reason !== undefined ? `<p style="margin:0 0 16px;color:#374151">${escapeHtml(e.reason ? `Reason: ${e.reason}` : 'No reason was given.')}</p>` : '') +
      (e.quote || e.reason !== undefined ? '' : '<div style="height:8px"></div>'),
  )
  .join('\n')}
${hidden > 0 && first.kind !== 'like' ? `<p style="margin:0 0 16px;color:#6b7280">And ${hidden} more.</p>` : ''}
${mailButton(link, actionOf(first), '16px 0 24px')}
${footer.map((f) => `<p style="margin:0 0 4px;font-size:13px;color:#6b7280">Turn off emails about “${escapeHtml(f.label)}”: <a href="${escapeHtml(f.url)}">unsubscribe</a></p>`).join('\n')}
<p style="margin:0 0 24px;font-size:13px;color:#6b7280"><a href="${escapeHtml(`${base}/profile`)}">Change all your notification settings</a></p>
<p style="margin:0;font-size:13px;color:#6b7280"><a href="${escapeHtml(base)}">IdeaHub</a></p>`,
    );

    const message: MailMessage = { to: person.email, subject, text, html, link, headers: unsubscribeHeaders(unsubscribe.get(first.kind)!) };
    return message;
  };
}
