import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkshopSettings } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export function getWorkshopSettings(signal?: AbortSignal) {
  return api.get<WorkshopSettings>('/api/admin/workshop/settings', undefined, signal);
}

/** The workshop's places and every service's duration (staff only). */
export const workshopSettingsQueryOptions = () =>
  queryOptions({ queryKey: maintenanceKeys.workshopSettings(), queryFn: ({ signal }) => getWorkshopSettings(signal) });

export function useWorkshopSettings() {
  return useQuery(workshopSettingsQueryOptions());
}
