import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MaintenanceSettings } from '@dealer/shared';
import { api } from '@/lib/api-client';

export function getMaintenanceSettings(signal?: AbortSignal) {
  return api.get<MaintenanceSettings>('/api/maintenance/settings', undefined, signal);
}

export const maintenanceSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['maintenance', 'settings'],
    queryFn: ({ signal }) => getMaintenanceSettings(signal),
    staleTime: 5 * 60_000,
  });

export function useMaintenanceSettings() {
  return useQuery(maintenanceSettingsQueryOptions());
}
