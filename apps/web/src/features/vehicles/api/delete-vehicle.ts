import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { vehicleKeys } from './keys';

export function deleteVehicle(id: string) {
  return api.delete<unknown>(`/api/vehicles/${encodeURIComponent(id)}`);
}

/** Deletes a listing (owner or admin) and drops it from every cached list. */
export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: vehicleKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: vehicleKeys.all, refetchType: 'active' });
    },
  });
}
