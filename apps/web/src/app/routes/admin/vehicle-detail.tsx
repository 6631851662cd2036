import { useParams } from 'react-router';
import { VehicleDetail } from '@/features/admin/components/vehicles/vehicle-detail';
import { usePageTitle } from '@/lib/use-page-title';

export default function Page() {
  usePageTitle('Vehicle');
  const { id = '' } = useParams();
  return <VehicleDetail key={id} id={id} />;
}
