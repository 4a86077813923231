/**
 * Sitemaps (issue 16). /sitemap.xml lists the public pages (topics' pages among them), every item page and every maker page
 * (/makers/{id}) with their lastmod while there are at most SITEMAP_INDEX_AFTER URLs (the
 * protocol's 50,000); past that it is a sitemap index: one file of the public pages, then files of
 * SITEMAP_URLS_PER_FILE items (5,000 by default: a file of 50,000 is over a megabyte compressed,
 * slow to send to many crawlers at once) in creation order, each named by the item it follows
 * (/sitemaps/items/{cursor}.xml), then files of as many makers in user id order, each named by the
 * maker it follows (/sitemaps/makers/{cursor}.xml). Files are written from keyset pages, a chunk at
 * a time: no request reads every row at once. Items come from the (created_at, id) index; makers
 * from a skip-scan of the (user_id, created_at, id) index, one descent per maker, never their
 * items (queries.ts, makerWalk). A maker is listed when they have an item and their page opens
 * (makerPageOpens, getMaker's rule); their lastmod is the newer of their newest item's updated_at
 * and their profile's. The index numbers the items, then the makers, in one pass each and reads
 * back only each file's last one.
 */
import type { Db } from '../../db/client.ts';
import { SITEMAP_PAGES } from '../../../shared/routes.ts';
import { decodeCursor, encodeCursor, type Keyset } from '../../lib/keyset-cursor.ts';
import { MAKER_ID } from '../makers/index.ts';
import { countItemsUpTo, countMakersUpTo, fileBoundaries, itemsAfter, makerFileBoundaries, makersAfter, topicsForSitemap } from './queries.ts';

/** The public pages a crawler should know (the screens that say so: src/shared/routes.ts); item pages follow. */
export const SITEMAP_PUBLIC_PAGES = SITEMAP_PAGES;
/** Rows read per query while a file is written. */
const CHUNK = 5000;
/** The first item file's and the first maker file's name (nothing before it). */
export const FIRST_ITEMS_FILE = 'start';
export const FIRST_MAKERS_FILE = 'start';

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
  /** URLs per item or maker file of the index (SITEMAP_URLS_PER_FILE). */
  urlsPerFile: number;
}

/**
 * URL entries after `after`, at most `max`, read a chunk at a time: `read` gives up to n rows after
 * a cursor, `entry` writes one, `cursorOf` is the cursor a row leaves.
 */
async function chunkedEntries<C, R>(after: C | null, max: number, read: (after: C | null, n: number) => Promise<R[]>, entry: (row: R) => string, cursorOf: (row: R) => C): Promise<string> {
  const parts: string[] = [];
  let cursor = after;
  let left = max;
  while (left > 0) {
    const want = Math.min(CHUNK, left);
    const rows = await read(cursor, want);
    for (const r of rows) parts.push(entry(r));
    const last = rows.at(-1);
    if (!last || rows.length < want) break;
    left -= rows.length;
    cursor = cursorOf(last);
  }
  return parts.join('');
}

/** Item URLs after `after` in creation order, at most `max`. */
const itemEntries = (db: Db, publicUrl: string, after: Keyset | null, max: number) =>
  chunkedEntries(
    after,
    max,
    (cursor, n) => itemsAfter(db, cursor, n),
    (r) => urlEntry(`${publicUrl}/ideas/${r.id}`, r.updatedAt),
    (r): Keyset => ({ createdAt: r.createdAt, id: r.id }),
  );

/** Maker URLs after the maker `after` in id order, at most `max`. */
const makerEntries = (db: Db, publicUrl: string, after: string | null, max: number) =>
  chunkedEntries(
    after,
    max,
    (cursor, n) => makersAfter(db, cursor, n),
    (r) => urlEntry(`${publicUrl}/makers/${encodeURIComponent(r.userId)}`, r.lastmod),
    (r) => r.userId,
  );

/**
 * A maker file's name: the id of the maker before it, tagged and base64url-encoded (path-safe, and
 * never 'start', whatever the id).
 */
