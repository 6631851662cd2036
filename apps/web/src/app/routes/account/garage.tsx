import { garageQueryOptions } from '@/features/garage/api/garage';
import { MyGarage } from '@/features/garage/components/my-garage';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(() => [garageQueryOptions()]);

export default function MyGaragePage() {
  usePageTitle('My Garage');
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Garage</h1>
      <p className="mt-1 mb-6 text-slate-600">Your vehicles and their service history: jobs, odometer readings, invoices and work we recommend.</p>
      <MyGarage />
    </div>
  );
}
