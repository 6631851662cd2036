import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAdminReservations, useEndReservation, useExtendReservation } from '../api/admin';

/** Active holds, newest first: the sales team gives more time or ends one. */
export function AdminReservations() {
  const list = useAdminReservations();
  const extend = useExtendReservation();
  const end = useEndReservation();
  if (list.isPending) return <Spinner className="py-8" />;
  if (list.isError) return <p className="text-red-700">Failed to fetch reservations: {list.error.message}</p>;
  if (list.data.length === 0) return <p className="text-slate-600">No car is reserved at the moment.</p>;
  return (
    <ul className="grid gap-3">
      {list.data.map((r) => {
        const car = `${r.vehicle.year} ${r.vehicle.make} ${r.vehicle.model}`;
        return (
          <li key={r._id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4">
            <div className="text-sm">
              <p className="font-semibold text-slate-900">{car}</p>
              <p className="text-slate-700">Reserved until {r.expiresAtText}</p>
              <p className="text-slate-700">
                {r.customer.name} · {r.customer.phone} · {r.customer.email}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="outline"
                disabled={extend.isPending}
                aria-label={`Extend 24 hours: the reservation of the ${car}`}
                onClick={() =>
                  extend.mutateAsync({ id: r._id, hours: 24 }).then(
                    (x) => toastSuccess('Reservation extended', `Now until ${x.expiresAtText}.`),
                    (e: unknown) => toastApiError(e, 'Failed to extend the reservation'),
                  )
                }
              >
                Extend 24 hours
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={end.isPending}
                aria-label={`End Reservation of the ${car}`}
                onClick={() =>
                  end.mutateAsync(r._id).then(
                    () => toastSuccess('Reservation ended'),
                    (e: unknown) => toastApiError(e, 'Failed to end the reservation'),
                  )
                }
              >
                End Reservation
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
