/** A topic's page: home's browser narrowed to one topic, with the topic's own title and description. */
import type { IdeaListResponse } from '@shared/schemas/ideas';
import type { Topic } from '@shared/schemas/topics';
import type { InfiniteData } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { defineScreen, lazyPage, parseAnswer } from '../route';

export default defineScreen({
  path: '/topics/:slug',
  layout: 'site',
  render: 'server',
  public: true,
  loader: import.meta.env.SSR
    ? async ({ client, params, url, ask }) => {
        // Imported here, not above: the browser's build leaves the loader and its imports out.
        const [{ topicKeys }, { showsTodaysTop, todaysTopRequest }, { ideasKeys }, { browseFilterOf, ideasPageRequest, listStartOf }] = await Promise.all([
          import('../../features/topics/api/topics'),
          import('@shared/constants'),
          import('../../lib/ideas-keys'),
          import('../../features/ideas/api/list-ideas'),
        ]);
        const slug = params.slug ?? '';
        const filter = { ...browseFilterOf(url.searchParams), topic: slug };
        const scope = { category: filter.category, topic: slug };
        const start = listStartOf(url.searchParams);
        const [topic, list, today] = await Promise.all([ask(`/api/topics/${encodeURIComponent(slug)}`), ask(ideasPageRequest(filter, start)), showsTodaysTop(filter) ? ask(todaysTopRequest(scope)) : null]);
        if (topic.status === 404 || topic.status === 400) {
          const missing = new ApiError(404, 'not_found', 'Topic not found.');
          await client.prefetchQuery({ queryKey: topicKeys.one(slug), queryFn: () => Promise.reject(missing), retry: false });
          return { status: 404 };
        }
        const found = topic.status === 200 ? parseAnswer<Topic>(topic) : undefined;
        if (found) client.setQueryData(topicKeys.one(slug), found);
        const top = today?.status === 200 ? parseAnswer<IdeaListResponse>(today) : undefined;
        if (top && Array.isArray(top.items)) client.setQueryData(ideasKeys.today(scope), top);
        const page = list.status === 200 ? parseAnswer<IdeaListResponse>(list) : undefined;
        if (page && Array.isArray(page.items)) {
          const data: InfiniteData<IdeaListResponse, string | null> = { pages: [page], pageParams: [start] };
          client.setQueryData(ideasKeys.listFrom(filter, start), data);
        }
        return undefined;
      }
    : undefined,
  // Its head depends on the topic: the page renders it.
  page: lazyPage(import.meta.glob('../../features/topics/pages/topic-page.tsx')),
});
