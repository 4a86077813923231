/**
 * Reports (issue 14 points 14 and 15): POST /api/reports, and the moderators' queue under
 * /api/admin/reports with its two decisions. Types from the shared schemas; screens decide what to
 * do with errors (the dialog shows them; the queue toasts).
 */
import type { ReportReason, ReportTargetType } from '@shared/rules/report';
import type { AdminReportsPage, Report, ReportDecided, ReportDecision } from '@shared/schemas/reports';
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const PAGE = 20;

/** Under ['admin'], like every other list of the panel. */
export const reportKeys = {
  queue: () => ['admin', 'reports'] as const,
};

export interface ReportRequest {
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  note?: string;
}

export function useSendReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportRequest) => api<Report>('/api/reports', { method: 'POST', body: input }),
    // Staff who report see it in their queue at once.
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.queue() }),
  });
}

export function useReportQueue() {
  return useInfiniteQuery({
    queryKey: reportKeys.queue(),
    queryFn: ({ pageParam }) => api<AdminReportsPage>('/api/admin/reports', { query: { cursor: pageParam, limit: PAGE } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useDecideReports() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ targetType, targetId, decision, reason }: { targetType: ReportTargetType; targetId: string; decision: ReportDecision; reason?: string }) =>
      api<ReportDecided>(`/api/admin/reports/${targetType}/${encodeURIComponent(targetId)}/${decision}`, {
        method: 'POST',
        // Remove's optional reason is told to the author.
        body: decision === 'remove' && reason?.trim() ? { reason } : undefined,
      }),
    onSettled: async (_data, _error, { decision }) => {
      await client.invalidateQueries({ queryKey: reportKeys.queue() });
      await client.invalidateQueries({ queryKey: ['admin', 'audit'] });
      if (decision === 'remove') {
        // The panel's lists and counters, and the public lists and pages, show it no more.
        await client.invalidateQueries({ queryKey: ['admin', 'content'] });
        await client.invalidateQueries({ queryKey: ['admin', 'overview'] });
        await client.invalidateQueries({ queryKey: ['ideas'] });
        await client.invalidateQueries({ queryKey: ['discussion'] });
      }
    },
  });
}
