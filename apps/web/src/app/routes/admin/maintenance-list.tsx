import { useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/keys';
import { MaintenanceList } from '@/features/admin/components/maintenance/maintenance-list';
import type { RescheduleDialogSlot } from '@/features/admin/components/maintenance/status-menu';
import { RescheduleDialog } from '@/features/maintenance/components/reschedule-dialog';
import { usePageTitle } from '@/lib/use-page-title';

/** The customer's reschedule dialog as staff use it: the status stays, and the admin lists refresh. */
const StaffRescheduleDialog: RescheduleDialogSlot = (props) => {
  const queryClient = useQueryClient();
  return <RescheduleDialog {...props} staff onRescheduled={() => void queryClient.invalidateQueries({ queryKey: adminKeys.all })} />;
};

export default function Page() {
  usePageTitle('Maintenance Requests');
  return <MaintenanceList rescheduleDialog={StaffRescheduleDialog} />;
}
