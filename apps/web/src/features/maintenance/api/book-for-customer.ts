import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MaintenanceAppointment, StaffBookingRequest } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export function bookForCustomer(request: StaffBookingRequest | Record<string, unknown>) {
  return api.post<MaintenanceAppointment>('/api/maintenance/admin/bookings', request);
}

/** Staff book for a walk-in or phone customer; the maintenance lists and the calendars refresh. */
export function useBookForCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookForCustomer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: maintenanceKeys.all }),
  });
}
