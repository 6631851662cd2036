import { and, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { MaintenanceStatus } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { maintenanceAppointments } from '../../db/schema';
import type { AppointmentRow } from './maintenance.mapper';

const REMINDED_STATUSES: MaintenanceStatus[] = ['Pending', 'Scheduled'];

/** Open appointments from `from` to `to` (YYYY-MM-DD, inclusive) whose reminder has not gone out. */
export function listUnremindedBetween(db: Executor, from: string, to: string): Promise<AppointmentRow[]> {
  const t = maintenanceAppointments;
  return db
    .select()
    .from(t)
    .where(and(inArray(t.status, REMINDED_STATUSES), isNull(t.reminderSentAt), gte(t.appointmentDate, from), lte(t.appointmentDate, to)));
}

/** Marks the reminder sent if nobody did meanwhile (and the appointment is still open): of two servers, one wins. */
export async function claimReminder(db: Executor, id: string, now: Date): Promise<AppointmentRow | undefined> {
  const t = maintenanceAppointments;
  const [claimed] = await db
    .update(t)
    .set({ reminderSentAt: now })
    .where(and(eq(t.id, id), isNull(t.reminderSentAt), inArray(t.status, REMINDED_STATUSES)))
    .returning();
  return claimed;
}
