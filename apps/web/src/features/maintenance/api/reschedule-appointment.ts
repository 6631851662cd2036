import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MaintenanceAppointment, RescheduleRequest } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export function rescheduleAppointment(id: string, body: RescheduleRequest) {
  return api.patch<MaintenanceAppointment>(`/api/maintenance/${encodeURIComponent(id)}/reschedule`, body);
}

/** PATCH api/maintenance/{id}/reschedule: the owner or an admin moves an appointment to another free slot. */
export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: RescheduleRequest & { id: string }) => rescheduleAppointment(id, body),
    // The history shows the new time; the old slot frees up and the new one fills in availability.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceKeys.all }),
  });
}
