/**
 * The weekly digest (issue 28 point 2, decision 0047): once a week, on the day each person chose,
 * one email with the new items of the makers and topics they follow from the last 7 days, then the
 * week's most liked items, each with its cover, title, price and link. Written into the mail outbox
 * (kind 'notification': the admin's switch governs it) with the List-Unsubscribe one-click header
 * of its own token ('digest'), like every notification mail. Nobody with nothing new from whom
 * they follow is sent anything. A description is quoted past its first 100 characters only for a
 * reader the access rule lets read the item in full.
 *
 * `runWeeklyDigest` is the job: it may run on several instances at once, and as often as wanted;
 * each person's week is claimed in the transaction that writes their mail (queries.claimDigest).
 */
import { DESCRIPTION_PREVIEW_LENGTH, isCurrency } from '../../../shared/constants.ts';
import { creatorDisplayName, priceText } from '../../../shared/format.ts';
import { DIGEST_LABEL } from '../../../shared/rules/notifications.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { fullTextScopeForRows, scopeAllows } from '../../lib/content-access.ts';
import { escapeHtml, mailButton, mailPage } from '../../lib/mail-html.ts';
import { enqueueMail } from '../../lib/mail-outbox.ts';
import type { Logger } from '../../logger.ts';
import { unsubscribeHeaders, unsubscribeUrl } from '../notifications/index.ts';
import { claimDigest, type DigestItemRow, dueDigestPeople, followedNewItems, recipientOf, topItemsOfWeek } from './queries.ts';

const WEEK_MS = 7 * 24 * 3600_000;
/** New items from followed makers and topics a mail lists at most; then the week's top items. */
const FOLLOWED_MAX = 12;
const TOP_MAX = 5;
/** How much of a description a reader entitled to the whole item sees quoted. */
const QUOTE_LENGTH = 300;
const BATCH = 200;

export interface DigestDeps {
  db: Db;
  publicUrl: string;
  /** The key of unsubscribe tokens (notifications/unsubscribe.ts). */
  unsubscribeKey: Buffer;
  logger: Logger;
}

export interface DigestRun {
  /** Digests written to the outbox. */
  sent: number;
  /** People due whose week had nothing new from whom they follow (claimed, nothing sent). */
  empty: number;
}

/** Writes today's due digests to the outbox; safe to run on several instances at once. */
export async function runWeeklyDigest(deps: DigestDeps, at: Date): Promise<DigestRun> {
  const run: DigestRun = { sent: 0, empty: 0 };
  let after: string | null = null;
  for (;;) {
    const people = await dueDigestPeople(deps.db, at, after, BATCH);
    for (const userId of people) {
      const outcome = await inTransaction(deps.db, (tx) => digestOf(tx, deps, userId, at));
      if (outcome === 'sent') run.sent++;
      else if (outcome === 'empty') run.empty++;
    }
    if (people.length < BATCH) break;
    after = people[people.length - 1]!;
  }
  if (run.sent || run.empty) deps.logger.info(run, 'weekly digest');
  return run;
}

