import type { AdminContentQuery, AdminUsersQuery } from '@shared/schemas/admin';

type Filter<T> = Omit<T, 'cursor' | 'limit'>;

/** Query keys of the admin panel, from one factory; everything sits under ['admin']. */
export const adminKeys = {
  all: ['admin'] as const,
  me: () => [...adminKeys.all, 'me'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userCounts: () => [...adminKeys.users(), 'counts'] as const,
  userList: (filter: Filter<AdminUsersQuery>) => [...adminKeys.users(), 'list', filter] as const,
  content: () => [...adminKeys.all, 'content'] as const,
  contentCounts: () => [...adminKeys.content(), 'counts'] as const,
  contentList: (filter: Filter<AdminContentQuery>) => [...adminKeys.content(), 'list', filter] as const,
  financial: () => [...adminKeys.all, 'financial'] as const,
  financialSummary: () => [...adminKeys.financial(), 'summary'] as const,
  payments: (q: string) => [...adminKeys.financial(), 'payments', q] as const,
  coupons: (q: string) => [...adminKeys.financial(), 'coupons', q] as const,
  analytics: (days: number) => [...adminKeys.all, 'analytics', days] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  audit: (q: string) => [...adminKeys.all, 'audit', q] as const,
  topics: () => [...adminKeys.all, 'topics'] as const,
};
