import { eq, sql } from 'drizzle-orm';
import { WORKSHOP_STAGE_STATUS, type WorkshopStage } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { maintenanceAppointments } from '../../db/schema';
import { findAppointment, updateAppointment } from './maintenance.appointments.repository';
import type { MaintenanceContext } from './maintenance.context';
import { moveHoldForStatus } from './maintenance.holds';
import { mailBookingStatus } from './maintenance.mail';
import type { AppointmentRow } from './maintenance.mapper';
import { assertTechnicianFree } from './maintenance.technicians';

// The workshop floor's writes to an appointment (the workshop domain calls them in its transaction).

/** The appointment, locked until the caller's transaction ends; undefined when there is none. */
export const lockAppointment = (tx: Executor, id: string) => findAppointment(tx, id, { forUpdate: true });

/**
 * Sets the appointment's stage and the spec status it maps onto. A status change moves the place as
 * the admin's status change does (a no-show or a completed job frees it; a job taken back from
 * Completed takes one again), the technician's held hours with it, and the customer gets the spec's e-mail for a completed or cancelled
 * booking; a job taken back to work sends none. Completing issues the job's invoice (the completion hook).
 */
export async function setStageWithin(
  ctx: Pick<MaintenanceContext, 'tryTakePlaces' | 'releasePlaces' | 'completed'>,
  tx: Executor,
  current: AppointmentRow,
  stage: WorkshopStage,
  actorId: string | null = null,
): Promise<AppointmentRow> {
  const status = WORKSHOP_STAGE_STATUS[stage];
  if (status === current.status) return updateAppointment(tx, current.id, { stage });
  await moveHoldForStatus(ctx, tx, current, status);
  const updated = await updateAppointment(tx, current.id, { stage, status });
  // The technician's hours follow the place: freed with it, taken again with it (409 when busy by then).
  await assertTechnicianFree(tx, updated);
  // A completed job's invoice is issued in this transaction and attached to the completion e-mail.
  const invoice = status === 'Completed' ? await ctx.completed(tx, updated, actorId) : null;
  if (status !== 'Scheduled') await mailBookingStatus(tx, current, updated, 'workshop', undefined, invoice);
  return updated;
}

/**
 * Sets the appointment's cost (the spec's 'Cost') from integer cents: the division happens in the
 * database's numeric, so no floating point comes near the amount (the estimate's approved total).
 */
export async function setCostWithin(tx: Executor, id: string, cents: number): Promise<void> {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error('setCostWithin: cents must be a non-negative integer');
  await tx
    .update(maintenanceAppointments)
    .set({ cost: sql`${cents}::numeric / 100` as unknown as number, updatedAt: sql`now()` })
    .where(eq(maintenanceAppointments.id, id));
}
