import {
  RESCHEDULABLE_STATUSES,
  RESCHEDULE_SAME_SLOT_MESSAGE,
  TECHNICIAN_MESSAGES,
  worksIn,
  type MaintenanceAppointment,
  type MaintenanceStatus,
  type RescheduleRequest,
} from '@dealer/shared';
import { recordAudit } from '../audit';
import { ConflictError, NotFoundError, ValidationError } from '../../infra/errors';
import type { AuthUser } from '../auth';
import { assertDayOpen } from '../workshop-calendar';
import { mailBookingMoved } from './maintenance.mail';
import type { MaintenanceContext } from './maintenance.context';
import { findAppointment, lockCustomerBookings, updateAppointment } from './maintenance.appointments.repository';
import { findHolds, replaceHolds } from './maintenance.holds.repository';
import { shapeOfAppointment } from './maintenance.workshop';
import { MESSAGES } from './maintenance.rules';
import { isUuid } from '../../infra/uuid';
import { syncTechnicianHours } from './maintenance.technicians';

export const RESCHEDULE_MESSAGES = {
  notReschedulable: 'Only pending or scheduled appointments can be rescheduled',
  sameSlot: RESCHEDULE_SAME_SLOT_MESSAGE,
} as const;

const isReschedulable = (status: MaintenanceStatus) => (RESCHEDULABLE_STATUSES as readonly string[]).includes(status);

/**
 * A customer who moves an approved appointment asks the workshop again: the technician was
 * planned for the old time, so it returns to Pending for staff to confirm. Staff plan the
 * workshop themselves, so their move keeps the status.
 */
export function statusAfterMove(actor: AuthUser, status: MaintenanceStatus): MaintenanceStatus {
  return !worksIn(actor.role, 'workshop') && status === 'Scheduled' ? 'Pending' : status;
}

/**
 * Moves a Pending or Scheduled appointment to another free slot. The new place is taken and the
 * old one given back in one transaction: a full target slot rolls everything back, so the
 * appointment never holds both places or none. The owner may move their own appointment; an
 * admin any; anyone else is told it does not exist, as for every other call on it.
 */
export async function rescheduleAppointment(
  ctx: MaintenanceContext,
  actor: AuthUser,
  id: string,
  input: RescheduleRequest,
): Promise<MaintenanceAppointment> {
  if (!isUuid(id)) throw new NotFoundError(MESSAGES.notFound);
  const { config } = ctx;
  const moment = ctx.now();
  const { appointmentDate, appointmentTime } = input;
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findAppointment(tx, id, { forUpdate: true });
    if (!current || (current.userId !== actor.id && !worksIn(actor.role, 'workshop'))) throw new NotFoundError(MESSAGES.notFound);
    if (!isReschedulable(current.status)) throw new ConflictError(RESCHEDULE_MESSAGES.notReschedulable);
    if (current.appointmentDate === appointmentDate && current.appointmentTime === appointmentTime) {
      throw new ValidationError({ appointmentTime: RESCHEDULE_MESSAGES.sameSlot }, RESCHEDULE_MESSAGES.sameSlot);
    }
    await ctx.assertBookable(appointmentDate, appointmentTime, moment);
    await assertDayOpen(tx, appointmentDate);

    // Moving a booking whose time has passed into the future adds an open booking: the customer's cap applies.
    if (!worksIn(actor.role, 'workshop') && ctx.hasStarted(current.appointmentDate, current.appointmentTime, moment)) {
      await lockCustomerBookings(tx, actor.id);
      if ((await ctx.openBookingsOf(tx, actor.id, moment)) >= config.MAX_OPEN_BOOKINGS) {
        throw new ConflictError(MESSAGES.tooManyOpen(config.MAX_OPEN_BOOKINGS));
      }
    }

    // The old places are given back and the new ones taken in one step, every counter row locked in one
    // order, so two moves in opposite directions never wait on each other.
    const holds = await ctx.takePlaces(tx, shapeOfAppointment(current), appointmentDate, appointmentTime, await findHolds(tx, id));
    await replaceHolds(tx, id, holds);

    const status = statusAfterMove(actor, current.status);
    let updated = await updateAppointment(tx, id, {
      appointmentDate,
      appointmentTime,
      status,
      // The reminder went out for the old time; the new time gets its own.
      reminderSentAt: null,
    });
    // The technician moves with the job when free at the new time. Staff are told when not; a
    // customer's move (which asks the workshop again) gives the job back to be assigned.
    const movedBy = current.userId === actor.id ? 'customer' : 'workshop';
    if (!(await syncTechnicianHours(tx, updated))) {
      if (movedBy === 'workshop') throw new ConflictError(TECHNICIAN_MESSAGES.busy);
      updated = await updateAppointment(tx, id, { technicianId: null, technician: null });
    }
    await mailBookingMoved(tx, current, updated, movedBy, movedBy === 'customer' ? config : undefined);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'maintenance.reschedule',
      entityType: 'maintenance',
      entityId: id,
      before: {
        appointmentDate: current.appointmentDate,
        appointmentTime: current.appointmentTime,
        status: current.status,
        ...(updated.technicianId !== current.technicianId ? { technicianId: current.technicianId, technician: current.technician } : {}),
      },
      after: {
        appointmentDate,
        appointmentTime,
        status,
        ...(updated.technicianId !== current.technicianId ? { technicianId: null, technician: null } : {}),
      },
    });
    return updated;
  });
  return ctx.viewOf(actor)(row);
}
