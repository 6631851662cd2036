import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SavedSearchCreate } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { savedSearchKeys } from './keys';

export function createSavedSearch(input: SavedSearchCreate) {
  return api.post<SavedSearch>('/api/account/saved-searches', input);
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
