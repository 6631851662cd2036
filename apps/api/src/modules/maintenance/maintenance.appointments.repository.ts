import { and, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { SLOT_HOLDING_STATUSES, TIME_SLOTS, type MaintenanceStatus } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { readPage } from '../../db/page';
import { prepared } from '../../db/prepared';
import { appointmentHolds, maintenanceAppointments } from '../../db/schema';
import type { AppointmentRow, NewAppointmentRow } from './maintenance.mapper';

// A customer's bookings and the appointment rows themselves.

/** Slot position (0 for 08:00 AM) so '01:00 PM' sorts after '11:00 AM'. */
const slotOrder = sql`array_position(ARRAY[${sql.join(
  TIME_SLOTS.map((t) => sql`${t}`),
  sql`, `,
)}]::text[], ${maintenanceAppointments.appointmentTime})`;

/**
 * Serialises one customer's bookings until the transaction ends (a transaction-scoped advisory
 * lock keyed on the account), so a count taken after it cannot be overtaken by a simultaneous
 * booking of the same customer.
 */
export async function lockCustomerBookings(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`maintenance-booking:${userId}`}, 0))`);
}

/** Bookings a customer made themself (not staff for them) in the last 24 hours, whatever became of them. */
export async function countBookingsMadeToday(db: Executor, userId: string): Promise<number> {
  const t = maintenanceAppointments;
  const statement = prepared(
    db,
    'bookings made today',
    () =>
      db
        .select({ n: count() })
        .from(t)
        .where(and(eq(t.userId, sql.placeholder('userId')), isNull(t.bookedById), sql`${t.createdAt} > now() - interval '24 hours'`)),
    'maintenance_bookings_made_today',
  );
  const [row] = await statement.execute({ userId });
  return Number(row?.n ?? 0);
}

/**
 * Pending or Scheduled bookings of a customer that have not started: on a later date, or today
 * at one of `laterToday` (the slots of today still ahead).
 */
export async function countOpenFutureBookings(
  db: Executor,
  userId: string,
  today: string,
  laterToday: readonly string[],
): Promise<number> {
  const t = maintenanceAppointments;
  // Every booking asks this first (a customer at the cap is refused on it). One named statement per number
  // of slots left today (13 at most): PostgreSQL plans each once per connection.
  const statement = prepared(
    db,
    `open bookings ${laterToday.length}`,
    () =>
      db
        .select({ n: count() })
        .from(t)
        .where(
          and(
            eq(t.userId, sql.placeholder('userId')),
            inArray(t.status, [...SLOT_HOLDING_STATUSES]),
            or(
              gt(t.appointmentDate, sql.placeholder('today')),
              laterToday.length
                ? and(
                    eq(t.appointmentDate, sql.placeholder('today')),
                    inArray(
                      t.appointmentTime,
                      laterToday.map((_, i) => sql.placeholder(`later${i}`)),
                    ),
                  )
                : undefined,
            ),
          ),
        ),
    `maintenance_open_bookings_${laterToday.length}`,
  );
  const later = Object.fromEntries(laterToday.map((time, i) => [`later${i}`, time]));
  const [row] = await statement.execute({ userId, today, ...later });
  return Number(row?.n ?? 0);
}

export async function insertAppointment(db: Executor, values: NewAppointmentRow): Promise<AppointmentRow> {
  const [row] = await db.insert(maintenanceAppointments).values(values).returning();
  return row!;
}

export async function findAppointment(
  db: Executor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AppointmentRow | undefined> {
  const query = db.select().from(maintenanceAppointments).where(eq(maintenanceAppointments.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** A change to what the appointment's calendar event says: its time or its status. */
const changesCalendarEvent = (values: Partial<NewAppointmentRow>) =>
  values.appointmentDate !== undefined || values.appointmentTime !== undefined || values.status !== undefined;

export async function updateAppointment(db: Executor, id: string, values: Partial<NewAppointmentRow>): Promise<AppointmentRow> {
  const sequence = changesCalendarEvent(values) ? { calendarSequence: sql`${maintenanceAppointments.calendarSequence} + 1` } : {};
  const [row] = await db
    .update(maintenanceAppointments)
    .set({ ...values, ...sequence, updatedAt: sql`now()` })
    .where(eq(maintenanceAppointments.id, id))
    .returning();
  return row!;
}

export async function listUserAppointments(
  db: Executor,
  userId: string,
  options: { status?: MaintenanceStatus; limit: number; offset: number },
): Promise<{ rows: AppointmentRow[]; total: number }> {
  const where = and(
    eq(maintenanceAppointments.userId, userId),
    options.status ? eq(maintenanceAppointments.status, options.status) : undefined,
  );
  return readPage(
    db
      .select()
      .from(maintenanceAppointments)
      .where(where)
      .orderBy(desc(maintenanceAppointments.appointmentDate), sql`${slotOrder} DESC`, desc(maintenanceAppointments.createdAt))
      .$dynamic(),
    db.$count(maintenanceAppointments, where),
    options,
  );
}

/** Pending or Scheduled bookings on a date (a day holding some cannot be closed). */
export async function countHoldingOnDate(db: Executor, date: string): Promise<number> {
  // A job of working days holds every day it spans, not only the one it starts on.
  return db.$count(appointmentHolds, eq(appointmentHolds.date, date));
}

/** Bookings holding a place in one slot, counted from the appointments themselves (for checks). */
export async function countHoldingInSlot(db: Executor, date: string, time: string): Promise<number> {
  const t = maintenanceAppointments;
  const [row] = await db
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.appointmentDate, date), eq(t.appointmentTime, time), inArray(t.status, [...SLOT_HOLDING_STATUSES])));
  return row?.n ?? 0;
}
