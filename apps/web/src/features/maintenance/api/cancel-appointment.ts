import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MaintenanceAppointment } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export function cancelAppointment(id: string) {
  return api.delete<MaintenanceAppointment>(`/api/maintenance/${encodeURIComponent(id)}/cancel`);
}

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    // The history lists change and the freed place shows up in availability.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceKeys.all }),
  });
}
