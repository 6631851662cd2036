import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingRequest, MaintenanceAppointment } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export function bookAppointment(request: BookingRequest | Record<string, unknown>) {
  return api.post<MaintenanceAppointment>('/api/maintenance', request);
}

export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookAppointment,
    // Success or a full slot: either way the availability on screen is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: maintenanceKeys.all }),
  });
}
