import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedSearch } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { savedSearchKeys } from './keys';

export function getSavedSearches(signal?: AbortSignal) {
  return api.get<SavedSearch[]>('/api/account/saved-searches', undefined, signal);
}

export const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: savedSearchKeys.list(),
    queryFn: ({ signal }) => getSavedSearches(signal),
  });

export function useSavedSearches() {
  return useQuery(savedSearchesQueryOptions());
}
