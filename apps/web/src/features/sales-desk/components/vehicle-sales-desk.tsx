import { CalendarClock, Clock } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatWeekdayDate, type Vehicle } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { returnToState } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';
import { useVehicleHold } from '../api/get-vehicle-hold';
import { useCancelReservation, useMyReservations, useReserveVehicle } from '../api/reservations';
import { useBookTestDrive } from '../api/test-drives';
import { DriveTimePicker, type DriveTime } from './drive-time-picker';

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
      {driveOpen && <BookDriveDialog vehicle={vehicle} onClose={() => setDriveOpen(false)} />}
    </div>
  );
}

function BookDriveDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose(): void }) {
  const [value, setValue] = useState<DriveTime>({ date: '', time: '' });
  const [error, setError] = useState<string | null>(null);
  const book = useBookTestDrive();
  async function submit() {
    setError(null);
    if (!value.date) return setError('Please select a date');
    if (!value.time) return setError('Please select a time slot');
    try {
      const drive = await book.mutateAsync({ vehicleId: vehicle._id, ...value });
      toastSuccess('Test drive booked', `${formatWeekdayDate(drive.date)} at ${drive.time}. We sent you a confirmation.`);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Failed to book the test drive');
    }
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Book a Test Drive" description={`${vehicle.year} ${vehicle.make} ${vehicle.model}`}>
      <div className="grid gap-4">
        <DriveTimePicker vehicleId={vehicle._id} value={value} onChange={setValue} idPrefix="book-drive" />
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={book.isPending} onClick={() => void submit()}>
            {book.isPending ? 'Booking...' : 'Book Test Drive'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
