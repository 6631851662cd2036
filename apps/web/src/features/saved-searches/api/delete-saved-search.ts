import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { savedSearchKeys } from './keys';

export function deleteSavedSearch(id: string) {
  return api.delete<SavedSearch>(`/api/account/saved-searches/${encodeURIComponent(id)}`);
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: (removed) => {
      queryClient.setQueryData<SavedSearch[]>(savedSearchKeys.list(), (list) => list?.filter((s) => s._id !== removed._id));
    },
  });
}