async function digestOf(tx: Tx, deps: DigestDeps, userId: string, at: Date): Promise<'sent' | 'empty' | 'taken'> {
  if (!(await claimDigest(tx, userId, at))) return 'taken';
  const person = await recipientOf(tx, userId);
  if (!person) return 'taken';
  const since = new Date(at.getTime() - WEEK_MS);
  const followed = await followedNewItems(tx, userId, since, at, FOLLOWED_MAX);
  if (followed.length === 0) return 'empty';
  const top = await topItemsOfWeek(tx, since, at, followed.map((i) => i.id), TOP_MAX);
  const role = person.role === 'admin' || person.role === 'moderator' ? person.role : 'user';
  // The access rule, decided now for this reader: the whole description (as far as a mail quotes) or its first 100 characters.
  const scope = await fullTextScopeForRows(tx, { userId, role }, deps.logger);
  const quote = (item: DigestItemRow) => {
    const chars = [...item.description];
    const limit = scopeAllows(scope, { id: item.id, ownerId: item.userId }) ? QUOTE_LENGTH : DESCRIPTION_PREVIEW_LENGTH;
    return chars.length > limit ? `${chars.slice(0, limit).join('')}…` : item.description;
  };
  const base = deps.publicUrl.replace(/\/+$/, '');
  const unsubscribe = unsubscribeUrl(deps.publicUrl, deps.unsubscribeKey, userId, 'digest');
  const card = (item: DigestItemRow) => ({
    title: item.title,
    maker: creatorDisplayName(item.makerName),
    price: isCurrency(item.currency) ? priceText(Number(item.price), item.currency) : String(item.price),
    link: `${base}/ideas/${item.id}`,
    cover: item.imageUrl ? (/^https?:\/\//.test(item.imageUrl) ? item.imageUrl : `${base}${item.imageUrl.startsWith('/') ? '' : '/'}${item.imageUrl}`) : null,
    quote: quote(item),
  });
  const news = followed.map(card);
  const best = top.map(card);
  const subject = `Your week on IdeaHub: ${news.length === 1 ? '1 new item' : `${news.length} new items`} from who you follow`;
  const textOf = (c: ReturnType<typeof card>) => `${c.title} (${c.price}) by ${c.maker}\n${c.quote}\n${c.link}${c.cover ? `\nCover: ${c.cover}` : ''}`;
  const text = [
    `Hello ${creatorDisplayName(person.name)},`,
    '',
    'New from the makers and topics you follow:',
    '',
    ...news.map((c) => `${textOf(c)}\n`),
    ...(best.length ? ["The week's top items:", '', ...best.map((c) => `${textOf(c)}\n`)] : []),
    `Turn off “${DIGEST_LABEL}”: ${unsubscribe}`,
    `Choose its day in your profile: ${base}/profile`,
  ].join('\n');
  const htmlOf = (c: ReturnType<typeof card>) => `<tr><td style="padding:0 0 20px">
${c.cover ? `<a href="${escapeHtml(c.link)}"><img src="${escapeHtml(c.cover)}" alt="" width="496" style="display:block;width:100%;max-width:496px;border-radius:8px;margin:0 0 8px"></a>` : ''}
<p style="margin:0;font-size:16px;font-weight:600"><a href="${escapeHtml(c.link)}" style="color:#1f2937">${escapeHtml(c.title)}</a></p>
<p style="margin:2px 0 4px;font-size:14px;color:#4f46e5;font-weight:600">${escapeHtml(c.price)} <span style="color:#6b7280;font-weight:400">by ${escapeHtml(c.maker)}</span></p>
<p style="margin:0;font-size:14px;color:#374151">${escapeHtml(c.quote)}</p>
</td></tr>`;
  const html = mailPage(
    'IdeaHub',
    `<p style="margin:0 0 16px">Hello ${escapeHtml(creatorDisplayName(person.name))},</p>
<h2 style="font-size:17px;margin:0 0 12px">New from the makers and topics you follow</h2>
<table role="presentation" width="100%">${news.map(htmlOf).join('\n')}</table>
${best.length ? `<h2 style="font-size:17px;margin:8px 0 12px">The week’s top items</h2>\n<table role="presentation" width="100%">${best.map(htmlOf).join('\n')}</table>` : ''}
${mailButton(`${base}/?feed=following`, 'Open your Following feed')}
<p style="margin:0 0 4px;font-size:13px;color:#6b7280">Turn off “${escapeHtml(DIGEST_LABEL)}”: <a href="${escapeHtml(unsubscribe)}">unsubscribe</a></p>`,
  );
  await enqueueMail(tx, {
    kind: 'notification',
    userId,
    to: person.email,
    subject,
    text,
    html,
    link: `${base}/?feed=following`,
    headers: unsubscribeHeaders(unsubscribe),
  });
  return 'sent';
}
