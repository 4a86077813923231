/**
 * Fetchers and query hooks of the admin panel, one per endpoint of /api/admin/* (types from the
 * shared schemas). Screens decide what to do with errors; nothing here toasts.
 */
import type {
  AdminAuditPage,
  AdminContentPage,
  AdminContentQuery,
  AdminCouponsPage,
  AdminMe,
  AdminPaymentsPage,
  AdminUser,
  AdminUsersPage,
  AdminUsersQuery,
  Analytics,
  ContentCounts,
  FinancialSummary,
  GeneratedCoupons,
  Overview,
  UserCounts,
} from '@shared/schemas/admin';
import type { Role } from '@shared/schemas/auth';
import type { Topic, TopicCreateInput, TopicList, TopicMerged, TopicUpdateInput } from '@shared/schemas/topics';
import type { PlatformSettingsInput, SettingsResponse } from '@shared/schemas/settings';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { maintenanceKey } from './maintenance';

const PAGE = 20;

export function useAdminMe() {
  return useQuery({ queryKey: adminKeys.me(), queryFn: () => api<AdminMe>('/api/admin/me'), staleTime: 30_000 });
}

export function useOverview() {
  return useQuery({ queryKey: adminKeys.overview(), queryFn: () => api<Overview>('/api/admin/overview') });
}

// ── Users ───────────────────────────────────────────────────────────────────────────────────

export function useUserCounts() {
  return useQuery({ queryKey: adminKeys.userCounts(), queryFn: () => api<UserCounts>('/api/admin/users/counts') });
}

export function useUsers(filter: Pick<AdminUsersQuery, 'q' | 'role'>) {
  return useInfiniteQuery({
    queryKey: adminKeys.userList(filter),
    queryFn: ({ pageParam }) => api<AdminUsersPage>('/api/admin/users', { query: { ...filter, cursor: pageParam, limit: PAGE } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      api<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/role`, { method: 'PATCH', body: { role } }),
    onSettled: async () => {
      // Counters, lists, and the caller's own access (an admin may have changed their own role).
      await client.invalidateQueries({ queryKey: adminKeys.users() });
      await client.invalidateQueries({ queryKey: adminKeys.me() });
      await client.invalidateQueries({ queryKey: adminKeys.overview() });
    },
  });
}

/** Turns off two-factor authentication for someone who lost their authenticator app (after checking who they are). */
export function useResetTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/two-factor/reset`, { method: 'POST', body: {} }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: adminKeys.users() });
      await client.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] });
    },
  });
}

// ── Content ─────────────────────────────────────────────────────────────────────────────────

export function useContentCounts() {
  return useQuery({ queryKey: adminKeys.contentCounts(), queryFn: () => api<ContentCounts>('/api/admin/content/counts') });
}

export function useContent(filter: Pick<AdminContentQuery, 'q' | 'category'>) {
  return useInfiniteQuery({
    queryKey: adminKeys.contentList(filter),
    queryFn: ({ pageParam }) => api<AdminContentPage>('/api/admin/content', { query: { ...filter, cursor: pageParam, limit: PAGE } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useDeleteContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      api<void>(`/api/admin/content/${encodeURIComponent(id)}`, { method: 'DELETE', body: reason?.trim() ? { reason } : undefined }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: adminKeys.content() });
      await client.invalidateQueries({ queryKey: adminKeys.overview() });
      // The public lists and pages show it no more.
      await client.invalidateQueries({ queryKey: ['ideas'] });
    },
  });
}

// ── Financial ───────────────────────────────────────────────────────────────────────────────

export function useFinancialSummary() {
  return useQuery({ queryKey: adminKeys.financialSummary(), queryFn: () => api<FinancialSummary>('/api/admin/financial') });
}

export function usePayments(q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.payments(q),
    queryFn: ({ pageParam }) => api<AdminPaymentsPage>('/api/admin/payments', { query: { q, cursor: pageParam, limit: PAGE } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** An admin's Refund of a successful payment (the provider's refund; the buyer's unlock ends). */
export function useRefundPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/admin/payments/${encodeURIComponent(id)}/refund`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.financial() }),
  });
}

export function useCoupons(q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.coupons(q),
    queryFn: ({ pageParam }) => api<AdminCouponsPage>('/api/admin/coupons', { query: { q, cursor: pageParam, limit: PAGE } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useGenerateCoupons() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (count: number) => api<GeneratedCoupons>('/api/admin/coupons/generate', { method: 'POST', body: { count } }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.financial() }),
  });
}

// ── Analytics ───────────────────────────────────────────────────────────────────────────────

export function useAnalytics(days: number) {
  return useQuery({
    queryKey: adminKeys.analytics(days),
    queryFn: () => api<Analytics>('/api/admin/analytics', { query: { days } }),
    placeholderData: keepPreviousData,
  });
}

// ── Audit log ───────────────────────────────────────────────────────────────────────────────

export function useAudit(q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(q),
    queryFn: ({ pageParam }) => api<AdminAuditPage>('/api/admin/audit', { query: { q, cursor: pageParam, limit: PAGE } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

// ── Settings ────────────────────────────────────────────────────────────────────────────────

export function useSettings() {
  return useQuery({ queryKey: adminKeys.settings(), queryFn: () => api<SettingsResponse>('/api/admin/settings'), staleTime: 0 });
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: PlatformSettingsInput) => api<SettingsResponse>('/api/admin/settings', { method: 'PUT', body: settings }),
    onSuccess: (data) => client.setQueryData(adminKeys.settings(), data),
    onSettled: () => client.invalidateQueries({ queryKey: maintenanceKey }),
  });
}

export function useResetSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<SettingsResponse>('/api/admin/settings/reset', { method: 'POST' }),
    onSuccess: (data) => client.setQueryData(adminKeys.settings(), data),
    onSettled: () => client.invalidateQueries({ queryKey: maintenanceKey }),
  });
}

// ── Topics (issue 27 point 3) ───────────────────────────────────────────────────────────────

/** Every topic: the list is short, so it comes whole (shaped as one page for AdminList). */
export function useAdminTopics() {
  return useQuery({ queryKey: adminKeys.topics(), queryFn: () => api<TopicList>('/api/admin/topics') });
}

type TopicChange =
  | { kind: 'add'; body: TopicCreateInput }
  | { kind: 'rename'; id: string; body: TopicUpdateInput }
  | { kind: 'merge'; id: string; into: string }
  | { kind: 'remove'; id: string };

/** Add, rename, merge or remove a topic; the lists, pickers and pages that show topics are refreshed. */
export function useChangeTopic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: TopicChange): Promise<unknown> => {
      switch (change.kind) {
        case 'add':
          return api<Topic>('/api/admin/topics', { method: 'POST', body: change.body });
        case 'rename':
          return api<Topic>(`/api/admin/topics/${encodeURIComponent(change.id)}`, { method: 'PATCH', body: change.body });
        case 'merge':
          return api<TopicMerged>(`/api/admin/topics/${encodeURIComponent(change.id)}/merge`, { method: 'POST', body: { into: change.into } });
        case 'remove':
          return api<void>(`/api/admin/topics/${encodeURIComponent(change.id)}`, { method: 'DELETE' });
      }
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: adminKeys.topics() });
      await client.invalidateQueries({ queryKey: ['topics'] });
      await client.invalidateQueries({ queryKey: ['ideas'] });
    },
  });
}
