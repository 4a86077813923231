import { IMAGE_UPLOAD_MAX_BYTES } from '@shared/constants';
import type { PublicConfig } from '@shared/schemas/ideas';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const appConfigKey = ['config'] as const;

/** GET /api/config: the public settings (redeem page, cooldowns, upload limits). */
export function useAppConfig() {
  return useQuery({
    queryKey: appConfigKey,
    queryFn: () => api<PublicConfig>('/api/config'),
    staleTime: 5 * 60_000,
  });
}

/** The upload limit in force: the server's setting once known, else the spec's 5 MB. */
export function maxUploadBytes(config: PublicConfig | undefined): number {
  return config?.maxUploadBytes && config.maxUploadBytes > 0 ? config.maxUploadBytes : IMAGE_UPLOAD_MAX_BYTES;
}
