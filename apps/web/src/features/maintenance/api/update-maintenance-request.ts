import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MaintenanceAppointment, MaintenanceUpdate } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export const updateMaintenanceRequest = (id: string, changes: MaintenanceUpdate) =>
  api.patch<MaintenanceAppointment>(`/api/maintenance/${encodeURIComponent(id)}`, changes);

/** PATCH api/maintenance/{id}; every maintenance list, detail and calendar refreshes afterwards (the dashboard refetches on its next visit). */
export function useUpdateMaintenanceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: MaintenanceUpdate }) => updateMaintenanceRequest(id, changes),
    onSuccess: (updated) => {
      if (updated && typeof updated === 'object' && '_id' in updated)
        queryClient.setQueryData(maintenanceKeys.request(updated._id), updated);
      return queryClient.invalidateQueries({ queryKey: maintenanceKeys.all });
    },
  });
}
