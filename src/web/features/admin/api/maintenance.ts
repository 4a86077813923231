/**
 * Maintenance mode as the web sees it: GET /api/maintenance (open to everyone, also during
 * maintenance), rechecked every minute, and at once whenever any request is answered with the
 * 503 'maintenance' error body. Small on purpose: it ships with every page.
 */
import { MAINTENANCE_ERROR_CODE } from '@shared/constants';
import type { MaintenanceStatus } from '@shared/schemas/settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, ApiError } from '../../../lib/api-client';

export const maintenanceKey = ['maintenance'] as const;

const RECHECK_MS = 60_000;

export function isMaintenanceError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503 && error.code === MAINTENANCE_ERROR_CODE;
}

export function useMaintenanceStatus() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: maintenanceKey,
    queryFn: () => api<MaintenanceStatus>('/api/maintenance'),
    staleTime: 30_000,
    refetchInterval: RECHECK_MS,
    refetchOnWindowFocus: true,
  });

  // Any request refused for maintenance means the status changed: ask again now.
  useEffect(() => {
    const recheck = (error: unknown) => {
      if (isMaintenanceError(error)) void client.invalidateQueries({ queryKey: maintenanceKey });
    };
    const offQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    const offMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [client]);

  return query;
}
