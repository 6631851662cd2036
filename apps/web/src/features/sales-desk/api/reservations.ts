import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Reservation } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { salesDeskKeys } from './keys';

// A customer's holds: list, reserve, cancel.

export const myReservationsQueryOptions = () =>
  queryOptions({ queryKey: salesDeskKeys.myReservations(), queryFn: ({ signal }) => api.get<Reservation[]>('/api/reservations', undefined, signal) });

export const useMyReservations = (options: { enabled?: boolean } = {}) => useQuery({ ...myReservationsQueryOptions(), ...options });

export function useReserveVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vehicleId: string) => api.post<Reservation>('/api/reservations', { vehicleId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesDeskKeys.all }),
  });
}

export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<Reservation>(`/api/reservations/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesDeskKeys.all }),
  });
}
