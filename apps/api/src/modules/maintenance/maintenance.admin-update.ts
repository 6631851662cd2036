import type { MaintenanceAppointment, MaintenanceStatus } from '@dealer/shared';
import { recordAudit } from '../audit';
import { NotFoundError } from '../../infra/errors';
import type { AuthUser } from '../auth';
import { mailBookingStatus } from './maintenance.mail';
import type { MaintenanceContext } from './maintenance.context';
import { findAppointment, updateAppointment } from './maintenance.appointments.repository';
import { type NewAppointmentRow, toStaffAppointment } from './maintenance.mapper';
import { moveHoldForStatus } from './maintenance.holds';
import { MESSAGES } from './maintenance.rules';
import { isUuid } from '../../infra/uuid';
import { assertTechnicianFree, assignableTechnician } from './maintenance.technicians';

export interface AdminUpdateInput {
  status?: MaintenanceStatus;
  cost?: number | null;
  technician?: string | null;
  technicianId?: string | null;
  notes?: string | null;
  staffNotes?: string | null;
}

/**
 * Any of status, cost, technician (chosen: technicianId; or free text), notes. A technician is held for
 * the appointment's hours while it holds its place (`syncTechnicianHours`), in this transaction. A status change moving the booking into or out
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
    if (technician !== undefined && (technician !== current.technician || current.technicianId !== null)) {
      // Free text (the older way) replaces a chosen technician.
      before.technician = current.technician;
      after.technician = technician;
      changes.technician = technician;
      if (current.technicianId !== null) {
        before.technicianId = current.technicianId;
        after.technicianId = null;
        changes.technicianId = null;
      }
    }
    if (input.technicianId !== undefined && input.technicianId !== current.technicianId) {
      // The technician's row is read under a share lock after the appointment's: one fixed order.
      const chosen = input.technicianId === null ? null : await assignableTechnician(tx, input.technicianId);
      before.technicianId = current.technicianId;
      before.technician = current.technician;
      after.technicianId = chosen?.id ?? null;
      after.technician = chosen?.name ?? null;
      changes.technicianId = chosen?.id ?? null;
      // The name is kept beside the id, so every screen that shows the technician reads it as before.
      changes.technician = chosen?.name ?? null;
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
      await moveHoldForStatus(ctx, tx, current, input.status);
      before.status = current.status;
      after.status = input.status;
      changes.status = input.status;
    }
    if (Object.keys(changes).length === 0) return current;
    const updated = await updateAppointment(tx, id, changes);
    if (changes.technicianId !== undefined || changes.status !== undefined) await assertTechnicianFree(tx, updated);
    // A job moved to Completed gets its invoice in this transaction, attached to the completion e-mail.
    const invoice = changes.status === 'Completed' ? await ctx.completed(tx, updated, actor.id) : null;
    await mailBookingStatus(tx, current, updated, 'workshop', undefined, invoice);
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
