import { PurchasesList } from '@/features/vehicles/components/purchases-list';
import { usePageTitle } from '@/lib/use-page-title';

export default function PurchasesPage() {
  usePageTitle('My Purchases');
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Purchases</h1>
      <p className="mt-1 mb-6 text-slate-600">Vehicles you have bought from Apex Motors.</p>
      <PurchasesList />
    </div>
  );
}
