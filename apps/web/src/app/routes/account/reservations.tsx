import { myReservationsQueryOptions } from '@/features/sales-desk/api/reservations';
import { MyReservations } from '@/features/sales-desk/components/my-reservations';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(() => [myReservationsQueryOptions()]);

export default function MyReservationsPage() {
  usePageTitle('My Reservations');
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Reservations</h1>
      <p className="mt-1 mb-6 text-slate-600">Cars held for you online, and the ones you held before.</p>
      <MyReservations />
    </div>
  );
}
