/**
 * Issue 14, point 1: searches match a description only as far as the searcher may read it, so
 * text hidden from non-premium viewers cannot be recovered word by word (GET /api/ideas?q= and
 * the admin panel's content search). Point 13: moderators get no creators' email addresses.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { type TestServer, useTestServer } from '../../../../tests/support/test-server.ts';
import { DESCRIPTION_PREVIEW_LENGTH } from '../../../shared/constants.ts';
import { adminContentPageSchema } from '../../../shared/schemas/admin.ts';
import { ideaListResponseSchema } from '../../../shared/schemas/ideas.ts';
import { clearPlatformSettings, send, setPlatformSettings } from './api-test-helpers.ts';

/** A made-up lowercase word no other test's item contains. */
const word = (prefix: string) => `${prefix}${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

/**
 * An item whose description has the word `early` ending exactly at character 100, after two-byte
 * characters (a cut counted in bytes would lose it), and `hidden` well after it. `atCut`: the ten
 * characters ending at the cut; `pastCut`: the ten ending one character later.
 */
async function itemWithHiddenText(t: TestServer, ownerId: string) {
  const title = word('titled');
  const early = word('early');
  const hidden = word('hidden');
  const opening = `Café crème résumé ${early}`;
  const head = `${'é'.repeat(DESCRIPTION_PREVIEW_LENGTH - [...opening].length)}${opening}`;
  const description = `${head}s and then, well past the preview, ${hidden} is mentioned.`;
  const chars = [...description];
  const words = {
    title,
    early,
    hidden,
    atCut: chars.slice(DESCRIPTION_PREVIEW_LENGTH - 10, DESCRIPTION_PREVIEW_LENGTH).join(''),
    pastCut: chars.slice(DESCRIPTION_PREVIEW_LENGTH - 9, DESCRIPTION_PREVIEW_LENGTH + 1).join(''),
  };
  expect(words.atCut.endsWith(early.slice(-10))).toBe(true);
  const item = await createIdea(t.db, { userId: ownerId, title: `Solar ${title} pump`, description });
  return { item, words, description };
}

/** The premium threshold is 20 by default: 21 old items make a person premium (no cooldown involved). */
async function makePremium(t: TestServer, userId: string, count = 21) {
  const longAgo = new Date(Date.now() - 30 * 86_400_000);
  for (let i = 0; i < count; i++) await createIdea(t.db, { userId, createdAt: longAgo });
}

describe.each(databaseKinds())('searching what one may read on %s', (kind) => {
  const t = useTestServer(kind);

  async function found(who: SignedInUser | null, q: string): Promise<string[]> {
    const res = await send(t, who, 'GET', `/api/ideas?q=${encodeURIComponent(q)}&limit=50`);
    expect(res.status).toBe(200);
    return ideaListResponseSchema.parse(await res.json()).items.map((i) => i.id);
  }

  async function contentSearch(who: SignedInUser, q: string) {
    const res = await send(t, who, 'GET', `/api/admin/content?q=${encodeURIComponent(q)}&limit=100`);
    expect(res.status).toBe(200);
    return adminContentPageSchema.parse(await res.json()).items;
  }

  it('a visitor and a signed-in person who is not premium find the title and the preview, never the hidden text', async () => {
    const owner = await signedInUser(t);
    const { item, words } = await itemWithHiddenText(t, owner.id);
    const reader = await signedInUser(t);
    for (const who of [null, reader]) {
      expect(await found(who, words.title)).toEqual([item.id]);
      expect(await found(who, words.early)).toEqual([item.id]);
      expect(await found(who, words.atCut.toUpperCase())).toEqual([item.id]);
      expect(await found(who, words.hidden)).toEqual([]);
      expect(await found(who, words.hidden.toUpperCase())).toEqual([]);
      expect(await found(who, words.pastCut)).toEqual([]);
    }
  });

  it('the owner, an admin and a premium person find the hidden text', async () => {
    const owner = await signedInUser(t);
    const { item, words } = await itemWithHiddenText(t, owner.id);
    const admin = await signedInUser(t, { role: 'admin' });
    const premium = await signedInUser(t);
    await makePremium(t, premium.id);
    for (const who of [owner, admin, premium]) {
      expect(await found(who, words.hidden)).toEqual([item.id]);
      expect(await found(who, words.pastCut)).toEqual([item.id]);
      expect(await found(who, words.early)).toEqual([item.id]);
      expect(await found(who, words.title)).toEqual([item.id]);
    }
  });

  it("the owner's own full text does not open anyone else's", async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const mine = await itemWithHiddenText(t, owner.id);
    const theirs = await itemWithHiddenText(t, other.id);
    expect(await found(owner, mine.words.hidden)).toEqual([mine.item.id]);
    expect(await found(owner, theirs.words.hidden)).toEqual([]);
  });

  it("premium follows the admins' threshold setting", async () => {
    const owner = await signedInUser(t);
    const { item, words } = await itemWithHiddenText(t, owner.id);
    const reader = await signedInUser(t);
    await makePremium(t, reader.id, 3);
    expect(await found(reader, words.hidden)).toEqual([]);
    await setPlatformSettings(t, { premiumThreshold: 2 });
    try {
      expect(await found(reader, words.hidden)).toEqual([item.id]);
    } finally {
      await clearPlatformSettings(t);
    }
  });

  it('the content search: a moderator who is not premium matches and sees the preview only; admins and premium moderators everything', async () => {
    const owner = await signedInUser(t);
    const { item, words, description } = await itemWithHiddenText(t, owner.id);
    const moderator = await signedInUser(t, { role: 'moderator' });
    const premiumModerator = await signedInUser(t, { role: 'moderator' });
    await makePremium(t, premiumModerator.id);
    const admin = await signedInUser(t, { role: 'admin' });
    const preview = [...description].slice(0, DESCRIPTION_PREVIEW_LENGTH).join('');

    expect(await contentSearch(moderator, words.hidden)).toEqual([]);
    expect(await contentSearch(moderator, words.pastCut)).toEqual([]);
    for (const q of [words.title, words.early, words.atCut]) {
      const items = await contentSearch(moderator, q);
      expect(items.map((i) => i.id)).toEqual([item.id]);
      expect(items[0]!.excerpt).toBe(preview);
    }
    for (const who of [admin, premiumModerator]) {
      const items = await contentSearch(who, words.hidden);
      expect(items.map((i) => i.id)).toEqual([item.id]);
      expect(items[0]!.excerpt).toBe([...description].slice(0, 140).join(''));
      expect((await contentSearch(who, words.early)).map((i) => i.id)).toEqual([item.id]);
    }
  });

  it("gives creators' email addresses to admins only, not to moderators", async () => {
    const owner = await signedInUser(t);
    const { item, words } = await itemWithHiddenText(t, owner.id);
    const moderator = await signedInUser(t, { role: 'moderator' });
    const admin = await signedInUser(t, { role: 'admin' });
    const [seenByModerator] = await contentSearch(moderator, words.title);
    expect(seenByModerator).toMatchObject({ id: item.id, creator: { id: owner.id, email: null } });
    const [seenByAdmin] = await contentSearch(admin, words.title);
    expect(seenByAdmin).toMatchObject({ id: item.id, creator: { id: owner.id, email: owner.email } });
    // The unfiltered list too, not only searches.
    const res = await send(t, moderator, 'GET', '/api/admin/content?limit=100');
    expect(await res.text()).not.toContain(owner.email);
  });
});
