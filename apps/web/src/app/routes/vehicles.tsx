import { VehicleListPage } from '@/features/vehicles/components/vehicle-list-page';
import { usePageTitle } from '@/lib/use-page-title';

export default function VehiclesPage() {
  usePageTitle('Vehicles');
  return (
    <VehicleListPage heading="Vehicles" intro="Search every listing by price, year, fuel type and transmission." withFilters />
  );
}
