import type { HomeFilter } from '@shared/constants';

/**
 * Query keys of the ideas feature, from one factory. Everything about items sits under 'ideas',
 * so invalidating `ideasKeys.all` after a share, an edit or a delete refreshes every list, the
 * dashboard's own items and stats, the Saved tab and the eligibility in one call.
 */
export const ideasKeys = {
  all: ['ideas'] as const,
  lists: () => [...ideasKeys.all, 'list'] as const,
  list: (filter: HomeFilter) => [...ideasKeys.lists(), filter] as const,
  detail: (id: string) => [...ideasKeys.all, 'detail', id] as const,
  /** GET /api/me/ideas: the signed-in person's own items (dashboard 'My Ideas'). */
  mine: () => [...ideasKeys.all, 'mine'] as const,
  /** GET /api/me/saved: the bookmarked items (dashboard 'Saved'). */
  saved: () => [...ideasKeys.all, 'saved'] as const,
  /** GET /api/me/stats: the dashboard's stat cards. */
  stats: () => [...ideasKeys.all, 'stats'] as const,
  /** GET /api/me/eligibility: which categories are open (create page, status dialog). */
  eligibility: () => [...ideasKeys.all, 'eligibility'] as const,
};

/** GET /api/config: public settings (redeem URL, cooldowns, upload limit). */
export const appConfigKey = ['config'] as const;
