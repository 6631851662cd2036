import { SaveSearchButton } from '@/features/saved-searches/components/save-search-button';
import { VehicleListPage } from '@/features/vehicles/components/vehicle-list-page';
import { usePageTitle } from '@/lib/use-page-title';
import { createVehicleListLoader, shouldRevalidateVehicleList } from './vehicle-list-loader';

export const createLoader = createVehicleListLoader;
export const shouldRevalidate = shouldRevalidateVehicleList;

export default function VehiclesPage() {
  usePageTitle('Vehicles');
  return (
    <VehicleListPage heading="Vehicles" intro="Search every listing by price, year, fuel type and transmission." withFilters actions={<SaveSearchButton />} />
  );
}
