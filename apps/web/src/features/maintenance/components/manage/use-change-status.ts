import { MAINTENANCE_STATUS_TOASTS, type MaintenanceStatus } from '@dealer/shared';
import { toast, toastApiError } from '@/components/toast/toast-store';
import { useUpdateMaintenanceRequest } from '../../api/update-maintenance-request';

/** Sets an appointment's status with the spec's 'Status Updated' toasts; the lists refresh afterwards. */
export function useChangeMaintenanceStatus() {
  const mutation = useUpdateMaintenanceRequest();
  const changeStatus = (id: string, status: MaintenanceStatus) =>
    mutation.mutate(
      { id, changes: { status } },
      {
        onSuccess: () => toast({ title: 'Status Updated', description: MAINTENANCE_STATUS_TOASTS[status], variant: 'success' }),
        onError: (error) => toastApiError(error, 'Failed to update maintenance appointment'),
      },
    );
  return { changeStatus, isPending: mutation.isPending };
}
