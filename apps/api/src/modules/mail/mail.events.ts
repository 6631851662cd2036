import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { toAppointment, type AppointmentRow } from '../maintenance/maintenance.repository';
import type { ListingMail } from './mail.kinds';
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

export type ListingEvent = 'approved' | 'sent-back' | 'rejected' | 'sold';

/** A seller's listing was approved, sent back for changes, rejected (with the reason) or sold. */
export async function mailListingEvent(
  tx: Executor,
  event: ListingEvent,
  seller: { email: string; name: string },
  vehicle: { id: string; year: number | string; make: string; model: string },
  reason?: string | null,
) {
  const data: ListingMail = {
    vehicleId: vehicle.id,
    title: `${vehicle.year} ${vehicle.make} ${vehicle.model}`,
    sellerName: seller.name,
  };
  if (event === 'approved') await enqueueEmail(tx, { kind: 'listing-approved', to: seller.email, data });
  else if (event === 'sold') await enqueueEmail(tx, { kind: 'listing-sold', to: seller.email, data });
  else
    await enqueueEmail(tx, {
      kind: event === 'rejected' ? 'listing-rejected' : 'listing-sent-back',
      to: seller.email,
      data: { ...data, reason: reason?.trim() || 'No reason was given.' },
    });
}
