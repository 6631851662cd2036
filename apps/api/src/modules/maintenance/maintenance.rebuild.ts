import { SLOT_HOLDING_STATUSES } from '@dealer/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { appointmentHolds, closureDays, maintenanceAppointments } from '../../db/schema';
import { recomputeCountersFromHolds, moveHours, replaceHolds } from './maintenance.holds.repository';
import { holdsOf, shapeOfAppointment } from './maintenance.workshop';
import type { AppointmentRow } from './maintenance.mapper';

/**
 * Rebuilds every hold and counter from the appointments holding a place (the demo seed, the bulk seed, and a
 * repair tool): each keeps what it was booked as, at its date and time, around today's closure days.
 */
export async function rebuildPlaceCounters(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    const closed = new Set((await tx.select({ date: closureDays.date }).from(closureDays)).map((r) => r.date));
    const rows = await tx
      .select({
        id: maintenanceAppointments.id,
        date: maintenanceAppointments.appointmentDate,
        time: maintenanceAppointments.appointmentTime,
        resource: maintenanceAppointments.resource,
        durationUnit: maintenanceAppointments.durationUnit,
        durationAmount: maintenanceAppointments.durationAmount,
      })
      .from(maintenanceAppointments)
      .where(inArray(maintenanceAppointments.status, [...SLOT_HOLDING_STATUSES]));
    await tx.execute(sql`DELETE FROM appointment_holds`);
    const holds = rows.flatMap((r) => holdsOf(shapeOfAppointment(r), r.date, r.time, closed).map((h) => ({ appointmentId: r.id, ...h })));
    for (let i = 0; i < holds.length; i += 1000) await tx.insert(appointmentHolds).values(holds.slice(i, i + 1000));
    await recomputeCountersFromHolds(tx);
  });
}

/**
 * Holds an inserted appointment's places past the booking rules (tests that book an hour already gone);
 * false when a place is missing, and then nothing is held.
 */
export async function holdPlacesOf(tx: Executor, row: AppointmentRow, capacity: number): Promise<boolean> {
  const holds = holdsOf(shapeOfAppointment(row), row.appointmentDate, row.appointmentTime, new Set());
  if (await moveHours(tx, [], holds, () => capacity)) return false;
  await replaceHolds(tx, row.id, holds);
  return true;
}