const MAKER_FILE_TAG = 'maker|';
export const encodeMakerFile = (userId: string) => Buffer.from(`${MAKER_FILE_TAG}${userId}`, 'utf8').toString('base64url');

/** The maker id a file's name carries; null for anything encodeMakerFile does not write. */
function decodeMakerFile(name: string): string | null {
  const text = Buffer.from(name, 'base64url').toString('utf8');
  const id = text.startsWith(MAKER_FILE_TAG) ? text.slice(MAKER_FILE_TAG.length) : '';
  return MAKER_ID.test(id) && encodeMakerFile(id) === name ? id : null;
}

/** The public pages, then every topic's page (/topics/{slug}; topics are few, an admin's list). */
async function pagesEntries(db: Db, publicUrl: string): Promise<{ entries: string; count: number }> {
  const topicRows = await topicsForSitemap(db);
  const pages = SITEMAP_PUBLIC_PAGES.map((p) => urlEntry(`${publicUrl}${p === '/' ? '/' : p}`));
  const topicPages = topicRows.map((t) => urlEntry(`${publicUrl}/topics/${encodeURIComponent(t.slug)}`, t.lastmod));
  return { entries: [...pages, ...topicPages].join(''), count: pages.length + topicPages.length };
}

/** /sitemap.xml: one urlset while everything fits in a file, else the index of the files. */
export async function sitemapRoot(db: Db, o: SitemapOptions): Promise<string> {
  const pages = await pagesEntries(db, o.publicUrl);
  const room = o.indexAfter - pages.count;
  const items = await countItemsUpTo(db, room);
  if (items <= room && (await countMakersUpTo(db, room - items)) <= room - items) {
    const entries = `${pages.entries}${await itemEntries(db, o.publicUrl, null, items)}${await makerEntries(db, o.publicUrl, null, room - items)}`;
    return `${XML_HEAD}<urlset xmlns="${NS}">\n${entries}</urlset>\n`;
  }
  const files = [`${o.publicUrl}/sitemaps/pages.xml`, `${o.publicUrl}/sitemaps/items/${FIRST_ITEMS_FILE}.xml`];
  // Each later file starts after the last item of the one before; a boundary that is the very last
  // item starts no file.
  const boundaries = await fileBoundaries(db, o.urlsPerFile);
  const last = boundaries.length && !(await itemsAfter(db, boundaries.at(-1)!, 1)).length ? boundaries.slice(0, -1) : boundaries;
  for (const after of last) files.push(`${o.publicUrl}/sitemaps/items/${encodeCursor(after)}.xml`);
  // Then the makers' files, the same way (none when no maker's page opens).
  const makerBoundaries = await makerFileBoundaries(db, o.urlsPerFile);
  if (makerBoundaries.length || (await makersAfter(db, null, 1)).length) {
    files.push(`${o.publicUrl}/sitemaps/makers/${FIRST_MAKERS_FILE}.xml`);
    const lastMaker = makerBoundaries.at(-1);
    const starts = lastMaker !== undefined && !(await makersAfter(db, lastMaker, 1)).length ? makerBoundaries.slice(0, -1) : makerBoundaries;
    for (const after of starts) files.push(`${o.publicUrl}/sitemaps/makers/${encodeMakerFile(after)}.xml`);
  }
  const entries = files.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>\n`).join('');
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries}</sitemapindex>\n`;
}

/** /sitemaps/pages.xml: the public pages. */
export async function sitemapPages(db: Db, o: SitemapOptions): Promise<string> {
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${(await pagesEntries(db, o.publicUrl)).entries}</urlset>\n`;
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

/** /sitemaps/makers/{name}.xml: up to one file of makers after the maker the name carries (null: a bad name). */
export async function sitemapMakers(db: Db, o: SitemapOptions, name: string): Promise<string | null> {
  const after = name === FIRST_MAKERS_FILE ? null : decodeMakerFile(name);
  if (name !== FIRST_MAKERS_FILE && after === null) return null;
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${await makerEntries(db, o.publicUrl, after, o.urlsPerFile)}</urlset>\n`;
}
