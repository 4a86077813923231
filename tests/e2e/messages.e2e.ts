/**
 * Private messages journey (issue 17 point 6): two people in two browsers. A buyer presses 'Contact'
 * on a creator's card and lands on their private conversation about that item; messages arrive
 * live on both sides; the creator's Dashboard 'Messages' tab lists the conversation with its unread
 * count, which reading clears; a person without any sees 'No conversations yet', and gets
 * 'Conversation not found' at someone else's conversation; a visitor's Contact goes to sign in and
 * back to the item. Accessible at each step, on a phone and a desktop.
 */
import { randomInt } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appTookOver, baseURL, DESKTOP, expectAccessible, MOBILE, useBrowser } from './support/browser.ts';
import { newPerson } from './support/people.ts';

async function share(page: Page, title: string): Promise<string> {
  const res = await page.context().request.post(`${baseURL()}/api/ideas`, {
    headers: { origin: new URL(baseURL()).origin },
    data: { category: 'product', title, description: 'A solar pump that waters a whole farm without fuel, every day of the dry season.', price: 42_000, currency: 'NGN' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { idea: { id: string } }).idea.id;
}

/**
 * Waits until React has hydrated this element (its props are attached): the details page hydrates
 * its sections one by one after the app took the page over, and a press before that may be lost.
 */
async function hydrated(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$'))), { timeout: 15_000 })
    .toBe(true);
}

/** The conversation's messages region and one message in it. */
const messageIn = (page: Page, text: string) => page.getByRole('region', { name: 'Messages' }).getByText(text, { exact: true });

describe('private messages', () => {
  const browser = useBrowser();

  it('Contact from a card opens the conversation; messages arrive live on both sides; the Messages tab counts unread', async () => {
    const creatorPage = await browser.newPage(DESKTOP);
    await newPerson(creatorPage.context(), { name: 'Efua Boateng', contactInfo: 'efua@example.test' });
    const title = `Solar farm pump ${randomInt(100_000, 999_999)}`;
    const ideaId = await share(creatorPage, title);

    const problems: string[] = [];
    const buyerPage = await browser.newPage(MOBILE);
    buyerPage.on('pageerror', (e) => problems.push(`pageerror: ${String(e)}`));
    await newPerson(buyerPage.context(), { name: 'Yaw Darko', contactInfo: 'yaw@example.test' });

    // The buyer finds the card on home and presses Contact.
    await buyerPage.goto(`/?q=${encodeURIComponent(title)}`);
    await appTookOver(buyerPage);
    const card = buyerPage.getByRole('listitem').filter({ hasText: title });
    const cardContact = card.getByRole('button', { name: `Contact the creator of ${title}` });
    await hydrated(cardContact);
    await cardContact.click();
    await expect.poll(() => new URL(buyerPage.url()).pathname).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
    const conversationPath = new URL(buyerPage.url()).pathname;
    await buyerPage.getByRole('heading', { level: 1, name: 'Conversation with Efua Boateng' }).waitFor();
    await buyerPage.getByRole('link', { name: title }).waitFor();
    await buyerPage.getByText('No messages yet. Say hello!').waitFor();
    await expectAccessible(buyerPage);

    // Pressing Contact again opens the same conversation.
    await buyerPage.goto(`/ideas/${ideaId}`);
    await appTookOver(buyerPage);
    const detailsContact = buyerPage.getByRole('button', { name: `Contact the creator of ${title}` });
    await hydrated(detailsContact);
    await detailsContact.click();
    await expect.poll(() => new URL(buyerPage.url()).pathname).toBe(conversationPath);
    await buyerPage.getByRole('heading', { level: 1, name: 'Conversation with Efua Boateng' }).waitFor();

    // The buyer writes.
    const box = buyerPage.getByLabel('Message to Efua Boateng');
    await box.fill('Hello! Is the pump still available?');
    await buyerPage.getByRole('button', { name: 'Send', exact: true }).click();
    await messageIn(buyerPage, 'Hello! Is the pump still available?').waitFor();
    await expect.poll(() => box.inputValue()).toBe('');

    // The creator's Dashboard: the Messages tab lists it, with the unread count.
    await creatorPage.goto('/dashboard?tab=messages');
    await appTookOver(creatorPage);
    const tab = creatorPage.getByRole('tab', { name: /^Messages/ });
    await expect.poll(() => tab.textContent()).toMatch(/Messages\s*1\s*unread/);
    const row = creatorPage.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: 'Yaw Darko' });
    await row.getByText(`About ${title}`).waitFor();
    await row.getByText('Hello! Is the pump still available?').waitFor();
    await row.getByText('1 unread').waitFor();
    // The header's bell has it too (a 'private_message' notification).
    await creatorPage.getByRole('link', { name: 'Notifications, 1 unread', exact: true }).waitFor();
    await expectAccessible(creatorPage);

    // The creator opens it: the message is there, and new ones arrive live on both sides.
    await row.click();
    await expect.poll(() => new URL(creatorPage.url()).pathname).toBe(conversationPath);
    await creatorPage.getByRole('heading', { level: 1, name: 'Conversation with Yaw Darko' }).waitFor();
    await messageIn(creatorPage, 'Hello! Is the pump still available?').waitFor();

    await box.fill('Could you deliver to Kumasi?');
    await buyerPage.getByRole('button', { name: 'Send', exact: true }).click();
    await messageIn(creatorPage, 'Could you deliver to Kumasi?').waitFor();

    await creatorPage.getByLabel('Message to Yaw Darko').fill('Yes, delivery to Kumasi takes three days.');
    await creatorPage.getByRole('button', { name: 'Send', exact: true }).click();
    await messageIn(buyerPage, 'Yes, delivery to Kumasi takes three days.').waitFor();
    await expectAccessible(creatorPage);
    await expectAccessible(buyerPage);

    // Read on the creator's side: the tab's count is gone.
    await creatorPage.getByRole('link', { name: 'Back to Messages' }).first().click();
    await expect.poll(() => new URL(creatorPage.url()).search).toBe('?tab=messages');
    const again = creatorPage.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: 'Yaw Darko' });
    await again.getByText('You: Yes, delivery to Kumasi takes three days.').waitFor();
    await expect.poll(() => again.getByText('1 unread').count()).toBe(0);
    await expect.poll(async () => (await creatorPage.getByRole('tab', { name: /^Messages/ }).textContent())?.trim()).toBe('Messages');
    await creatorPage.getByRole('link', { name: 'Notifications', exact: true }).waitFor();

    // Someone with no conversations: 'No conversations yet', and nothing at another's address.
    const stranger = await browser.newPage(DESKTOP, { colorScheme: 'dark' });
    await newPerson(stranger.context(), { name: 'Ama Owusu', contactInfo: 'ama@example.test' });
    await stranger.goto('/dashboard?tab=messages');
    await appTookOver(stranger);
    await stranger.getByRole('heading', { name: 'No conversations yet', exact: true }).waitFor();
    await expectAccessible(stranger);
    await stranger.goto(conversationPath);
    await stranger.getByRole('heading', { level: 1, name: 'Conversation not found' }).waitFor();
    expect(await stranger.getByText('Hello! Is the pump still available?').count()).toBe(0);
    await expectAccessible(stranger);

    // A visitor's Contact goes to sign in, and back to the item afterwards.
    const visitor = await browser.newPage(MOBILE);
    await visitor.goto(`/?q=${encodeURIComponent(title)}`);
    await appTookOver(visitor);
    const visitorContact = visitor.getByRole('listitem').filter({ hasText: title }).getByRole('button', { name: `Contact the creator of ${title}` });
    await hydrated(visitorContact);
    await visitorContact.click();
    await expect.poll(() => `${new URL(visitor.url()).pathname}?next=${new URL(visitor.url()).searchParams.get('next')}`).toBe(`/auth?next=/ideas/${ideaId}?then=contact#creator`);

    expect(problems).toEqual([]);
  });
});
