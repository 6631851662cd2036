import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { emailMessages, users } from '../../db/schema';
import { enqueueEmail, type EmailKind } from '../../mail/outbox';
import { toAppointment, type AppointmentRow } from './maintenance.mapper';
import type { CompletionDocument } from './maintenance.context';
import type { PreviousSlot } from './maintenance.messages';

/** The appointment and its calendar revision at this moment: the e-mail's calendar file carries it. */
const appointmentMail = (row: AppointmentRow) => ({ appointment: toAppointment(row), sequence: row.calendarSequence });

// The e-mails each booking event sends, queued in the transaction of the change (see mail/outbox.ts).

type BookingMailConfig = Pick<Config, 'WORKSHOP_EMAIL' | 'BOOKING_MAIL_PER_RECIPIENT_PER_DAY'>;

/** The e-mails a booking's customer receives; the per-recipient cap counts these. */
const CUSTOMER_BOOKING_KINDS = [
  'booking-received',
  'booking-approved',
  'booking-completed',
  'booking-cancelled',
  'booking-moved',
  'booking-reminder',
] as const satisfies readonly EmailKind[];

/** A walk-in or phone customer booked by staff may have left no e-mail address: they get no e-mails. */
const hasAddress = (address: string) => address.trim() !== '';

/**
 * Where a booking's customer e-mails go. A customer booking for themself is written to at their
 * account's address: the form's e-mail is only typed, so anyone could aim the workshop's mail at a
 * stranger. Bookings staff made (for a walk-in or phone customer, or through a staff account) go to
 * the address staff took down.
 */
export async function bookingRecipient(tx: Executor, row: AppointmentRow): Promise<string> {
  if (!row.userId || row.bookedById) return row.customerEmail;
  const [account] = await tx.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, row.userId)).limit(1);
  return account && account.role === 'USER' ? account.email : row.customerEmail;
}

/** Booking e-mails this address was sent in the last 24 hours (the database's clock, as the rows'). */
async function customerMailToday(tx: Executor, address: string): Promise<number> {
  return tx.$count(
    emailMessages,
    and(
      sql`lower(${emailMessages.toAddress}) = lower(${address})`,
      inArray(emailMessages.kind, [...CUSTOMER_BOOKING_KINDS]),
      gt(emailMessages.createdAt, sql`now() - interval '24 hours'`),
    ),
  );
}

/**
 * Queues a booking e-mail for its customer unless their address has had its day's share: past
 * BOOKING_MAIL_PER_RECIPIENT_PER_DAY the message is left out (the booking itself stands).
 */
async function mailCustomer(
  tx: Executor,
  row: AppointmentRow,
  message: (to: string) => Parameters<typeof enqueueEmail>[1],
  limit: number,
) {
  const to = await bookingRecipient(tx, row);
  if (!hasAddress(to)) return;
  if (Number.isFinite(limit) && (await customerMailToday(tx, to)) >= limit) return;
  await enqueueEmail(tx, message(to));
}

/** A customer's new booking: their confirmation with the calendar file, and the workshop's notice. */
export async function mailBookingReceived(tx: Executor, row: AppointmentRow, config: BookingMailConfig) {
  const data = appointmentMail(row);
  await mailCustomer(tx, row, (to) => ({ kind: 'booking-received', to, data }), config.BOOKING_MAIL_PER_RECIPIENT_PER_DAY);
  if (config.WORKSHOP_EMAIL) await enqueueEmail(tx, { kind: 'booking-workshop-notice', to: config.WORKSHOP_EMAIL, data });
}

/**
 * A status change seen by the customer: approved (Scheduled), completed or cancelled. Nothing for
 * other changes (price, technician, notes alone) nor for a status set back to Pending. Only the
 * customer's own cancellation counts against the per-recipient cap: the workshop's changes are few.
 */
export async function mailBookingStatus(
  tx: Executor,
  before: Pick<AppointmentRow, 'status'> | null,
  row: AppointmentRow,
  cancelledBy: 'customer' | 'workshop' = 'workshop',
  config?: Pick<Config, 'BOOKING_MAIL_PER_RECIPIENT_PER_DAY'>,
  invoice?: CompletionDocument | null,
) {
  if (before && before.status === row.status) return;
  const data = appointmentMail(row);
  const limit = config?.BOOKING_MAIL_PER_RECIPIENT_PER_DAY ?? Number.POSITIVE_INFINITY;
  if (row.status === 'Scheduled') await mailCustomer(tx, row, (to) => ({ kind: 'booking-approved', to, data }), limit);
  else if (row.status === 'Completed')
    await mailCustomer(tx, row, (to) => ({ kind: 'booking-completed', to, data: invoice ? { ...data, invoice } : data }), limit);
  else if (row.status === 'Cancelled')
    await mailCustomer(tx, row, (to) => ({ kind: 'booking-cancelled', to, data: { ...data, cancelledBy } }), limit);
}

/**
 * The appointment moved to another slot (by its owner or staff): the customer gets the new time and a
 * calendar file that moves the event. As with cancelling, only the customer's own moves count against
 * the per-recipient cap.
 */
export async function mailBookingMoved(
  tx: Executor,
  previous: PreviousSlot,
  row: AppointmentRow,
  movedBy: 'customer' | 'workshop',
  config?: Pick<Config, 'BOOKING_MAIL_PER_RECIPIENT_PER_DAY'>,
) {
  const data = {
    ...appointmentMail(row),
    previous: { appointmentDate: previous.appointmentDate, appointmentTime: previous.appointmentTime },
    movedBy,
  };
  const limit = config?.BOOKING_MAIL_PER_RECIPIENT_PER_DAY ?? Number.POSITIVE_INFINITY;
  await mailCustomer(tx, row, (to) => ({ kind: 'booking-moved', to, data }), limit);
}

/** The reminder before an appointment, to the same address as the booking's other e-mails. */
export async function mailBookingReminder(tx: Executor, row: AppointmentRow) {
  const to = await bookingRecipient(tx, row);
  if (hasAddress(to)) await enqueueEmail(tx, { kind: 'booking-reminder', to, data: appointmentMail(row) });
}
