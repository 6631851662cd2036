import { MaintenanceList } from '@/features/admin/components/maintenance/maintenance-list';
import { usePageTitle } from '@/lib/use-page-title';

export default function Page() {
  usePageTitle('Maintenance Requests');
  return <MaintenanceList />;
}
