import { PageHeader } from '@/components/ui/page-header';
import { adminReservationsQueryOptions } from '@/features/sales-desk/api/admin';
import { AdminReservations } from '@/features/sales-desk/components/admin-reservations';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(() => [adminReservationsQueryOptions()]);

export default function Page() {
  usePageTitle('Reservations');
  return (
    <>
      <PageHeader title="Reservations" description="Cars customers hold online. Extend a hold or end it; a hold that runs out ends by itself." />
      <AdminReservations />
    </>
  );
}
