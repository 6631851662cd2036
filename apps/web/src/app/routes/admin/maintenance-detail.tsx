import { useParams } from 'react-router';
import { MaintenanceDetail } from '@/features/admin/components/maintenance/maintenance-detail';
import { usePageTitle } from '@/lib/use-page-title';

export default function Page() {
  usePageTitle('Maintenance Request');
  const { id = '' } = useParams();
  return <MaintenanceDetail key={id} id={id} />;
}
