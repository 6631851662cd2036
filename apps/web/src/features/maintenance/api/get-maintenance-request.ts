import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MaintenanceAppointment } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export const getMaintenanceRequest = (id: string, signal?: AbortSignal) =>
  api.get<MaintenanceAppointment>(`/api/maintenance/${encodeURIComponent(id)}`, undefined, signal);

export const maintenanceRequestQueryOptions = (id: string) =>
  queryOptions({ queryKey: maintenanceKeys.request(id), queryFn: ({ signal }) => getMaintenanceRequest(id, signal) });

export const useMaintenanceRequest = (id: string) => useQuery(maintenanceRequestQueryOptions(id));
