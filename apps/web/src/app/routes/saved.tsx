import { SavedVehicles } from '@/features/vehicles/components/saved-vehicles';
import { usePageTitle } from '@/lib/use-page-title';

export default function SavedVehiclesPage() {
  usePageTitle('Saved Vehicles');
  return <SavedVehicles />;
}
