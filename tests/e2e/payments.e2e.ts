/**
 * Buying journeys (issue 25) with PAYMENTS=test (tests/e2e/global-setup.ts): a new person buys an
 * item through the built-in 'Test checkout' and finds it unlocked and in Purchases; a decline
 * changes nothing; the unlock dialog's Pay to unlock runs the same checkout; the admin sees the
 * sale in Financial and refunds it, and the item locks again.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appTookOver, DESKTOP, expectAccessible, MOBILE, useBrowser } from './support/browser.ts';
import { demoSeeded, itemId, signInAs } from './support/demo.ts';
import { newPerson } from './support/people.ts';

const BUY_ITEM = 'Clay pot refrigerator';
const DECLINE_ITEM = 'Neighbourhood tool library';
const UNLOCK_ITEM = 'Shea butter skincare set';

async function openItem(page: Page, id: string, title: string) {
  // A busy machine renders the first pages slowly: a longer wait than the default.
  await page.goto(`/ideas/${id}`, { timeout: 60_000 });
  await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 30_000 });
  await appTookOver(page);
}

/** On the test checkout: its texts, then Pay or Decline; back on the item afterwards. */
async function testCheckout(page: Page, outcome: 'Pay' | 'Decline', amount: string) {
  await page.waitForURL(/\/checkout\/test\//, { timeout: 30_000 });
  await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
  await page.getByText('Test payment: no money moves').waitFor();
  await expect.poll(() => page.getByTestId('test-checkout-amount').textContent()).toBe(amount);
  await expectAccessible(page);
  await page.getByRole('button', { name: outcome, exact: true }).click();
  await page.waitForURL(/\/ideas\/[0-9a-f-]+$/, { timeout: 30_000 });
}

describe('buying', () => {
  const browser = useBrowser();
  beforeAll(demoSeeded, 120_000);

  it('buy: confirmation, test checkout, Pay; the item opens, shows in Purchases, and the admin refunds it', async () => {
    const id = await itemId(BUY_ITEM);
    const page = await browser.newPage(DESKTOP);
    await newPerson(page.context(), { name: 'Yemi Adebayo', contactInfo: 'yemi@example.test' });
    await openItem(page, id, BUY_ITEM);
    await page.getByRole('button', { name: 'Unlock Full Description' }).waitFor();

    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy this item' });
    await dialog.getByText(BUY_ITEM).waitFor();
    await dialog.getByText('₦9,500').waitFor();
    await dialog.getByText('NGN (Naira)').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Continue to checkout' }).click();

    await testCheckout(page, 'Pay', '₦9,500');
    await page.getByText('Payment received').waitFor({ timeout: 30_000 });
    // The full description and the discussion are open to the buyer now.
    await expect.poll(() => page.getByRole('button', { name: 'Unlock Full Description' }).count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('textbox', { name: 'Your message' }).waitFor();

    await page.goto('/dashboard?tab=purchases', { timeout: 60_000 });
    const purchases = page.getByRole('list', { name: 'Purchases' });
    await purchases.getByRole('link', { name: BUY_ITEM }).waitFor();
    await purchases.getByText('Paid').waitFor();
    const reference = (await purchases.locator('.font-mono').first().textContent())!.trim();
    expect(reference).toMatch(/^ih_/);

    // The admin sees the sale and refunds it.
    const admin = await browser.newPage(DESKTOP);
    await signInAs(admin.context(), 'admin@ideahub.demo');
    await admin.goto(`/admin/financial?ref=${reference}`, { timeout: 60_000 });
    await admin.getByRole('cell', { name: reference, exact: true }).waitFor({ timeout: 30_000 });
    await admin.getByRole('button', { name: `Refund ${reference}` }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Refund' }).click();
    await admin.getByText('Payment refunded').waitFor({ timeout: 30_000 });
    await admin.getByRole('row', { name: new RegExp(reference) }).getByText('Refunded').waitFor();

    // The buyer's unlock ended with the refund.
    await openItem(page, id, BUY_ITEM);
    await page.getByRole('button', { name: 'Unlock Full Description' }).waitFor();
  });

  it('decline: back on the item with ‘Payment not completed’ and nothing unlocked (phone)', async () => {
    const id = await itemId(DECLINE_ITEM);
    const page = await browser.newPage(MOBILE);
    await newPerson(page.context(), { name: 'Femi Cole', contactInfo: 'femi@example.test' });
    await openItem(page, id, DECLINE_ITEM);
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.getByRole('dialog', { name: 'Buy this item' }).getByRole('button', { name: 'Continue to checkout' }).click();
    await testCheckout(page, 'Decline', '₦15,000');
    await page.getByText('Payment not completed').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Unlock Full Description' }).waitFor();
  });

  it('pay to unlock: the unlock dialog runs the same checkout', async () => {
    const id = await itemId(UNLOCK_ITEM);
    const page = await browser.newPage(DESKTOP);
    await newPerson(page.context(), { name: 'Zainab Musa', contactInfo: 'zainab@example.test' });
    await openItem(page, id, UNLOCK_ITEM);
    await page.getByRole('button', { name: 'Unlock Full Description' }).click();
    await page.getByRole('dialog', { name: 'Unlock premium content' }).getByRole('button', { name: 'Pay to unlock' }).click();
    await testCheckout(page, 'Pay', '₦18,500');
    await page.getByText('Payment received').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('button', { name: 'Unlock Full Description' }).count(), { timeout: 10_000 }).toBe(0);
  });

  it('the owner is not offered Buy', async () => {
    const page = await browser.newPage(DESKTOP);
    await signInAs(page.context(), 'chioma@ideahub.demo');
    const id = await itemId('Smart irrigation controller');
    await openItem(page, id, 'Smart irrigation controller');
    // The owner's Edit beside the item; the discussion may hold Edit buttons of their own messages (other journeys post there).
    const edits = () => page.getByRole('button', { name: 'Edit', exact: true });
    await expect.poll(async () => (await edits().count()) - (await page.locator('#discussion').getByRole('button', { name: 'Edit', exact: true }).count())).toBe(1);
    expect(await page.getByRole('button', { name: 'Buy', exact: true }).count()).toBe(0);
  });
});
