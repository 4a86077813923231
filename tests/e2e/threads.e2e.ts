/**
 * Discussion threads (issue 17 points 3, 4, 5): two people in two browsers on one item see each
 * other's replies, edits and deletions live, without reloading; a mention is chosen from the
 * suggestions with the keyboard and shown as a link to the person's maker page. Uses the demo
 * people: Chioma Eze shares 'Skills passport for artisans'; Amara Okafor is an admin.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appTookOver, DESKTOP, expectAccessible, MOBILE, useBrowser } from './support/browser.ts';
import { demoSeeded, itemId, signInAs } from './support/demo.ts';

const ITEM = 'Skills passport for artisans';

async function openItem(page: Page, id: string) {
  await page.goto(`/ideas/${id}`);
  await page.getByRole('heading', { level: 1, name: ITEM }).waitFor();
  await page.getByRole('textbox', { name: 'Your message' }).waitFor();
  // The discussion is painted by the server; typing and pressing reach it only once it has taken over.
  await appTookOver(page, 'discussion');
}

/** The message (its own list item) whose text contains `text`. */
const messageWith = (page: Page, text: string) => page.locator('li[data-message-id]', { hasText: text });

describe('discussion threads', () => {
  const browser = useBrowser();
  beforeAll(demoSeeded, 120_000);

  it('replies, a keyboard-chosen mention, edits and deletions reach the other person live', async () => {
    const id = await itemId(ITEM);
    const chioma = await browser.newPage(DESKTOP);
    await signInAs(chioma.context(), 'chioma@ideahub.demo');
    const amara = await browser.newPage(MOBILE);
    await signInAs(amara.context(), 'admin@ideahub.demo');
    await openItem(chioma, id);
    await openItem(amara, id);
    const navigations: string[] = [];
    for (const page of [chioma, amara]) page.on('framenavigated', (f) => navigations.push(f.url()));
    const log = (page: Page) => page.getByRole('log', { name: 'Messages' });

    // Chioma asks; Amara sees it arrive.
    const question = `Who would pay for a skills passport? ${Date.now()}`;
    await chioma.getByRole('textbox', { name: 'Your message' }).fill(question);
    await chioma.getByRole('button', { name: 'Send' }).click();
    await log(amara).getByText(question).waitFor({ timeout: 10_000 });

    // Amara replies, mentioning Chioma: '@' and letters list people; the keyboard chooses.
    await messageWith(amara, question).getByRole('button', { name: 'Reply', exact: true }).click();
    const replyBox = amara.getByRole('textbox', { name: 'Your reply to Chioma Eze' });
    await replyBox.waitFor();
    await expect.poll(() => replyBox.evaluate((el) => el === document.activeElement)).toBe(true);
    await replyBox.pressSequentially('Yes @Chi');
    const people = amara.getByRole('listbox', { name: 'People to mention' });
    await people.waitFor({ timeout: 10_000 });
    const option = people.getByRole('option', { name: 'Chioma Eze' });
    await option.waitFor();
    // The box keeps focus and points at the active option (combobox pattern).
    expect(await replyBox.getAttribute('aria-autocomplete')).toBe('list');
    expect(await replyBox.getAttribute('aria-controls')).toBe(await people.getAttribute('id'));
    await expect.poll(() => replyBox.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await expectAccessible(amara);
    await replyBox.press('Enter');
    await people.waitFor({ state: 'detached' });
    await expect.poll(() => replyBox.inputValue()).toBe('Yes @Chioma Eze ');
    const answer = `I would, for my welders ${Date.now()}`;
    await replyBox.pressSequentially(answer);
    await amara.locator('form', { has: replyBox }).getByRole('button', { name: 'Send' }).click();
    await replyBox.waitFor({ state: 'detached' });

    // Chioma sees the reply under her message, live, the mention a link to her maker page.
    const replies = chioma.getByRole('list', { name: 'Replies to Chioma Eze' });
    const reply = replies.locator('li[data-message-id]', { hasText: answer });
    await reply.waitFor({ timeout: 10_000 });
    const mention = reply.getByRole('link', { name: '@Chioma Eze' });
    expect(await mention.getAttribute('href')).toMatch(/^\/makers\/[^/]+$/);

    // Amara edits her reply: a box with Save and Cancel; Chioma sees the new text, marked (edited).
    // By id: while it is being edited, its text is in the box, not in the list item.
    const replyId = await messageWith(amara, answer).getAttribute('data-message-id');
    const amaraReply = amara.locator(`li[data-message-id="${replyId}"]`);
    await amaraReply.getByRole('button', { name: 'Edit', exact: true }).click();
    const editBox = amara.getByRole('textbox', { name: 'Edit your message' });
    await editBox.waitFor();
    await amaraReply.getByRole('button', { name: 'Cancel' }).waitFor();
    const edited = `Yes @Chioma Eze I would, for twelve welders ${Date.now()}`;
    await editBox.fill(edited);
    await amara.getByRole('button', { name: 'Save' }).click();
    await editBox.waitFor({ state: 'detached' });
    const editedReply = replies.locator('li[data-message-id]', { hasText: 'for twelve welders' });
    await editedReply.waitFor({ timeout: 10_000 });
    await editedReply.getByText('(edited)').waitFor();
    await expect.poll(() => replies.getByText(answer).count()).toBe(0);
    await expectAccessible(chioma);

    // Chioma deletes her question (with a confirmation): it has a reply, so 'Message deleted' stays for Amara.
    await messageWith(chioma, question).getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = chioma.getByRole('alertdialog', { name: 'Delete your message?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await log(amara).getByText(question).waitFor({ state: 'detached', timeout: 10_000 });
    const placeholder = amara.locator('li[data-message-id]', { hasText: 'Message deleted' });
    await placeholder.waitFor();
    await messageWith(amara, 'for twelve welders').waitFor();

    // Amara deletes her reply: with it the placeholder goes too, on Chioma's page, live.
    await messageWith(amara, 'for twelve welders').getByRole('button', { name: 'Delete', exact: true }).click();
    await amara.getByRole('alertdialog', { name: 'Delete your message?' }).getByRole('button', { name: 'Delete' }).click();
    await log(chioma).getByText('for twelve welders').waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => chioma.locator('li[data-message-id]', { hasText: 'Message deleted' }).count(), { timeout: 10_000 }).toBe(0);
    await expectAccessible(amara);
    expect(navigations).toEqual([]);
  });
});
