import { CalendarClock, Clock } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Vehicle } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { returnToState } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';
import { useVehicleHold } from '../api/get-vehicle-hold';
import { useCancelReservation, useMyReservations, useReserveVehicle } from '../api/reservations';

// The dialog, its calendar and the booking call load on the first click, not with every vehicle page
// (a dialog's code on the page made the class merger a visitor chunk: +9 KB on every first load).
const BookDriveDialog = lazy(() => import('./book-drive-dialog'));

const HOLDABLE = ['available', 'active'];
const DRIVABLE = ['available', 'active', 'reserved'];

/**
 * 'Reserved until …' for everyone, and 'Reserve this car' and 'Book a Test Drive' for a signed-in
 * customer. What the server renders is the same for every visitor; whether this visitor holds the car
 * is asked after hydration.
 */
export function VehicleSalesDesk({ vehicle }: { vehicle: Vehicle }) {
  const hold = useVehicleHold(vehicle._id);
  const hydrated = useHydrated();
  const session = useSession();
  const signedIn = hydrated && session.isLoggedIn;
  const mine = useMyReservations({ enabled: signedIn });
  const reserve = useReserveVehicle();
  const cancel = useCancelReservation();
  const navigate = useNavigate();
  const location = useLocation();
  const [driveOpen, setDriveOpen] = useState(false);
  const held = hold.data?.reservedUntilText ?? null;
  const myHold = signedIn ? mine.data?.find((r) => r.status === 'Active' && r.vehicle._id === vehicle._id) : undefined;
  const toLogin = () => navigate(paths.login, { state: returnToState(location) });

  async function onReserve() {
    if (!session.isLoggedIn) return toLogin();
    try {
      const r = await reserve.mutateAsync(vehicle._id);
      toastSuccess('Car reserved', `It is held for you until ${r.expiresAtText}.`);
    } catch (error) {
      toastApiError(error, 'Failed to reserve the car');
    }
  }

  async function onCancelHold() {
    if (!myHold) return;
    try {
      await cancel.mutateAsync(myHold._id);
      toastSuccess('Reservation cancelled');
    } catch (error) {
      toastApiError(error, 'Failed to cancel the reservation');
    }
  }

  if (vehicle.status === 'sold') return null;
  return (
    <div className="grid gap-3">
      {held && (
        <p className="flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" data-testid="reserved-until">
          <Clock className="size-4" aria-hidden />
          Reserved until {held}
        </p>
      )}
      {myHold && <p className="text-sm text-slate-700">You hold this car. The sales team will be in touch.</p>}
      <div className="grid gap-2 sm:grid-cols-2">
        {myHold ? (
          <Button variant="outline" disabled={cancel.isPending} onClick={() => void onCancelHold()}>
            Cancel my reservation
          </Button>
        ) : (
          !held &&
          HOLDABLE.includes(vehicle.status) && (
            <Button variant="outline" disabled={!hydrated || reserve.isPending} onClick={() => void onReserve()}>
              Reserve this car
            </Button>
          )
        )}
        {DRIVABLE.includes(vehicle.status) && (
          <Button variant="outline" disabled={!hydrated} onClick={() => (session.isLoggedIn ? setDriveOpen(true) : toLogin())}>
            <CalendarClock className="size-4" aria-hidden /> Book a Test Drive
          </Button>
        )}
      </div>
      {driveOpen && (
        <Suspense fallback={null}>
          <BookDriveDialog vehicle={vehicle} onClose={() => setDriveOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
