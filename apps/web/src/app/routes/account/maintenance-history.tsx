import { maintenanceHistoryQueryOptions } from '@/features/maintenance/api/get-history';
import { MaintenanceHistory } from '@/features/maintenance/components/maintenance-history';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

/** The history opens on its first page of every status. */
export const createLoader = prefetch(() => [maintenanceHistoryQueryOptions('All', 1)]);

export default function Page() {
  usePageTitle('Your Maintenance History');
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Your Maintenance History</h1>
      <p className="mt-2 mb-6 text-slate-600">View your past and upcoming maintenance appointments</p>
      <MaintenanceHistory />
    </div>
  );
}
