import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SearchResults } from '../types';
import { adminKeys } from './keys';

export const adminSearch = (q: string, signal?: AbortSignal) => api.get<SearchResults>('/api/admin/search', { q }, signal);

export const adminSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: adminKeys.search(q),
    queryFn: ({ signal }) => adminSearch(q, signal),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

export const useAdminSearch = (q: string) => useQuery(adminSearchQueryOptions(q));
