import { overviewQueryOptions } from '@/features/dashboard/api/get-overview';
import { Dashboard } from '@/features/dashboard/components/dashboard';
import { AddVehicleLink } from '@/features/vehicles/components/manage/add-vehicle-link';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(() => [overviewQueryOptions()]);

export default function Page() {
  usePageTitle('Dashboard');
  return <Dashboard addVehicle={<AddVehicleLink />} />;
}
