// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../../../tests/support/web-app';
import { UnlockDialog } from './unlock-dialog';

afterEach(cleanup);

describe('UnlockDialog', () => {
  it('says the rule one way in its heading and its text: more than the threshold', () => {
    renderApp(<UnlockDialog open onOpenChange={() => {}} itemCount={20} threshold={20} ideaId="idea-1" payments="off" />);
    const dialog = screen.getByRole('dialog', { name: 'Unlock premium content' });
    expect(dialog).toHaveTextContent('Reach 20, then one more');
    expect(dialog).toHaveTextContent('Premium is for members who have shared more than 20 ideas and products.');
    // Twenty is not enough: one more to go.
    expect(dialog).toHaveTextContent('You have shared 20 so far — 1 more to go.');
    expect(dialog).not.toHaveTextContent('21st');
  });

  it('counts what is left from the settings’ threshold', () => {
    renderApp(<UnlockDialog open onOpenChange={() => {}} itemCount={1} threshold={3} ideaId="idea-1" payments="off" />);
    expect(screen.getByRole('heading', { name: 'Reach 3, then one more' })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent('You have shared 1 so far — 3 more to go.');
  });
});
