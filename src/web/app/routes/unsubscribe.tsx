/** An email's unsubscribe link: what it turns off, drawn by the server (its form works without JavaScript). */
import { ApiError } from '../../lib/api-client';
import { defineScreen, lazyPage, parseAnswer } from '../route';

export default defineScreen({
  path: '/unsubscribe',
  layout: 'site',
  render: 'server',
  loader: import.meta.env.SSR
    ? async ({ client, url, ask }) => {
        // Imported here, not above: the browser's build leaves the loader and its imports out.
        const { unsubscribeQuery } = await import('../../features/notifications/api/notifications');
        const token = url.searchParams.get('token') ?? '';
        const query = unsubscribeQuery(token);
        const answer = await ask(`/api/unsubscribe?${new URLSearchParams({ token }).toString()}`);
        const state = answer.status === 200 ? parseAnswer<{ kind: string; email: boolean }>(answer) : undefined;
        if (state) client.setQueryData(query.queryKey, state);
        else if (answer.status === 400 || answer.status === 404) {
          const invalid = new ApiError(answer.status, 'bad_request', 'This unsubscribe link is not valid.');
          await client.prefetchQuery({ ...query, queryFn: () => Promise.reject(invalid) });
        }
        return undefined;
      }
    : undefined,
  // Its head is the page's own.
  page: lazyPage(import.meta.glob('../../features/notifications/pages/unsubscribe-page.tsx')),
});
