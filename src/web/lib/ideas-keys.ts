import type { HomeFilter } from '@shared/constants';

/**
 * Query keys of items, from one factory (the ideas lists, the details page, the dashboard, a
 * maker's page and the profile share them). Everything about items sits under 'ideas',
 * so invalidating `ideasKeys.all` after a share, an edit or a delete refreshes every list, the
 * dashboard's own items and stats, the Saved tab and the eligibility in one call.
 */
export const ideasKeys = {
  all: ['ideas'] as const,
  lists: () => [...ideasKeys.all, 'list'] as const,
  list: (filter: HomeFilter) => [...ideasKeys.lists(), filter] as const,
  /** The list from a cursor in the address ('More' without JavaScript); the first page's key without one. */
  listFrom: (filter: HomeFilter, start: string | null) => (start ? ([...ideasKeys.list(filter), start] as const) : ideasKeys.list(filter)),
  /** 'Today's top' of a tab and topic (issue 27). */
  today: (filter: Pick<HomeFilter, 'category' | 'topic'>) => [...ideasKeys.all, 'today', filter.category, filter.topic ?? null] as const,
  detail: (id: string) => [...ideasKeys.all, 'detail', id] as const,
  /** GET /api/me/ideas: the signed-in person's own items (dashboard 'My Ideas'). */
  mine: () => [...ideasKeys.all, 'mine'] as const,
  /** GET /api/me/saved: the bookmarked items (dashboard 'Saved'). */
  saved: () => [...ideasKeys.all, 'saved'] as const,
  /** GET /api/me/stats: the dashboard's stat cards. */
  stats: () => [...ideasKeys.all, 'stats'] as const,
  /** GET /api/me/analytics: the dashboard's Analytics tab, per window of days. */
  analytics: (days: number) => [...ideasKeys.all, 'analytics', days] as const,
  /** GET /api/me/eligibility: which categories are open (create page, status dialog). */
  eligibility: () => [...ideasKeys.all, 'eligibility'] as const,
};
