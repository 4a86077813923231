// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp, sessionOf } from '../../../../../tests/support/web-app';
import { followKeys } from '../api/follow';
import { FollowButton } from './follow-button';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Follow button', () => {
  it('back from sign-in with ?follow=, shows Following even when the state read sent before the follow answers after it', async () => {
    let answerStateRead!: () => void;
    const stateRead = new Promise<void>((resolve) => (answerStateRead = resolve));
    const api = fakeApi({
      'GET /api/auth/get-session': sessionOf({ id: 'ibrahim', name: 'Ibrahim Musa' }),
      // The state as it was before the follow, answered late.
      'GET /api/makers/tunde/follow': () => stateRead.then(() => ({ following: false, followerCount: 3 })),
      'PUT /api/makers/tunde/follow': { following: true, followerCount: 4 },
    });
    const { router, client } = renderApp(<FollowButton target={{ kind: 'maker', id: 'tunde' }} name="Tunde Balogun" />, { path: '/makers/:id', at: '/makers/tunde?follow=tunde' });

    await waitFor(() => expect(api.sent('PUT', '/api/makers/tunde/follow')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(api.sent('GET', '/api/makers/tunde/follow').length).toBeGreaterThan(0);
    answerStateRead();

    // jsdom joins the visible word and the hidden name without the space a browser keeps.
    const following = await screen.findByRole('button', { name: /^Following\s*Tunde Balogun$/ });
    // The late read is over (taken in, or dropped as cancelled) before the button is read again.
    await stateRead;
    await waitFor(() => expect(client.getQueryState(followKeys.state({ kind: 'maker', id: 'tunde' }))?.fetchStatus).toBe('idle'));
    expect(screen.getByRole('button', { name: /^Following\s*Tunde Balogun$/ })).toBe(following);
    expect(following).toHaveAttribute('aria-pressed', 'true');
  });
});
