import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TestDrive, TestDriveAvailability, TestDriveBooking, TestDriveReschedule, TestDriveSettings } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { salesDeskKeys } from './keys';

// The sales calendar as a customer uses it: settings, a car's free hours, their drives.

export const testDriveSettingsQueryOptions = () =>
  queryOptions({ queryKey: salesDeskKeys.settings(), queryFn: ({ signal }) => api.get<TestDriveSettings>('/api/test-drives/settings', undefined, signal) });
export const useTestDriveSettings = () => useQuery(testDriveSettingsQueryOptions());

export const useTestDriveAvailability = (vehicleId: string, date: string) =>
  useQuery({
    queryKey: salesDeskKeys.availability(vehicleId, date),
    queryFn: ({ signal }) => api.get<TestDriveAvailability>('/api/test-drives/availability', { vehicleId, date }, signal),
    enabled: Boolean(vehicleId && date),
  });

export const myTestDrivesQueryOptions = () =>
  queryOptions({ queryKey: salesDeskKeys.myTestDrives(), queryFn: ({ signal }) => api.get<TestDrive[]>('/api/test-drives', undefined, signal) });
export const useMyTestDrives = () => useQuery(myTestDrivesQueryOptions());

function useSalesDeskMutation<V>(mutationFn: (values: V) => Promise<TestDrive>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: salesDeskKeys.all }) });
}

export const useBookTestDrive = () => useSalesDeskMutation((body: TestDriveBooking) => api.post<TestDrive>('/api/test-drives', body));

/** Move or cancel a drive; staff go through the admin routes, a customer through their own. */
export const useRescheduleTestDrive = (staff = false) =>
  useSalesDeskMutation(({ id, ...body }: TestDriveReschedule & { id: string }) =>
    api.patch<TestDrive>(`/api${staff ? '/admin' : ''}/test-drives/${encodeURIComponent(id)}`, body),
  );
export const useCancelTestDrive = (staff = false) =>
  useSalesDeskMutation((id: string) => api.delete<TestDrive>(`/api${staff ? '/admin' : ''}/test-drives/${encodeURIComponent(id)}`));
