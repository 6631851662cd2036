import { useParams } from 'react-router';
import { AuditHistory } from '@/features/audit-log/components/audit-history';
import { maintenanceRequestQueryOptions } from '@/features/maintenance/api/get-maintenance-request';
import { MaintenanceDetail } from '@/features/maintenance/components/manage/maintenance-detail';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(({ params }) => [maintenanceRequestQueryOptions(params.id ?? '')]);

export default function Page() {
  usePageTitle('Maintenance Request');
  const { id = '' } = useParams();
  return <MaintenanceDetail key={id} id={id} audit={(appointment) => <AuditHistory entityType="maintenance" entityId={appointment._id} />} />;
}
