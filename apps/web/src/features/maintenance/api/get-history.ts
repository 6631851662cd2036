import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MaintenanceAppointment, MaintenanceStatus } from '@dealer/shared';
import { api } from '@/lib/api-client';

/** All sends no status; Completed and Scheduled send theirs (spec 4, history filter). */
export type HistoryFilter = 'All' | Extract<MaintenanceStatus, 'Completed' | 'Scheduled'>;

export function getMaintenanceHistory(filter: HistoryFilter, signal?: AbortSignal) {
  return api.get<MaintenanceAppointment[]>('/api/maintenance/history', filter === 'All' ? undefined : { status: filter }, signal);
}

export const maintenanceHistoryQueryOptions = (filter: HistoryFilter) =>
  queryOptions({
    queryKey: ['maintenance', 'history', filter],
    queryFn: ({ signal }) => getMaintenanceHistory(filter, signal),
  });

export function useMaintenanceHistory(filter: HistoryFilter) {
  return useQuery(maintenanceHistoryQueryOptions(filter));
}
