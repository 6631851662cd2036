import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MaintenanceAppointment, MaintenanceStatus } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export interface MaintenanceChanges {
  status?: MaintenanceStatus;
  cost?: number | null;
  technician?: string | null;
  notes?: string | null;
  staffNotes?: string | null;
}

export const updateMaintenanceRequest = (id: string, changes: MaintenanceChanges) =>
  api.patch<MaintenanceAppointment>(`/api/maintenance/${encodeURIComponent(id)}`, changes);

/** PATCH api/maintenance/{id}; every maintenance list, detail and calendar refreshes afterwards (the dashboard refetches on its next visit). */
export function useUpdateMaintenanceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: MaintenanceChanges }) => updateMaintenanceRequest(id, changes),
    onSuccess: (updated) => {
      if (updated && typeof updated === 'object' && '_id' in updated)
        queryClient.setQueryData(maintenanceKeys.request(updated._id), updated);
      return queryClient.invalidateQueries({ queryKey: maintenanceKeys.all });
    },
  });
}
