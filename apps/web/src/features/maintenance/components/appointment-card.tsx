import { CalendarClock, CalendarPlus } from 'lucide-react';
import { CANCELLABLE_STATUSES, RESCHEDULABLE_STATUSES, findMaintenanceCategory, formatCalendarDay, formatPrice, type MaintenanceAppointment } from '@dealer/shared';
import { useState, type ReactNode } from 'react';
import { toast, toastApiError } from '@/components/toast/toast-store';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useCancelAppointment } from '../api/cancel-appointment';
import { useDownloadCalendar } from '../api/download-calendar';
import { RescheduleDialog } from './reschedule-dialog';

function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2 grid gap-0.5 lg:col-span-1' : 'grid gap-0.5'}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

const isCancellable = (status: string) => (CANCELLABLE_STATUSES as readonly string[]).includes(status);

/** One appointment in the history; each card runs its own cancel so only it says 'Cancelling...'. */
export function AppointmentCard({ appointment }: { appointment: MaintenanceAppointment }) {
  const cancel = useCancelAppointment();
  const calendar = useDownloadCalendar();
  const category = findMaintenanceCategory(appointment.maintenanceType);
  const headingId = `appointment-${appointment._id}`;
  const cost = appointment.cost === null || appointment.cost === undefined ? '' : formatPrice(appointment.cost);
  const notes = appointment.notes || appointment.additionalNotes || 'No notes available';
  const upcoming = isCancellable(appointment.status);
  // Cancelling gives the place away to others at once, so it is confirmed first.
  const [confirming, setConfirming] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  const reschedulable = (RESCHEDULABLE_STATUSES as readonly string[]).includes(appointment.status);

  function onCancel() {
    setConfirming(false);
    cancel.mutate(appointment._id, {
      onSuccess: () => toast({ title: 'Success', description: 'Appointment cancelled successfully', variant: 'success' }),
      onError: (error) => {
        console.warn('Failed to cancel appointment', error);
        toast({ title: 'Error', description: 'Failed to cancel appointment', variant: 'destructive' });
      },
    });
  }

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {appointment.specificService}
          </h2>
          <p className="text-sm text-slate-600">{category?.title ?? appointment.maintenanceType}</p>
        </div>
        <div className="grid justify-items-end gap-1">
          <StatusBadge status={appointment.status} />
          {/* The workshop's stage beside the spec status, in words, once it says more than the status. */}
          {appointment.stage && appointment.stage !== appointment.status && (
            <p className="text-xs text-slate-700">Workshop: {appointment.stage}</p>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">
        <Detail label="Vehicle">
          {appointment.vehicle.make} {appointment.vehicle.model} {appointment.vehicle.year}
        </Detail>
        <Detail label="Date">{formatCalendarDay(appointment.appointmentDate)}</Detail>
        <Detail label="Time">{appointment.appointmentTime}</Detail>
        <Detail label="Technician">{appointment.technician || 'Not assigned yet'}</Detail>
        <Detail label="Cost">{cost || 'To be determined'}</Detail>
        <Detail label="Notes" wide>
          <span className="whitespace-pre-line">{notes}</span>
        </Detail>
      </dl>
      {upcoming && (
        <div className="mt-5 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          <Button
            variant="outline"
            size="sm"
            disabled={calendar.isPending}
            onClick={() =>
              calendar.mutate(appointment._id, {
                onError: (error) => {
                  console.warn('Failed to download the calendar file', error);
                  toastApiError(error, 'Failed to fetch maintenance appointment');
                },
              })
            }
            aria-describedby={headingId}
          >
            <CalendarPlus aria-hidden /> Add to calendar
          </Button>
          {reschedulable && (
            <>
              <Button variant="outline" size="sm" onClick={() => setRescheduling(true)} aria-describedby={headingId}>
                <CalendarClock aria-hidden /> Reschedule
              </Button>
              <RescheduleDialog appointment={appointment} open={rescheduling} onOpenChange={setRescheduling} />
            </>
          )}
          <Button variant="destructive" size="sm" disabled={cancel.isPending} onClick={() => setConfirming(true)} aria-describedby={headingId}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel Appointment'}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Cancel Appointment"
            description={`${appointment.specificService} on ${formatCalendarDay(appointment.appointmentDate)} at ${appointment.appointmentTime} will be cancelled and its time slot given to others.`}
            confirmLabel="Cancel Appointment"
            cancelLabel="Keep Appointment"
            onConfirm={onCancel}
            pending={cancel.isPending}
          />
        </div>
      )}
    </article>
  );
}
