import { MyVehiclesList } from '@/features/vehicles/components/my-vehicles-list';
import { usePageTitle } from '@/lib/use-page-title';

export default function MyVehiclesPage() {
  usePageTitle('My Vehicles');
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <MyVehiclesList />
    </div>
  );
}
