// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { ELIGIBILITY_TEXT } from '@shared/rules/eligibility';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, renderApp, sessionOf } from '../../../../../tests/support/web-app';
import CreateIdeaPage from './create-idea-page';

const open = { locked: false, until: null, remainingMs: 0 };

function api(overrides: Record<string, unknown> = {}) {
  return fakeApi({
    'GET /api/auth/get-session': sessionOf({ id: 'ada', name: 'Ada Obi' }),
    'GET /api/profile': { id: 'p1', userId: 'ada', fullName: 'Ada Obi', contactInfo: 'ada@example.test' },
    'GET /api/me/eligibility': {
      idea: open,
      product: open,
      ideaCooldownHours: 72,
      productCooldownHours: 24,
      profileComplete: true,
      serverTime: new Date().toISOString(),
    },
    'GET /api/config': {
      couponRedeemUrl: null,
      premiumThreshold: 20,
      ideaCooldownHours: 72,
      productCooldownHours: 24,
      maxUploadBytes: 5_242_880,
      allowedImageTypes: ['image/png', 'image/jpeg', 'image/webp'],
    },
    'POST /api/ideas': { idea: { id: 'new-idea' }, coupon: { id: 'c1', code: 'IDEA-AAAA-BBBB' } },
    ...overrides,
  });
}

/** Opens the page and answers its summary dialog ('Ready to Share'), as a person does first. */
async function openPage() {
  const app = renderApp(<CreateIdeaPage />, { path: '/create-idea' });
  const summary = await screen.findByRole('dialog', { name: ELIGIBILITY_TEXT.readyTitle });
  await app.user.click(within(summary).getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return app;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the share form', () => {
  it('keeps Share disabled while a field shows its message, and enables it once the form is right', async () => {
    const server = api();
    const { user } = await openPage();
    const share = screen.getByRole('button', { name: 'Share Idea' });

    await user.type(screen.getByLabelText(/^Title/), 'Sol');
    expect(await screen.findByText('Title must be at least 5 characters long.')).toBeVisible();
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(share).toBeDisabled();

    await user.type(screen.getByLabelText(/^Title/), 'ar cold rooms');
    await user.type(screen.getByLabelText(/^Description/), 'Shared cold rooms at open markets.');
    await waitFor(() => expect(share).toBeEnabled());
    expect(screen.queryByText('Title must be at least 5 characters long.')).toBeNull();
    expect(server.sent('POST', '/api/ideas')).toHaveLength(0);
  });

  it('sends the item, says so in a toast and goes to the dashboard', async () => {
    const server = api();
    const { user, router } = await openPage();
    await user.type(screen.getByLabelText(/^Title/), 'Solar cold rooms');
    await user.type(screen.getByLabelText(/^Description/), 'Shared cold rooms at open markets.');
    await user.type(screen.getByLabelText(/^Price/), '2500');
    await user.click(screen.getByRole('button', { name: 'Share Idea' }));

    await waitFor(() => expect(server.sent('POST', '/api/ideas')).toHaveLength(1));
    expect(server.sent('POST', '/api/ideas')[0]!.body).toEqual({
      category: 'idea',
      title: 'Solar cold rooms',
      description: 'Shared cold rooms at open markets.',
      price: '2500',
      currency: 'NGN',
      images: [],
      websiteUrl: null,
      projectDetails: null,
      rating: null,
      topics: [],
    });
    const toast = await screen.findByText('Success!');
    expect(toast.closest('[data-slot="toast"]')).toHaveTextContent('Your idea has been shared with the community.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("puts the server's refusal under its field and in the error toast, and sends nothing more until it is fixed", async () => {
    const server = api({
      'POST /api/ideas': apiError(422, 'validation_failed', 'Please fix the highlighted fields.', {
        title: ['Title must not repeat one character.'],
      }),
    });
    const { user } = await openPage();
    await user.type(screen.getByLabelText(/^Title/), 'Solar cold rooms');
    await user.type(screen.getByLabelText(/^Description/), 'Shared cold rooms at open markets.');
    await user.click(screen.getByRole('button', { name: 'Share Idea' }));

    expect(await screen.findByText('Title must not repeat one character.')).toBeVisible();
    const toast = (await screen.findByText('Error')).closest('[data-slot="toast"]');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Please fix the highlighted fields.');
    expect(screen.getByRole('button', { name: 'Share Idea' })).toBeDisabled();
    expect(server.sent('POST', '/api/ideas')).toHaveLength(1);
  });

  it('sends a person without a name and contact to complete their profile, with the toast, and keeps the draft', async () => {
    const server = api({
      'GET /api/me/eligibility': {
        idea: open,
        product: open,
        ideaCooldownHours: 72,
        productCooldownHours: 24,
        profileComplete: false,
        serverTime: new Date().toISOString(),
      },
    });
    const { user, router } = await openPage();
    expect(screen.getByText('Your name and contact info are needed to share.')).toBeVisible();
    await user.type(screen.getByLabelText(/^Title/), 'Solar cold rooms');
    await user.type(screen.getByLabelText(/^Description/), 'Shared cold rooms at open markets.');
    await user.click(screen.getByRole('button', { name: 'Share Idea' }));

    const toast = (await screen.findByText('Complete your profile')).closest('[data-slot="toast"]');
    expect(toast).toHaveTextContent('Please update your profile (name and contact) before sharing.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(server.sent('POST', '/api/ideas')).toHaveLength(0);
    expect(sessionStorage.getItem('ideahub:share-draft:ada')).toContain('Solar cold rooms');
  });

  it("refuses an image over the upload limit with the 'File too large' toast, uploading nothing", async () => {
    api();
    const { user } = await openPage();
    const big = new File([new Uint8Array(5_242_881)], 'market.png', { type: 'image/png' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, big);

    const toast = (await screen.findByText('File too large')).closest('[data-slot="toast"]');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Please select an image smaller than 5MB.');
    expect(screen.queryByRole('img', { name: 'Preview of the image' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload Image' })).toBeVisible();
  });
});
