import { CANCELLABLE_STATUSES, type MaintenanceAppointment } from '@dealer/shared';
import { recordAudit } from '../audit';
import { ConflictError, NotFoundError } from '../../infra/errors';
import type { AuthUser } from '../auth';
import { mailBookingStatus } from './maintenance.mail';
import type { MaintenanceContext } from './maintenance.context';
import { findAppointment, updateAppointment } from './maintenance.appointments.repository';
import { toAppointment } from './maintenance.mapper';
import { MESSAGES } from './maintenance.rules';
import { isUuid } from '../../infra/uuid';
import { syncTechnicianHours } from './maintenance.technicians';

/** The owner withdraws a Pending or Scheduled appointment; the slot's place is freed in the same transaction. */
export async function cancelAppointment(ctx: MaintenanceContext, user: AuthUser, id: string): Promise<MaintenanceAppointment> {
  if (!isUuid(id)) throw new NotFoundError(MESSAGES.notFound);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findAppointment(tx, id, { forUpdate: true });
    // Admins change other people's appointments through PATCH; here only the owner counts.
    if (!current || current.userId !== user.id) throw new NotFoundError(MESSAGES.notFound);
    if (!(CANCELLABLE_STATUSES as readonly string[]).includes(current.status)) {
      throw new ConflictError(MESSAGES.notCancellable);
    }
    await ctx.releasePlaces(tx, id);
    const updated = await updateAppointment(tx, id, { status: 'Cancelled' });
    await syncTechnicianHours(tx, updated);
    await mailBookingStatus(tx, current, updated, 'customer', ctx.config);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'maintenance.cancel',
      entityType: 'maintenance',
      entityId: id,
      before: { status: current.status },
      after: { status: 'Cancelled' },
    });
    return updated;
  });
  return toAppointment(row);
}
