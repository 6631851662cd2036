import type { BookingAllowance, BookingRequest, MaintenanceAppointment } from '@dealer/shared';
import { ConflictError, TooManyRequestsError } from '../../infra/errors';
import type { AuthUser } from '../auth';
import { assertDayOpen } from '../workshop-calendar';
import { mailBookingReceived } from './maintenance.mail';
import type { MaintenanceContext } from './maintenance.context';
import { countBookingsMadeToday, insertAppointment, lockCustomerBookings } from './maintenance.appointments.repository';
import { toAppointment } from './maintenance.mapper';
import { MESSAGES } from './maintenance.rules';
import { replaceHolds } from './maintenance.holds.repository';
import type { JobShape } from './maintenance.workshop';

/** The appointment's own columns from a booking request. */
export function appointmentValues(input: BookingRequest) {
  return {
    maintenanceType: input.maintenanceType,
    specificService: input.specificService,
    appointmentDate: input.appointmentDate,
    appointmentTime: input.appointmentTime,
    vehicleMake: input.vehicle.make,
    vehicleModel: input.vehicle.model,
    vehicleYear: input.vehicle.year,
    vehicleRegistration: input.vehicle.registration,
    customerName: input.customer.name,
    customerEmail: input.customer.email,
    customerPhone: input.customer.phone,
    additionalNotes: input.additionalNotes ? input.additionalNotes : null,
  };
}

/** The appointment's record of what it occupies, so a move or re-opening takes the same again. */
export const jobColumns = (job: JobShape) => ({ resource: job.resource, durationUnit: job.unit, durationAmount: job.amount });

/** Lets the wizard say at once when the customer cannot book another appointment. */
export async function bookingAllowance(ctx: MaintenanceContext, user: AuthUser): Promise<BookingAllowance> {
  if (user.role === 'ADMIN') return { openBookings: 0, maxOpenBookings: null };
  return { openBookings: await ctx.openBookingsOf(ctx.db, user.id, ctx.now()), maxOpenBookings: ctx.config.MAX_OPEN_BOOKINGS };
}

/**
 * A customer books a free slot; the booking starts Pending for the workshop to confirm. A customer
 * may hold a limited number of open future bookings; the place is taken in the booking's transaction.
 */
export async function bookAppointment(
  ctx: MaintenanceContext,
  user: AuthUser,
  input: BookingRequest,
): Promise<MaintenanceAppointment> {
  const { db, config } = ctx;
  const moment = ctx.now();
  await ctx.assertBookable(input.appointmentDate, input.appointmentTime, moment);
  const isCustomer = user.role !== 'ADMIN';
  // A customer at the cap is refused from what is committed, without queueing for their lock: a flood of
  // bookings from one account then costs one read each. Under the lock the cap is checked again.
  if (isCustomer && (await ctx.openBookingsOf(db, user.id, moment)) >= config.MAX_OPEN_BOOKINGS) {
    throw new ConflictError(MESSAGES.tooManyOpen(config.MAX_OPEN_BOOKINGS));
  }
  const row = await db.transaction(async (tx) => {
    await assertDayOpen(tx, input.appointmentDate);
    // Staff book for walk-in and phone customers through their own account, so the cap is the customers'.
    if (isCustomer) {
      await lockCustomerBookings(tx, user.id);
      const open = await ctx.openBookingsOf(tx, user.id, moment);
      if (open >= config.MAX_OPEN_BOOKINGS) throw new ConflictError(MESSAGES.tooManyOpen(config.MAX_OPEN_BOOKINGS));
      // Booking and cancelling in a loop would mail the customer and the workshop without end.
      if ((await countBookingsMadeToday(tx, user.id)) >= config.BOOKINGS_PER_DAY)
        throw new TooManyRequestsError(MESSAGES.tooManyToday(config.BOOKINGS_PER_DAY));
    }
    const job = await ctx.workshop.jobOf(input.specificService, tx);
    const holds = await ctx.takePlaces(tx, job, input.appointmentDate, input.appointmentTime);
    const inserted = await insertAppointment(tx, { ...appointmentValues(input), ...jobColumns(job), userId: user.id, status: 'Pending' });
    await replaceHolds(tx, inserted.id, holds);
    await ctx.bookedFor(tx, user.id, input.vehicle);
    await mailBookingReceived(tx, inserted, config);
    return inserted;
  });
  return toAppointment(row);
}
