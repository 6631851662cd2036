import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SavedSearchUpdate } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { savedSearchKeys } from './keys';

export function updateSavedSearch({ id, ...changes }: SavedSearchUpdate & { id: string }) {
  return api.patch<SavedSearch>(`/api/account/saved-searches/${encodeURIComponent(id)}`, changes);
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSavedSearch,
    onSuccess: (saved) => {
      queryClient.setQueryData<SavedSearch[]>(savedSearchKeys.list(), (list) => list?.map((s) => (s._id === saved._id ? saved : s)));
    },
  });
}
