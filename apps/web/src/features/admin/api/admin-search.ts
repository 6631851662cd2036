import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AdminSearchResults } from '@dealer/shared';
import { adminKeys } from './keys';

export const adminSearch = (q: string, signal?: AbortSignal) => api.get<AdminSearchResults>('/api/admin/search', { q }, signal);

export const adminSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: adminKeys.search(q),
    queryFn: ({ signal }) => adminSearch(q, signal),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

export const useAdminSearch = (q: string) => useQuery(adminSearchQueryOptions(q));
