/**
 * Component tests (jsdom): the real component inside the app's providers (queries, a memory router,
 * the toaster) with the API played by the test. fetch is answered by the test's own routes, the
 * way a local fake of an outside service would answer, and every request sent is kept to check.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '../../src/web/components/ui/toaster';

export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = unknown | ((request: SentRequest) => unknown);

/** A JSON answer with this status. */
export function json(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The API's one error body. */
export function apiError(status: number, code: string, message: string, fields?: Record<string, string[]>): Response {
  return json({ error: { code, message, ...(fields ? { fields } : {}) } }, status);
}

/**
 * Answers `fetch` from `routes` ('METHOD /path': a body sent as 200 JSON, a Response, or a function
 * of the request returning either); anything else is a 404 in the API's error body.
 */
export function fakeApi(routes: Record<string, Answer>) {
  const requests: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://ideahub.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    const request: SentRequest = { method, path: url.pathname, query: url.searchParams, body };
    requests.push(request);
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) return apiError(404, 'not_found', `No route for ${method} ${url.pathname}`);
    const answer = typeof route === 'function' ? await (route as (r: SentRequest) => unknown)(request) : route;
    return answer instanceof Response ? answer : json(answer);
  });
  return {
    requests,
    /** The requests sent with this method to this path. */
    sent: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

/** The session of a signed-in person, as GET /api/auth/get-session answers it. */
export function sessionOf(user: { id: string; name: string; email?: string; role?: 'user' | 'moderator' | 'admin' }) {
  return { user: { email: `${user.id}@ideahub.test`, emailVerified: true, role: 'user', ...user } };
}

function Elsewhere() {
  return <p data-testid="elsewhere">{useLocation().pathname}</p>;
}

/**
 * Renders `element` at `path` (a route pattern, e.g. '/ideas/:id'; `at`: the address opened) with a
 * query client of its own and the toaster. Other addresses render their path, so a navigation shows.
 */
export function renderApp(element: ReactElement, { path = '/', at = path }: { path?: string; at?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [at] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, client, router, user: userEvent.setup() };
}
