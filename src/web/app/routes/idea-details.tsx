/** An item's details: drawn from the reader's own answer (premium text only for those who may read it). */
import type { IdeaDetail, PublicConfig } from '@shared/schemas/ideas';
import { lazy } from 'react';
import { ApiError } from '../../lib/api-client';
import { defineScreen, lazyPage, parseAnswer } from '../route';

export default defineScreen({
  path: '/ideas/:id',
  // The spec's other reading of the address.
  redirectFrom: ['/idea/:id'],
  layout: 'site',
  render: 'server',
  public: true,
  loader: import.meta.env.SSR
    ? async ({ client, params, ask }) => {
        // Imported here, not above: the browser's build leaves the loader and its imports out.
        const [{ ideaQuery }, { appConfigKey }] = await Promise.all([import('../../features/idea-details/api/get-idea'), import('../../lib/app-config')]);
        const id = params.id ?? '';
        // The public settings too (whether Buy shows): the page hydrates as drawn instead of drawing itself again when they arrive.
        const [answer, config] = await Promise.all([ask(`/api/ideas/${encodeURIComponent(id)}`), ask('/api/config')]);
        if (config.status === 200) client.setQueryData(appConfigKey, parseAnswer<PublicConfig>(config));
        const { queryKey } = ideaQuery(id);
        const idea = answer.status === 200 ? parseAnswer<IdeaDetail>(answer) : undefined;
        if (idea) client.setQueryData(queryKey, idea);
        else if (answer.status === 404 || answer.status === 400) {
          // The page shows 'Idea not found' from this error, on the server and in the browser.
          const missing = new ApiError(404, 'not_found', 'Idea not found.');
          await client.prefetchQuery({ queryKey, queryFn: () => Promise.reject(missing), retry: false });
          return { status: 404 };
        }
        return undefined;
      }
    : undefined,
  // Its head depends on the item: the page renders it (IdeaPageMeta).
  // The spec: an item that fails to load shows the 'Idea not found' view (in the page's own chunk).
  ErrorView: lazy(() => import('../../features/idea-details/pages/idea-details-page').then((m) => ({ default: m.IdeaNotFound }))),
  page: lazyPage(import.meta.glob('../../features/idea-details/pages/idea-details-page.tsx')),
});
