/** Home: the hero and the browser of ideas and products, with the filters its address carries. */
import { showsTodaysTop, todaysTopRequest } from '@shared/constants';
import type { ErrorBody } from '@shared/schemas/errors';
import type { IdeaListResponse } from '@shared/schemas/ideas';
import type { InfiniteData } from '@tanstack/react-query';
import { ideasKeys } from '../../lib/ideas-keys';
import { browseFilterOf, ideasPageRequest, listStartOf } from '../../features/ideas/api/list-ideas';
import HomePage from '../../features/ideas/pages/home-page';
import { ApiError } from '../../lib/api-client';
import { defineScreen, parseAnswer } from '../route';

export default defineScreen({
  path: '/',
  layout: 'site',
  render: 'server',
  public: true,
  sitemap: true,
  // The list's first page, as the app asks it for the address's filters.
  loader: import.meta.env.SSR
    ? async ({ client, url, ask }) => {
        const filter = browseFilterOf(url.searchParams);
        const scope = { category: filter.category, topic: filter.topic };
        const start = listStartOf(url.searchParams);
        const [answer, today] = await Promise.all([ask(ideasPageRequest(filter, start)), showsTodaysTop(filter) ? ask(todaysTopRequest(scope)) : null]);
        // 'Today's top' is drawn with the page, so it does not push the grid down as the page comes alive.
        const top = today?.status === 200 ? parseAnswer<IdeaListResponse>(today) : undefined;
        if (top && Array.isArray(top.items)) client.setQueryData(ideasKeys.today(scope), top);
        const page = answer.status === 200 ? parseAnswer<IdeaListResponse>(answer) : undefined;
        if (page && Array.isArray(page.items)) {
          const data: InfiniteData<IdeaListResponse, string | null> = { pages: [page], pageParams: [start] };
          client.setQueryData(ideasKeys.listFrom(filter, start), data);
        } else if (answer.status === 400) {
          // A refused filter (a negative price, say): the page says why, on the server and in the browser.
          const body = parseAnswer<ErrorBody>(answer)?.error;
          const refused = new ApiError(400, body?.code ?? 'bad_request', body?.message ?? 'The filters are not valid.', body?.fields);
          await client.prefetchInfiniteQuery({ queryKey: ideasKeys.listFrom(filter, start), queryFn: () => Promise.reject(refused), initialPageParam: start, retry: false });
        }
        return undefined;
      }
    : undefined,
  meta: {
    title: 'IdeaHub — Discover brilliant ideas and amazing products',
    description:
      'IdeaHub is the platform for sharing brilliant ideas and discovering amazing products. Share your ideas with a price, get community feedback and unlock premium insights.',
  },
  // In the entry itself: home is the first page most people see.
  Page: HomePage,
});
