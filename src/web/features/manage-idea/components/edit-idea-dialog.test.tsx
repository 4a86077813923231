// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, renderApp } from '../../../../../tests/support/web-app';
import EditIdeaDialog from './edit-idea-dialog';

const idea = {
  id: 'idea-1',
  category: 'idea' as const,
  title: 'Solar cold rooms',
  description: 'Shared cold rooms at open markets.',
  price: 2500,
  currency: 'NGN' as const,
  imageUrl: null,
  images: [],
  websiteUrl: null,
  rating: 4.5,
  projectDetails: 'Two pilots in Lagos.',
  topics: [],
};

function api(fullName: string, overrides: Record<string, unknown> = {}) {
  return fakeApi({
    'GET /api/profile': { id: 'p1', userId: 'ada', fullName, contactInfo: 'ada@example.test' },
    'GET /api/config': { couponRedeemUrl: null, premiumThreshold: 20, ideaCooldownHours: 72, productCooldownHours: 24, maxUploadBytes: 5_242_880, allowedImageTypes: [] },
    'PATCH /api/ideas/idea-1': { ...idea, title: 'Solar cold rooms for traders' },
    ...overrides,
  });
}

function openDialog() {
  const onClose = vi.fn();
  const app = renderApp(<EditIdeaDialog idea={idea} onClose={onClose} />, { path: '/dashboard' });
  const dialog = screen.getByRole('dialog', { name: 'Edit Idea' });
  return { ...app, onClose, dialog, field: (label: RegExp) => within(dialog).getByLabelText(label) };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Edit Idea dialog', () => {
  it("shows the item as it is, and keeps Save Changes disabled while a field's message shows", async () => {
    api('Ada Obi');
    const { user, dialog, field } = openDialog();
    expect(field(/^Title/)).toHaveValue('Solar cold rooms');
    expect(field(/^Description/)).toHaveValue('Shared cold rooms at open markets.');
    expect(field(/^Price/)).toHaveValue(2500);
    expect(field(/^Rating/)).toHaveValue(4.5);

    await user.clear(field(/^Description/));
    expect(await within(dialog).findByText('Description is required.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await user.type(field(/^Description/), 'Cold rooms for market traders.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeEnabled());
  });

  it("saves the changes (not the project details, which the share page owns), says 'Updated!' and closes", async () => {
    const server = api('Ada Obi');
    const { user, dialog, field, onClose } = openDialog();
    await user.type(field(/^Title/), ' for traders');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(server.sent('PATCH', '/api/ideas/idea-1')).toHaveLength(1));
    expect(server.sent('PATCH', '/api/ideas/idea-1')[0]!.body).toEqual({
      category: 'idea',
      title: 'Solar cold rooms for traders',
      description: 'Shared cold rooms at open markets.',
      price: '2500',
      currency: 'NGN',
      images: [],
      websiteUrl: null,
      rating: '4.5',
      topics: [],
    });
    const toast = (await screen.findByText('Updated!')).closest('[data-slot="toast"]');
    expect(toast).toHaveTextContent('Your idea has been updated successfully.');
    expect(onClose).toHaveBeenCalled();
  });

  it("says 'Invalid Profile Name' and goes to the profile when one's name cannot stand as an author, sending nothing", async () => {
    const server = api('Ada 0bi');
    const { user, dialog, onClose, router } = openDialog();
    await waitFor(() => expect(server.sent('GET', '/api/profile')).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    const toast = (await screen.findByText('Invalid Profile Name')).closest('[data-slot="toast"]');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Author name must contain only letters and spaces. Please update your profile.');
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(server.sent('PATCH', '/api/ideas/idea-1')).toHaveLength(0);
  });

  it("shows the server's refusal under its field and in the 'Error' toast, and stays open", async () => {
    api('Ada Obi', {
      'PATCH /api/ideas/idea-1': apiError(422, 'validation_failed', 'Please fix the highlighted fields.', { price: ['Price must be a valid number greater than or equal to 0.'] }),
    });
    const { user, dialog, onClose } = openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByText('Price must be a valid number greater than or equal to 0.')).toBeVisible();
    const toast = (await screen.findByText('Error')).closest('[data-slot="toast"]');
    expect(toast).toHaveTextContent('Please fix the highlighted fields.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
