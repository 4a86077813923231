/**
 * Following makers and topics (issue 28): a visitor presses Follow on a maker's page, signs in and
 * comes back following; home's Following feed shows that maker's items; the profile lists the maker
 * and unfollows them; then they follow a topic from its page and its items fill the feed. Uses the
 * demo people (Ibrahim Musa follows Tunde Balogun, then the Fintech topic).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { appTookOver, baseURL, DESKTOP, expectAccessible, MOBILE, useBrowser } from './support/browser.ts';
import { demoSeeded, itemId } from './support/demo.ts';

const TUNDE_ITEM = 'Solar cold rooms for market women';

describe('following makers and topics', () => {
  const browser = useBrowser();
  beforeAll(demoSeeded, 120_000);

  it('a visitor follows from a maker page through sign-in, sees the Following feed, unfollows on the profile, then follows a topic from its page', async () => {
    const item = (await (await fetch(`${baseURL()}/api/ideas/${await itemId(TUNDE_ITEM)}`)).json()) as { creator: { id: string } };
    const tunde = item.creator.id;
    const page = await browser.newPage(DESKTOP);
    await page.goto(`/makers/${tunde}`);
    await page.getByRole('heading', { level: 1, name: 'Tunde Balogun' }).waitFor();
    await appTookOver(page);

    await page.getByRole('button', { name: 'Follow' }).click();
    const invitation = page.getByRole('dialog', { name: 'Must be logged in to follow makers' });
    await invitation.waitFor();
    await invitation.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === `/makers/${tunde}?follow=${tunde}`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill('ibrahim@ideahub.demo');
    await form.getByLabel(/^Password/).fill('ideahub-demo-2026');
    await form.getByRole('button', { name: 'Sign In' }).click();

    // Back on the maker's page, following, and the address no longer asks to follow.
    await page.waitForURL((url) => url.pathname === `/makers/${tunde}` && !url.searchParams.has('follow'));
    const following = page.getByRole('button', { name: 'Following Tunde Balogun' });
    await following.waitFor({ timeout: 15_000 });
    expect(await following.getAttribute('aria-pressed')).toBe('true');
    await page.getByText(/^Followers?$/).waitFor();
    await expectAccessible(page);

    // Home's Following feed: Tunde's items only.
    await page.goto('/');
    await appTookOver(page);
    await page.getByRole('navigation', { name: 'Sort' }).getByRole('link', { name: 'Following' }).click();
    await page.waitForURL((url) => url.searchParams.get('feed') === 'following');
    const list = page.getByRole('list', { name: 'All Ideas & Products' });
    await list.getByRole('heading', { name: TUNDE_ITEM }).waitFor();
    const creators = (await (await fetch(`${baseURL()}/api/makers/${tunde}/ideas?limit=50`)).json()) as { items: { title: string }[] };
    await expect.poll(() => list.locator(':scope > li').count()).toBe(Math.min(creators.items.length, 20));
    await expectAccessible(page);

    // The profile lists Tunde; Unfollow takes him off, and the feed is empty with makers to follow.
    await page.setViewportSize(MOBILE);
    await page.goto('/profile');
    const card = page.getByRole('list', { name: 'Makers' });
    await card.getByRole('link', { name: 'Tunde Balogun' }).waitFor();
    await expectAccessible(page);
    await card.getByRole('button', { name: 'Unfollow Tunde Balogun' }).click();
    await page.getByText('You are not following anyone yet.', { exact: false }).waitFor();
    await page.goto('/?feed=following');
    await page.getByRole('heading', { name: 'Nothing from the makers and topics you follow yet' }).waitFor();
    await page.getByRole('list', { name: 'Makers to follow' }).getByRole('button', { name: /^Follow / }).first().waitFor();
    await page.getByRole('list', { name: 'Topics to follow' }).getByRole('button', { name: /^Follow / }).first().waitFor();

    // A topic's page: Follow, and the topic's items fill the Following feed; the profile lists it.
    await page.goto('/topics/fintech');
    await page.getByRole('heading', { level: 1, name: 'Fintech' }).waitFor();
    await appTookOver(page);
    await page.getByRole('button', { name: 'Follow Fintech' }).click();
    const followingTopic = page.getByRole('button', { name: 'Following Fintech' });
    await followingTopic.waitFor();
    expect(await followingTopic.getAttribute('aria-pressed')).toBe('true');
    const fintech = (await (await fetch(`${baseURL()}/api/ideas?topic=fintech&limit=50`)).json()) as { items: { title: string }[] };
    expect(fintech.items.length).toBeGreaterThan(0);
    await page.goto('/?feed=following');
    await appTookOver(page);
    const topicFeed = page.getByRole('list', { name: 'All Ideas & Products' });
    await topicFeed.getByRole('heading', { name: fintech.items[0]!.title }).waitFor();
    await expect.poll(() => topicFeed.locator(':scope > li').count()).toBe(Math.min(fintech.items.length, 20));
    await page.goto('/profile');
    await page.getByRole('list', { name: 'Topics' }).getByRole('link', { name: 'Fintech' }).waitFor();
    await expectAccessible(page);
  });
});
