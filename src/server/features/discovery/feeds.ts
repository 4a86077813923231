/**
 * Atom feeds (issue 16): /feed.xml (the newest items, ?category=idea|product narrows it) and
 * /makers/{userId}/feed.xml (one maker's newest). Written with the `feed` library. Every entry is
 * what a visitor may read: the summary is the description's first 100 characters (premium rule),
 * whoever asks; the content adds the price with its currency.
 */
import { Feed } from 'feed';
import { CURRENCY_NAMES, type Currency, DESCRIPTION_PREVIEW_LENGTH } from '../../../shared/constants.ts';
import { creatorDisplayName, formatPrice } from '../../../shared/format.ts';
import { previewDescription } from '../../../shared/rules/premium.ts';
import type { Db } from '../../db/client.ts';
import { newestForFeed } from './queries.ts';

/** Text as HTML: the feed's title, summary and content are typed html, so text is escaped into it. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface FeedScope {
  /** Absolute address of the feed itself. */
  self: string;
  /** The page the feed follows (home, or the maker's page). */
  page: string;
  title: string;
  subtitle: string;
  category?: 'idea' | 'product';
  userId?: string;
  topicId?: string;
}

export async function atomFeed(db: Db, publicUrl: string, scope: FeedScope): Promise<string> {
  const rows = await newestForFeed(db, { category: scope.category, userId: scope.userId, topicId: scope.topicId });
  const feed = new Feed({
    id: scope.self,
    title: scope.title,
    description: scope.subtitle,
    link: scope.page,
    feedLinks: { atom: scope.self },
    favicon: `${publicUrl}/favicon.svg`,
    // The newest change among the entries; a feed without any is as old as the epoch says nothing new.
    updated: rows.reduce<Date>((latest, r) => (r.updatedAt > latest ? r.updatedAt : latest), new Date(0)),
    generator: 'IdeaHub',
    language: 'en',
    copyright: `© IdeaHub and its makers`,
  });
  for (const row of rows) {
    const link = `${publicUrl}/ideas/${row.id}`;
    const summary = previewDescription(row.preview, DESCRIPTION_PREVIEW_LENGTH);
    const currency = row.currency as Currency;
    const price = `${formatPrice(Number(row.price), currency)} (${currency}, ${CURRENCY_NAMES[currency]})`;
    feed.addItem({
      id: link,
      link,
      title: escapeHtml(row.title),
      description: escapeHtml(summary),
      content: `<p>${escapeHtml(summary)}</p><p>Price: ${escapeHtml(price)}</p>`,
      author: [{ name: creatorDisplayName(row.creatorName), link: `${publicUrl}/makers/${encodeURIComponent(row.userId)}` }],
      category: [{ term: row.category, name: row.category === 'idea' ? 'Idea' : 'Product' }],
      published: row.createdAt,
      date: row.updatedAt,
    });
  }
  return feed.atom1();
}
