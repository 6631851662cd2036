import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MaintenanceSettings } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export function getMaintenanceSettings(signal?: AbortSignal) {
  return api.get<MaintenanceSettings>('/api/maintenance/settings', undefined, signal);
}

export const maintenanceSettingsQueryOptions = () =>
  queryOptions({
    queryKey: maintenanceKeys.settings(),
    queryFn: ({ signal }) => getMaintenanceSettings(signal),
    staleTime: 5 * 60_000,
  });

export function useMaintenanceSettings() {
  return useQuery(maintenanceSettingsQueryOptions());
}
