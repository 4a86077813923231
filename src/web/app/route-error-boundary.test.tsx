// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new Error('the page failed');
}

let go: ((to: string) => void) | null = null;
function Navigator() {
  const navigate = useNavigate();
  useEffect(() => {
    go = (to) => void navigate(to);
  }, [navigate]);
  return null;
}

const page = (node: React.ReactNode, view?: () => React.ReactNode) => (
  <>
    <Navigator />
    <header>IdeaHub</header>
    <RouteErrorBoundary view={view}>{node}</RouteErrorBoundary>
  </>
);

describe("a screen's error view", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('takes the place of a page that fails while rendering, the rest of the app still there; another address tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        { path: '/broken', element: page(<Broken />) },
        { path: '/fine', element: page(<p>A page that works</p>) },
      ],
      { initialEntries: ['/broken'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('banner').textContent).toBe('IdeaHub');
    await act(async () => go!('/fine'));
    expect(screen.getByText('A page that works')).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the screen's own view when it names one", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/ideas/:id', element: page(<Broken />, () => <h1>Idea not found</h1>) }], { initialEntries: ['/ideas/x'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading').textContent).toBe('Idea not found');
  });
});
