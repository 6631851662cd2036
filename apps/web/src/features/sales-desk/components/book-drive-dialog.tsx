import { useState } from 'react';
import { formatWeekdayDate, type Vehicle } from '@dealer/shared';
import { toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { FieldMessage } from '@/components/ui/field-message';
import { Dialog } from '@/components/ui/dialog';
import { useBookTestDrive } from '../api/test-drives';
import { DriveTimePicker, missingDriveTime, type DriveTime } from './drive-time-picker';

/** A signed-in customer books a test drive of this car: a date and a free time, then one call. */
export default function BookDriveDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose(): void }) {
  const [value, setValue] = useState<DriveTime>({ date: '', time: '' });
  const [error, setError] = useState<string | null>(null);
  const book = useBookTestDrive();
  async function submit() {
    setError(null);
    const missing = missingDriveTime(value);
    if (missing) return setError(missing);
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
        {/* Its line is kept while empty: the buttons below stay under the pointer as a message comes and goes. */}
        <FieldMessage id="book-drive-error" message={error} />
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
