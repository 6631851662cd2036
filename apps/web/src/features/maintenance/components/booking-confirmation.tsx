import { CalendarCheck } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { formatWeekdayDate, type MaintenanceAppointment } from '@dealer/shared';
import { buttonVariants } from '@/components/ui/button';
import { DismissButton } from '@/components/ui/dismiss-button';
import { paths } from '@/config/paths';
import { useArrivalState } from '@/lib/use-arrival-state';

export type BookedAppointment = Pick<MaintenanceAppointment, 'specificService' | 'appointmentDate' | 'appointmentTime' | 'status'>;

/** Router state the booking wizard hands to the maintenance page after a booking. */
export interface BookingMadeState {
  bookedAppointment?: BookedAppointment;
}

/**
 * What was just booked, on the maintenance page the booking wizard ends on (beside the toast, which
 * fades): the service, date and time, and the way to the history where it can be followed.
 */
export function BookingConfirmation() {
  const [booked, dismiss] = useArrivalState<BookedAppointment>('bookedAppointment');
  if (!booked) return null;
  return (
    <section
      role="status"
      aria-labelledby="booking-made-title"
      className="mb-8 flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-950"
    >
      <CalendarCheck className="mt-0.5 size-6 shrink-0 text-emerald-700" aria-hidden />
      <div className="min-w-0 flex-1">
        <h2 id="booking-made-title" className="font-semibold">
          Your appointment is booked
        </h2>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-emerald-800">Service</dt>
          <dd className="font-medium break-words">{booked.specificService}</dd>
          <dt className="text-emerald-800">Date</dt>
          <dd className="font-medium">{formatWeekdayDate(booked.appointmentDate)}</dd>
          <dt className="text-emerald-800">Time</dt>
          <dd className="font-medium">{booked.appointmentTime}</dd>
        </dl>
        <p className="mt-2 text-sm">
          {booked.status === 'Pending'
            ? 'The workshop will confirm it shortly; we have sent you an e-mail with a calendar file.'
            : 'We have sent you an e-mail with a calendar file.'}
        </p>
        <Link to={paths.maintenanceHistory} className={buttonVariants({ variant: 'outline', className: 'mt-3 bg-white' })}>
          View Maintenance History
        </Link>
      </div>
      <DismissButton onClick={dismiss} className="text-emerald-900 hover:bg-emerald-100" />
    </section>
  );
}
