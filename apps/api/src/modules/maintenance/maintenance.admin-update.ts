import type { MaintenanceAppointment, MaintenanceStatus } from '@dealer/shared';
import { recordAudit } from '../audit';
import { ConflictError, NotFoundError } from '../../infra/errors';
import type { AuthUser } from '../auth';
import { assertDayOpen } from '../workshop-calendar';
import { mailBookingStatus } from './maintenance.mail';
import type { MaintenanceContext } from './maintenance.context';
import { findAppointment, updateAppointment } from './maintenance.appointments.repository';
import { type NewAppointmentRow, toStaffAppointment } from './maintenance.mapper';
import { releaseSlotPlace, takeSlotPlace } from './maintenance.slots.repository';
import { holdsPlace, MESSAGES } from './maintenance.rules';
import { isUuid } from '../../infra/uuid';

export interface AdminUpdateInput {
  status?: MaintenanceStatus;
  cost?: number | null;
  technician?: string | null;
  notes?: string | null;
  staffNotes?: string | null;
}

/**
 * Any of status, cost, technician, notes. A status change moving the booking into or out
 * of Pending/Scheduled takes or frees its slot place with the same conditional UPDATE as a
 * booking, so approving can never overfill a slot. Audited with the changed fields.
 */
export async function adminUpdateAppointment(
  ctx: MaintenanceContext,
  actor: AuthUser,
  id: string,
  input: AdminUpdateInput,
): Promise<MaintenanceAppointment> {
  if (!isUuid(id)) throw new NotFoundError(MESSAGES.notFound);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findAppointment(tx, id, { forUpdate: true });
    if (!current) throw new NotFoundError(MESSAGES.notFound);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const changes: Partial<NewAppointmentRow> = {};
    const currentCost = current.cost === null ? null : Number(current.cost);
    if (input.cost !== undefined && input.cost !== currentCost) {
      before.cost = currentCost;
      after.cost = input.cost;
      changes.cost = input.cost;
    }
    const technician = input.technician === undefined ? undefined : input.technician || null;
    if (technician !== undefined && technician !== current.technician) {
      before.technician = current.technician;
      after.technician = technician;
      changes.technician = technician;
    }
    const notes = input.notes === undefined ? undefined : input.notes || null;
    if (notes !== undefined && notes !== current.notes) {
      before.notes = current.notes;
      after.notes = notes;
      changes.notes = notes;
    }
    const staffNotes = input.staffNotes === undefined ? undefined : input.staffNotes || null;
    if (staffNotes !== undefined && staffNotes !== current.staffNotes) {
      before.staffNotes = current.staffNotes;
      after.staffNotes = staffNotes;
      changes.staffNotes = staffNotes;
    }
    if (input.status !== undefined && input.status !== current.status) {
      const held = holdsPlace(current.status);
      const holds = holdsPlace(input.status);
      if (!held && holds) {
        // Reopening a booking takes a place like a new one: never on a day the workshop is closed.
        await assertDayOpen(tx, current.appointmentDate);
        const taken = await takeSlotPlace(tx, current.appointmentDate, current.appointmentTime, ctx.capacity());
        if (!taken) throw new ConflictError(MESSAGES.slotFull);
      } else if (held && !holds) {
        await releaseSlotPlace(tx, current.appointmentDate, current.appointmentTime);
      }
      before.status = current.status;
      after.status = input.status;
      changes.status = input.status;
    }
    if (Object.keys(changes).length === 0) return current;
    const updated = await updateAppointment(tx, id, changes);
    await mailBookingStatus(tx, current, updated);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'maintenance.update',
      entityType: 'maintenance',
      entityId: id,
      before,
      after,
    });
    return updated;
  });
  return toStaffAppointment(row);
}
