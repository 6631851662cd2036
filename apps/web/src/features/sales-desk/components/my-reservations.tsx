import { useState } from 'react';
import { Link } from '@/components/ui/link';
import type { Reservation } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCancelReservation, useMyReservations } from '../api/reservations';
import { MyCarBooking } from './my-car-booking';

/** The customer's holds, newest first; an active one can be cancelled. */
export function MyReservations() {
  const list = useMyReservations();
  const cancel = useCancelReservation();
  const [cancelling, setCancelling] = useState<Reservation | null>(null);
  if (list.isPending) return <Spinner className="py-8" />;
  if (list.isError) return <p className="text-red-700">Failed to fetch reservations: {list.error.message}</p>;
  if (list.data.length === 0)
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">
        No reservations yet. Open a car and choose <strong>Reserve this car</strong> to hold it for a few days.{' '}
        <Link to={paths.vehicleSales} className="font-medium text-brand-700 underline">
          Browse cars
        </Link>
      </p>
    );
  async function onCancel(r: Reservation) {
    try {
      await cancel.mutateAsync(r._id);
      toastSuccess('Reservation cancelled');
      setCancelling(null);
    } catch (error) {
      toastApiError(error, 'Failed to cancel the reservation');
    }
  }
  return (
    <>
      <ul className="grid gap-3">
        {list.data.map((r) => (
          <MyCarBooking key={r._id} vehicle={r.vehicle} status={r.status} detail={r.status === 'Active' ? `Reserved until ${r.expiresAtText}` : `Was held until ${r.expiresAtText}`}>
            {r.status === 'Active' && (
              <Button size="sm" variant="outline" onClick={() => setCancelling(r)} aria-label={`Cancel Reservation of the ${r.vehicle.year} ${r.vehicle.make} ${r.vehicle.model}`}>
                Cancel Reservation
              </Button>
            )}
          </MyCarBooking>
        ))}
      </ul>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancel this reservation?"
        description="The car becomes available to other buyers at once."
        confirmLabel="Cancel Reservation"
        cancelLabel="Keep it"
        pending={cancel.isPending}
        onConfirm={() => cancelling && void onCancel(cancelling)}
      />
    </>
  );
}
