import type { MaintenanceStatus } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { ConflictError } from '../../infra/errors';
import { assertDayOpen } from '../workshop-calendar';
import type { MaintenanceContext } from './maintenance.context';
import { replaceHolds } from './maintenance.holds.repository';
import type { AppointmentRow } from './maintenance.mapper';
import { holdsPlace } from './maintenance.rules';
import { shapeOfAppointment } from './maintenance.workshop';

/**
 * The appointment's places follow its status: moving into Pending/Scheduled takes its resource's places
 * for its whole duration as a booking does (never on a closed day; a full resource is a 409), moving out
 * of them frees them. Every staff status change goes through here (the admin PATCH, the board's stages).
 */
export async function moveHoldForStatus(
  ctx: Pick<MaintenanceContext, 'tryTakePlaces' | 'releasePlaces'>,
  tx: Executor,
  current: AppointmentRow,
  next: MaintenanceStatus,
): Promise<void> {
  const held = holdsPlace(current.status);
  const holds = holdsPlace(next);
  if (!held && holds) {
    // Reopening a booking takes a place like a new one: never on a day the workshop is closed.
    await assertDayOpen(tx, current.appointmentDate);
    const taken = await ctx.tryTakePlaces(tx, shapeOfAppointment(current), current.appointmentDate, current.appointmentTime);
    if (taken.full) throw new ConflictError(taken.full.message);
    await replaceHolds(tx, current.id, taken.holds);
  } else if (held && !holds) {
    await ctx.releasePlaces(tx, current.id);
  }
}
