// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { LAST_ADMIN_MESSAGE } from '@shared/schemas/admin';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, renderApp } from '../../../../../tests/support/web-app';
import UsersPage from './users-page';

const joined = new Date(Date.now() - 3 * 86_400_000).toISOString();
const people = [
  { id: 'admin-1', name: 'Grace Admin', email: 'grace@ideahub.test', role: 'admin', createdAt: joined, contact: '+234 800 000 0001', twoFactorEnabled: true },
  { id: 'u2', name: 'Tunde Bello', email: 'tunde@ideahub.test', role: 'user', createdAt: joined, contact: null, twoFactorEnabled: false },
  { id: 'u3', name: 'Ama Owusu', email: 'ama@ideahub.test', role: 'moderator', createdAt: joined, contact: 'ama@example.test', twoFactorEnabled: true },
];

function api(overrides: Record<string, unknown> = {}) {
  return fakeApi({
    'GET /api/admin/users/counts': { total: 3, admins: 1, moderators: 1, users: 1 },
    'GET /api/admin/users': { items: people, nextCursor: null },
    'PATCH /api/admin/users/u2/role': { ...people[1], role: 'moderator' },
    'POST /api/admin/users/u3/two-factor/reset': { ...people[2], twoFactorEnabled: false },
    ...overrides,
  });
}

/** The wide table (the page also renders stacked rows for phones, hidden by CSS). */
async function table() {
  return within(await screen.findByRole('table'));
}

async function openMenu(user: ReturnType<typeof renderApp>['user'], name: string) {
  await user.click(await (await table()).findByRole('button', { name: `Actions for ${name}` }));
  return within(await screen.findByRole('menu'));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the admin Users page', () => {
  it('lists people with their role, two-factor, contact and the counts; one\'s own row says (you)', async () => {
    api();
    renderApp(<UsersPage currentUserId="admin-1" />, { path: '/admin/users' });
    const rows = await table();
    const row = (name: string) => within(rows.getByText(name).closest('tr')!);
    await rows.findByText('Tunde Bello');
    expect(row('Grace Admin').getByText('(you)')).toBeVisible();
    expect(row('Grace Admin').getByText('admin')).toBeVisible();
    expect(row('Grace Admin').getByText('Two-factor on')).toBeVisible();
    expect(row('Tunde Bello').getByText('Not provided')).toBeVisible();
    expect(row('Tunde Bello').getByText('3 days ago')).toBeVisible();
    expect(row('Ama Owusu').getByText('ama@example.test')).toBeVisible();
    expect(screen.getByText('Total Users').closest('[data-slot="card"]')).toHaveTextContent('3');
  });

  it("changes a person's role and says so", async () => {
    const server = api();
    const { user } = renderApp(<UsersPage currentUserId="admin-1" />, { path: '/admin/users' });
    const menu = await openMenu(user, 'Tunde Bello');
    expect(menu.getByRole('menuitem', { name: 'Make User' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(menu.getByRole('menuitem', { name: 'Make Moderator' }));

    await waitFor(() => expect(server.sent('PATCH', '/api/admin/users/u2/role')).toHaveLength(1));
    expect(server.sent('PATCH', '/api/admin/users/u2/role')[0]!.body).toEqual({ role: 'moderator' });
    const toast = (await screen.findByText('Role Updated')).closest('[data-slot="toast"]');
    expect(toast).toHaveTextContent('User role has been updated successfully.');
    // The list and the counts are asked for again.
    await waitFor(() => expect(server.sent('GET', '/api/admin/users').length).toBeGreaterThan(1));
  });

  it("shows the server's refusal (the last admin) in the error toast", async () => {
    api({ 'PATCH /api/admin/users/admin-1/role': apiError(409, 'last_admin', LAST_ADMIN_MESSAGE) });
    const { user } = renderApp(<UsersPage currentUserId="admin-1" />, { path: '/admin/users' });
    const menu = await openMenu(user, 'Grace Admin');
    await user.click(menu.getByRole('menuitem', { name: 'Make User' }));

    const toast = (await screen.findByText('Update Failed')).closest('[data-slot="toast"]');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent(LAST_ADMIN_MESSAGE);
  });

  it("turns two-factor off for someone else after the confirmation, never offering it on one's own row", async () => {
    const server = api();
    const { user } = renderApp(<UsersPage currentUserId="admin-1" />, { path: '/admin/users' });
    const own = await openMenu(user, 'Grace Admin');
    expect(own.queryByRole('menuitem', { name: 'Turn off two-factor' })).toBeNull();
    await user.keyboard('{Escape}');

    const menu = await openMenu(user, 'Ama Owusu');
    await user.click(menu.getByRole('menuitem', { name: 'Turn off two-factor' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Turn off two-factor authentication?' });
    expect(confirm).toHaveTextContent('Only do this for Ama Owusu once you have checked that the request comes from them');
    expect(server.sent('POST', '/api/admin/users/u3/two-factor/reset')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Turn off two-factor' }));

    await waitFor(() => expect(server.sent('POST', '/api/admin/users/u3/two-factor/reset')).toHaveLength(1));
    const toast = (await screen.findByText('Two-factor turned off')).closest('[data-slot="toast"]');
    expect(toast).toHaveTextContent('Ama Owusu can sign in with their password and has been emailed.');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
