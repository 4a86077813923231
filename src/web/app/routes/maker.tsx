/** A maker's page: their profile and their items, from the cursor in the address on. */
import type { IdeaListResponse } from '@shared/schemas/ideas';
import type { Maker } from '@shared/schemas/makers';
import type { InfiniteData } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { defineScreen, lazyPage, parseAnswer } from '../route';

export default defineScreen({
  path: '/makers/:userId',
  layout: 'site',
  render: 'server',
  public: true,
  loader: import.meta.env.SSR
    ? async ({ client, params, url, ask }) => {
        // Imported here, not above: the browser's build leaves the loader and its imports out.
        const { makerIdeasRequest, makerKeys } = await import('../../features/makers/api/maker');
        const userId = params.userId ?? '';
        const start = url.searchParams.get('cursor') || null;
        const [profile, items] = await Promise.all([ask(`/api/makers/${encodeURIComponent(userId)}`), ask(makerIdeasRequest(userId, start))]);
        if (profile.status === 404 || profile.status === 400) {
          const missing = new ApiError(404, 'not_found', 'Maker not found.');
          await client.prefetchQuery({ queryKey: makerKeys.profile(userId), queryFn: () => Promise.reject(missing), retry: false });
          return { status: 404 };
        }
        const found = profile.status === 200 ? parseAnswer<Maker>(profile) : undefined;
        if (found) client.setQueryData(makerKeys.profile(userId), found);
        const first = items.status === 200 ? parseAnswer<IdeaListResponse>(items) : undefined;
        if (first && Array.isArray(first.items)) {
          const data: InfiniteData<IdeaListResponse, string | null> = { pages: [first], pageParams: [start] };
          client.setQueryData(makerKeys.ideas(userId, start), data);
        }
        return undefined;
      }
    : undefined,
  // Its head depends on the maker: the page renders it.
  page: lazyPage(import.meta.glob('../../features/makers/pages/maker-page.tsx')),
});
