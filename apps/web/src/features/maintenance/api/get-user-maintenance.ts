import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MaintenanceAppointment } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export const getUserMaintenance = (id: string, signal?: AbortSignal) =>
  api.get<MaintenanceAppointment[]>(`/api/users/${encodeURIComponent(id)}/maintenance`, undefined, signal);

export const userMaintenanceQueryOptions = (id: string) =>
  queryOptions({ queryKey: maintenanceKeys.userRequests(id), queryFn: ({ signal }) => getUserMaintenance(id, signal) });

export const useUserMaintenance = (id: string) => useQuery(userMaintenanceQueryOptions(id));
