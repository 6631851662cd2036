import type { MaintenanceAppointment, StaffBookingRequest } from '@dealer/shared';
import { recordAudit } from '../audit';
import { ValidationError } from '../../infra/errors';
import { findUserById, type AuthUser } from '../auth';
import { assertDayOpen } from '../workshop-calendar';
import { mailBookingStatus } from './maintenance.mail';
import { appointmentValues, jobColumns } from './maintenance.booking';
import { replaceHolds } from './maintenance.holds.repository';
import type { MaintenanceContext } from './maintenance.context';
import { insertAppointment } from './maintenance.appointments.repository';
import { toStaffAppointment } from './maintenance.mapper';
import { MESSAGES } from './maintenance.rules';

/**
 * Staff book for a walk-in or phone customer, for an account (`userId`) or for none (null).
 * The calendar, closure and capacity rules are the customers'; the open-bookings cap is not
 * applied (staff judge), and the booking is confirmed at once (Scheduled): the customer
 * arranged it with the workshop. Audited with who booked it.
 */
export async function bookForCustomer(
  ctx: MaintenanceContext,
  actor: AuthUser,
  input: StaffBookingRequest,
): Promise<MaintenanceAppointment> {
  const { db } = ctx;
  const moment = ctx.now();
  await ctx.assertBookable(input.appointmentDate, input.appointmentTime, moment);
  const userId = input.userId ?? null;
  if (userId) {
    const account = await findUserById(db, userId);
    if (!account) throw new ValidationError({ userId: MESSAGES.customerNotFound }, MESSAGES.customerNotFound);
    if (account.status !== 'active') throw new ValidationError({ userId: MESSAGES.customerInactive }, MESSAGES.customerInactive);
  }
  const row = await db.transaction(async (tx) => {
    await assertDayOpen(tx, input.appointmentDate);
    const job = await ctx.workshop.jobOf(input.specificService, tx);
    const holds = await ctx.takePlaces(tx, job, input.appointmentDate, input.appointmentTime);
    const inserted = await insertAppointment(tx, {
      ...appointmentValues(input),
      ...jobColumns(job),
      userId,
      bookedById: actor.id,
      status: 'Scheduled',
    });
    await replaceHolds(tx, inserted.id, holds);
    await ctx.bookedFor(tx, userId, input.vehicle);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'maintenance.book-for-customer',
      entityType: 'maintenance',
      entityId: inserted.id,
      after: {
        status: 'Scheduled',
        userId,
        appointmentDate: input.appointmentDate,
        appointmentTime: input.appointmentTime,
      },
    });
    // Arranged with the workshop and confirmed at once: the customer gets the confirmation.
    await mailBookingStatus(tx, null, inserted);
    return inserted;
  });
  return toStaffAppointment(row);
}
