import { and, asc, eq, sql } from 'drizzle-orm';
import { slotHour, TECHNICIAN_MESSAGES, type Technician } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { heldTechnicianHours as held, users } from '../../db/schema';
import { ConflictError, ValidationError } from '../../infra/errors';
import { findHolds, type DayHold } from './maintenance.holds.repository';
import type { AppointmentRow } from './maintenance.mapper';
import { holdsPlace } from './maintenance.rules';

/** One hour a technician is held for: the day ('YYYY-MM-DD') and the hour (0-23, workshop time). */
export interface HeldHour {
  day: string;
  hour: number;
}

/**
 * The hours an appointment holds its technician for: every hour of every day its job holds a place (its
 * holds, written before this is called), or its one slot hour when it has none (a booking from before
 * durations). A technician on a five-day paint job is on it for the whole of each of those days.
 */
export function technicianHours(
  appointment: Pick<AppointmentRow, 'appointmentDate' | 'appointmentTime'>,
  holds: readonly Pick<DayHold, 'date' | 'startHour' | 'endHour'>[] = [],
): HeldHour[] {
  if (holds.length === 0) return [{ day: appointment.appointmentDate, hour: slotHour(appointment.appointmentTime) }];
  return holds.flatMap((h) => Array.from({ length: h.endHour - h.startHour }, (_, i) => ({ day: h.date, hour: h.startHour + i })));
}

/**
 * Makes the technician's held hours match the appointment as it now is (its technician, date, time and
 * status), in the caller's transaction, which must already hold the appointment's row lock. Frees the
 * hours it held, then takes the new ones in a fixed order (day, hour): the primary key of
 * technician_hours refuses a second job at the same hour, and a competing transaction waits on the
 * first one's row and then finds it taken. Answers false, having taken none, when an hour is taken: the
 * caller refuses the change (`assertTechnicianFree`) or drops the technician.
 */
export async function syncTechnicianHours(tx: Executor, appointment: AppointmentRow): Promise<boolean> {
  await tx.delete(held).where(eq(held.appointmentId, appointment.id));
  if (!appointment.technicianId || !holdsPlace(appointment.status)) return true;
  const hours = technicianHours(appointment, await findHolds(tx, appointment.id)).sort((a, b) => a.day.localeCompare(b.day) || a.hour - b.hour);
  const rows = hours.map((h) => ({ technicianId: appointment.technicianId!, day: h.day, hour: h.hour, appointmentId: appointment.id }));
  const taken = await tx.insert(held).values(rows).onConflictDoNothing().returning({ hour: held.hour });
  if (taken.length === rows.length) return true;
  await tx.delete(held).where(eq(held.appointmentId, appointment.id));
  return false;
}

/** `syncTechnicianHours`, refusing the change with the technician conflict (409) when an hour is taken. */
export async function assertTechnicianFree(tx: Executor, appointment: AppointmentRow): Promise<void> {
  if (!(await syncTechnicianHours(tx, appointment))) throw new ConflictError(TECHNICIAN_MESSAGES.busy);
}

/**
 * The technician to assign: an active user with the Technician role, read under a share lock so a role
 * or status change (which locks the row for update) cannot slip in before the assignment commits.
 */
export async function assignableTechnician(tx: Executor, id: string): Promise<{ id: string; name: string }> {
  const [row] = await tx
    .select({ id: users.id, name: users.name, role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, id))
    .for('share');
  if (!row || row.role !== 'TECHNICIAN' || row.status !== 'active') {
    throw new ValidationError({ technicianId: TECHNICIAN_MESSAGES.notTechnician }, TECHNICIAN_MESSAGES.notTechnician);
  }
  return { id: row.id, name: row.name };
}

/** The active technicians, by name: the list staff choose from. */
export async function listTechnicians(db: Executor): Promise<Technician[]> {
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.role, 'TECHNICIAN'), eq(users.status, 'active'), sql`${users.role} <> 'USER'`))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({ _id: r.id, name: r.name }));
}
