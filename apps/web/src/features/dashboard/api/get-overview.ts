import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { adminRootKey } from '@/lib/admin-query-keys';

export const getOverview = (signal?: AbortSignal) => api.get<AdminOverview>('/api/admin/overview', undefined, signal);

export const overviewQueryOptions = () =>
  queryOptions({ queryKey: [...adminRootKey, 'overview'] as const, queryFn: ({ signal }) => getOverview(signal) });

export const useOverview = () => useQuery(overviewQueryOptions());
