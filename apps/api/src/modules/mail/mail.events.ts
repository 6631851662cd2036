import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { toAppointment, type AppointmentRow } from '../maintenance/maintenance.repository';
import { enqueueEmail } from './outbox';

// The e-mails each domain event sends, queued in the transaction of the change (see outbox.ts).

/** A customer's new booking: their confirmation with the calendar file, and the workshop's notice. */
export async function mailBookingReceived(tx: Executor, row: AppointmentRow, config: Pick<Config, 'WORKSHOP_EMAIL'>) {
  const appointment = toAppointment(row);
  await enqueueEmail(tx, { kind: 'booking-received', to: appointment.customer.email, data: { appointment } });
  if (config.WORKSHOP_EMAIL)
    await enqueueEmail(tx, { kind: 'booking-workshop-notice', to: config.WORKSHOP_EMAIL, data: { appointment } });
}

/**
 * A status change seen by the customer: approved (Scheduled), completed or cancelled. Nothing for
 * other changes (price, technician, notes alone) nor for a status set back to Pending.
 */
export async function mailBookingStatus(
  tx: Executor,
  before: Pick<AppointmentRow, 'status'> | null,
  row: AppointmentRow,
  cancelledBy: 'customer' | 'workshop' = 'workshop',
) {
  if (before && before.status === row.status) return;
  const appointment = toAppointment(row);
  const to = appointment.customer.email;
  if (row.status === 'Scheduled') await enqueueEmail(tx, { kind: 'booking-approved', to, data: { appointment } });
  else if (row.status === 'Completed') await enqueueEmail(tx, { kind: 'booking-completed', to, data: { appointment } });
  else if (row.status === 'Cancelled')
    await enqueueEmail(tx, { kind: 'booking-cancelled', to, data: { appointment, cancelledBy } });
}
