import { VehiclesList } from '@/features/admin/components/vehicles/vehicles-list';
import { VehicleGrid } from '@/features/vehicles/components/vehicle-grid';
import { usePageTitle } from '@/lib/use-page-title';

export default function Page() {
  usePageTitle('Vehicles');
  return <VehiclesList renderGrid={(vehicles, { hrefFor, footerFor }) => <VehicleGrid vehicles={vehicles} hrefFor={hrefFor} footerFor={footerFor} />} />;
}
