import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Reservation, StaffTestDriveBooking, TestDrive, TestDriveSettings, TestDriveSettingsInput } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { salesDeskKeys } from './keys';

// The sales team's side: upcoming drives, booking for anyone, holds, and the calendar's settings.

export const adminTestDrivesQueryOptions = () =>
  queryOptions({ queryKey: salesDeskKeys.adminTestDrives(), queryFn: ({ signal }) => api.get<TestDrive[]>('/api/admin/test-drives', undefined, signal) });
export const useAdminTestDrives = () => useQuery(adminTestDrivesQueryOptions());

export const adminReservationsQueryOptions = (status = 'Active') =>
  queryOptions({
    queryKey: salesDeskKeys.adminReservations(status),
    queryFn: ({ signal }) => api.get<Reservation[]>('/api/admin/reservations', { status }, signal),
  });
export const useAdminReservations = (status = 'Active') => useQuery(adminReservationsQueryOptions(status));

function useInvalidating<V, R>(mutationFn: (values: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: salesDeskKeys.all }) });
}

export const useStaffBookTestDrive = () => useInvalidating((body: StaffTestDriveBooking) => api.post<TestDrive>('/api/admin/test-drives', body));
export const useExtendReservation = () =>
  useInvalidating(({ id, hours }: { id: string; hours: number }) => api.post<Reservation>(`/api/admin/reservations/${encodeURIComponent(id)}/extend`, { hours }));
export const useEndReservation = () => useInvalidating((id: string) => api.post<Reservation>(`/api/admin/reservations/${encodeURIComponent(id)}/end`));
export const useUpdateTestDriveSettings = () =>
  useInvalidating((body: TestDriveSettingsInput) => api.put<TestDriveSettings>('/api/admin/test-drives/settings', body));
