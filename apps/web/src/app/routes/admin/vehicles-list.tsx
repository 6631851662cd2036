import { VehiclesList } from '@/features/vehicles/components/manage/vehicles-list';
import { usePageTitle } from '@/lib/use-page-title';

export default function Page() {
  usePageTitle('Vehicles');
  return <VehiclesList />;
}
