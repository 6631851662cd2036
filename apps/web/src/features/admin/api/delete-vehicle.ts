import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys, publicKeys } from './keys';

export const deleteVehicle = (id: string) => api.delete<unknown>(`/api/vehicles/${encodeURIComponent(id)}`);

export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.vehicle(id) });
      void queryClient.invalidateQueries({ queryKey: publicKeys.vehicles });
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
