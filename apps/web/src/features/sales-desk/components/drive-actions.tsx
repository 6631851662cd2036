import { useState } from 'react';
import { formatWeekdayDate, type TestDrive } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { FieldMessage } from '@/components/ui/field-message';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { useCancelTestDrive, useRescheduleTestDrive } from '../api/test-drives';
import { DriveTimePicker, missingDriveTime, type DriveTime } from './drive-time-picker';

/** Reschedule and Cancel of one booked drive, for its customer or (staff) anyone's. */
export function DriveActions({ drive, staff = false }: { drive: TestDrive; staff?: boolean }) {
  const [moving, setMoving] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const cancel = useCancelTestDrive(staff);
  const car = `${drive.vehicle.year} ${drive.vehicle.make} ${drive.vehicle.model}`;
  if (drive.status !== 'Booked') return null;
  async function onCancel() {
    try {
      await cancel.mutateAsync(drive._id);
      toastSuccess('Test drive cancelled');
      setCancelling(false);
    } catch (error) {
      toastApiError(error, 'Failed to cancel the test drive');
    }
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => setMoving(true)} aria-label={`Reschedule: test drive of the ${car}, ${formatWeekdayDate(drive.date)}`}>
        Reschedule
      </Button>
      <Button size="sm" variant="outline" onClick={() => setCancelling(true)} aria-label={`Cancel: test drive of the ${car}, ${formatWeekdayDate(drive.date)}`}>
        Cancel
      </Button>
      {moving && <RescheduleDriveDialog drive={drive} staff={staff} onClose={() => setMoving(false)} />}
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title="Cancel this test drive?"
        description={`${car}, ${formatWeekdayDate(drive.date)} at ${drive.time}.`}
        confirmLabel="Cancel Test Drive"
        cancelLabel="Keep it"
        pending={cancel.isPending}
        onConfirm={() => void onCancel()}
      />
    </div>
  );
}

function RescheduleDriveDialog({ drive, staff, onClose }: { drive: TestDrive; staff: boolean; onClose(): void }) {
  const [value, setValue] = useState<DriveTime>({ date: drive.date, time: '' });
  const [error, setError] = useState<string | null>(null);
  const move = useRescheduleTestDrive(staff);
  async function submit() {
    setError(null);
    const missing = missingDriveTime(value);
    if (missing) return setError(missing);
    try {
      const moved = await move.mutateAsync({ id: drive._id, ...value });
      toastSuccess('Test drive moved', `${formatWeekdayDate(moved.date)} at ${moved.time}.`);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Failed to move the test drive');
    }
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Reschedule Test Drive" description={`Now ${formatWeekdayDate(drive.date)} at ${drive.time}.`}>
      <div className="grid gap-4">
        <DriveTimePicker vehicleId={drive.vehicle._id} value={value} onChange={setValue} idPrefix={`move-${drive._id}`} />
        {/* Its line is kept while empty: the buttons below stay under the pointer as a message comes and goes. */}
        <FieldMessage id={`move-${drive._id}-error`} message={error} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Keep Current Time
          </Button>
          <Button disabled={move.isPending} onClick={() => void submit()}>
            {move.isPending ? 'Saving...' : 'Move Test Drive'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
