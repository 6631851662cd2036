import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkshopSettings, WorkshopSettingsUpdate } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export function updateWorkshopSettings(input: WorkshopSettingsUpdate) {
  return api.put<WorkshopSettings>('/api/admin/workshop/settings', input);
}

export function useUpdateWorkshopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkshopSettings,
    // Durations and place counts change every calendar's availability.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceKeys.all }),
  });
}
