/**
 * Sitemaps (issue 16). /sitemap.xml lists the public pages and every item page with its lastmod
 * while there are at most SITEMAP_INDEX_AFTER URLs (the protocol's 50,000); past that it is a
 * sitemap index: one file of the public pages, then files of SITEMAP_URLS_PER_FILE items (5,000 by
 * default: a file of 50,000 is over a megabyte compressed, slow to send to many crawlers at once)
 * in creation order, each named by the item it follows (/sitemaps/items/{cursor}.xml). Files are written from keyset pages
 * of the (created_at, id) index, a chunk at a time: no request reads every row at once; the index
 * numbers the items in one pass over that index and reads back only each file's last item.
 */
import type { Db } from '../../db/client.ts';
import { decodeCursor, encodeCursor, type Keyset } from '../ideas/cursor.ts';
import { fileBoundaries, hasMoreItemsThan, itemsAfter } from './queries.ts';

/** The public pages a crawler should know (ARCHITECTURE.md, public addresses); item pages follow. */
export const SITEMAP_PUBLIC_PAGES = ['/', '/about', '/privacy', '/terms'] as const;
/** Rows read per query while a file is written. */
const CHUNK = 5000;
/** The first item file's name (no item before it). */
export const FIRST_ITEMS_FILE = 'start';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

const urlEntry = (loc: string, lastmod?: Date) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>\n`;

export interface SitemapOptions {
  publicUrl: string;
  /** Up to this many URLs, one urlset (SITEMAP_INDEX_AFTER). */
  indexAfter: number;
  /** URLs per item file of the index (SITEMAP_URLS_PER_FILE). */
  urlsPerFile: number;
}

/** Item URLs after `after`, at most `max`, written chunk by chunk. */
async function itemEntries(db: Db, publicUrl: string, after: Keyset | null, max: number): Promise<string> {
  const parts: string[] = [];
  let cursor = after;
  let left = max;
  while (left > 0) {
    const want = Math.min(CHUNK, left);
    const rows = await itemsAfter(db, cursor, want);
    for (const r of rows) parts.push(urlEntry(`${publicUrl}/ideas/${r.id}`, r.updatedAt));
    const last = rows.at(-1);
    if (!last || rows.length < want) break;
    left -= rows.length;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
  return parts.join('');
}

const pagesEntries = (publicUrl: string) => SITEMAP_PUBLIC_PAGES.map((p) => urlEntry(`${publicUrl}${p === '/' ? '/' : p}`)).join('');

/** /sitemap.xml: one urlset while everything fits in a file, else the index of the files. */
export async function sitemapRoot(db: Db, o: SitemapOptions): Promise<string> {
  const itemRoom = o.indexAfter - SITEMAP_PUBLIC_PAGES.length;
  if (!(await hasMoreItemsThan(db, itemRoom))) {
    return `${XML_HEAD}<urlset xmlns="${NS}">\n${pagesEntries(o.publicUrl)}${await itemEntries(db, o.publicUrl, null, itemRoom)}</urlset>\n`;
  }
  const files = [`${o.publicUrl}/sitemaps/pages.xml`, `${o.publicUrl}/sitemaps/items/${FIRST_ITEMS_FILE}.xml`];
  // Each later file starts after the last item of the one before; a boundary that is the very last
  // item starts no file.
  const boundaries = await fileBoundaries(db, o.urlsPerFile);
  const last = boundaries.length && !(await itemsAfter(db, boundaries.at(-1)!, 1)).length ? boundaries.slice(0, -1) : boundaries;
  for (const after of last) files.push(`${o.publicUrl}/sitemaps/items/${encodeCursor(after)}.xml`);
  const entries = files.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>\n`).join('');
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries}</sitemapindex>\n`;
}

/** /sitemaps/pages.xml: the public pages. */
export function sitemapPages(o: SitemapOptions): string {
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${pagesEntries(o.publicUrl)}</urlset>\n`;
}

/** /sitemaps/items/{name}.xml: up to one file of items after the item the name carries (null: a bad name). */
export async function sitemapItems(db: Db, o: SitemapOptions, name: string): Promise<string | null> {
  let after: Keyset | null = null;
  if (name !== FIRST_ITEMS_FILE) {
    try {
      after = decodeCursor(name);
    } catch {
      return null;
    }
  }
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${await itemEntries(db, o.publicUrl, after, o.urlsPerFile)}</urlset>\n`;
}
