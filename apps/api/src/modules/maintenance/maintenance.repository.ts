import { and, between, count, desc, eq, gt, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  SLOT_HOLDING_STATUSES,
  TIME_SLOTS,
  calendarDayInstant,
  type MaintenanceAppointment,
  type MaintenanceStatus,
} from '@dealer/shared';
import type { Executor } from '../../db/client';
import { maintenanceAppointments, maintenanceSlots } from '../../db/schema';
import { escapeLike, matchesTyped } from '../../lib/text-match';
import { windowCounts, type WindowCounts, type Windows } from '../../lib/window-counts';

export type AppointmentRow = typeof maintenanceAppointments.$inferSelect;
export type NewAppointmentRow = typeof maintenanceAppointments.$inferInsert;

/** The appointment as it leaves the server; its day as that day's UTC noon (see calendar-day in shared). */
export function toAppointment(row: AppointmentRow): MaintenanceAppointment {
  return {
    _id: row.id,
    maintenanceType: row.maintenanceType,
    specificService: row.specificService,
    appointmentDate: calendarDayInstant(row.appointmentDate),
    appointmentTime: row.appointmentTime,
    vehicle: { make: row.vehicleMake, model: row.vehicleModel, year: row.vehicleYear, registration: row.vehicleRegistration },
    customer: { name: row.customerName, email: row.customerEmail, phone: row.customerPhone },
    additionalNotes: row.additionalNotes,
    cost: row.cost === null || row.cost === undefined ? null : Number(row.cost),
    technician: row.technician,
    notes: row.notes,
    status: row.status,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The appointment as staff see it: the customer's view plus the staff-only notes. */
export function toStaffAppointment(row: AppointmentRow): MaintenanceAppointment {
  return { ...toAppointment(row), staffNotes: row.staffNotes, bookedById: row.bookedById };
}

/** Slot position (0 for 08:00 AM) so '01:00 PM' sorts after '11:00 AM'. */
const slotOrder = sql`array_position(ARRAY[${sql.join(
  TIME_SLOTS.map((t) => sql`${t}`),
  sql`, `,
)}]::text[], ${maintenanceAppointments.appointmentTime})`;

// ---- slot counters: the database alone decides whether a place is free ----

/**
 * Takes one place in a slot if fewer than `capacity` are taken. Returns false when the slot
 * is full. The conditional UPDATE locks the slot row, so simultaneous callers queue and each
 * re-reads the committed count: overfilling is impossible. Call inside the booking's transaction.
 */
export async function takeSlotPlace(db: Executor, date: string, time: string, capacity: number): Promise<boolean> {
  await db.insert(maintenanceSlots).values({ date, time, booked: 0 }).onConflictDoNothing();
  const rows = await db
    .update(maintenanceSlots)
    .set({ booked: sql`${maintenanceSlots.booked} + 1` })
    .where(and(eq(maintenanceSlots.date, date), eq(maintenanceSlots.time, time), sql`${maintenanceSlots.booked} < ${capacity}`))
    .returning({ booked: maintenanceSlots.booked });
  return rows.length > 0;
}

/** Gives back one place in a slot (never below zero). */
export async function releaseSlotPlace(db: Executor, date: string, time: string): Promise<void> {
  await db
    .update(maintenanceSlots)
    .set({ booked: sql`${maintenanceSlots.booked} - 1` })
    .where(and(eq(maintenanceSlots.date, date), eq(maintenanceSlots.time, time), sql`${maintenanceSlots.booked} > 0`));
}

/** Places taken per slot of one date. */
export async function bookedOnDate(db: Executor, date: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ time: maintenanceSlots.time, booked: maintenanceSlots.booked })
    .from(maintenanceSlots)
    .where(eq(maintenanceSlots.date, date));
  return new Map(rows.map((r) => [r.time, r.booked]));
}

/** Per date between two dates (inclusive): how many slots are full. */
export async function fullSlotsPerDate(
  db: Executor,
  from: string,
  to: string,
  capacity: number,
): Promise<Map<string, Set<string>>> {
  const rows = await db
    .select({ date: maintenanceSlots.date, time: maintenanceSlots.time })
    .from(maintenanceSlots)
    .where(and(between(maintenanceSlots.date, from, to), gte(maintenanceSlots.booked, capacity)));
  const result = new Map<string, Set<string>>();
  for (const row of rows) {
    const set = result.get(row.date) ?? new Set<string>();
    set.add(row.time);
    result.set(row.date, set);
  }
  return result;
}

/** Rebuilds every slot counter from the appointments holding a place (seeding and repair). */
export async function recomputeSlotCounters(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(maintenanceSlots);
    await tx.execute(sql`
      INSERT INTO maintenance_slots (date, time, booked)
      SELECT appointment_date, appointment_time, count(*)::int
      FROM maintenance_appointments
      WHERE status IN ('Pending', 'Scheduled')
      GROUP BY appointment_date, appointment_time`);
  });
}

// ---- a customer's open bookings ----

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
  const [row] = await db
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.userId, userId), isNull(t.bookedById), sql`${t.createdAt} > now() - interval '24 hours'`));
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
  const [row] = await db
    .select({ n: count() })
    .from(t)
    .where(
      and(
        eq(t.userId, userId),
        inArray(t.status, [...SLOT_HOLDING_STATUSES]),
        or(
          gt(t.appointmentDate, today),
          laterToday.length ? and(eq(t.appointmentDate, today), inArray(t.appointmentTime, [...laterToday])) : undefined,
        ),
      ),
    );
  return Number(row?.n ?? 0);
}

// ---- appointments ----

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
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(maintenanceAppointments)
      .where(where)
      .orderBy(desc(maintenanceAppointments.appointmentDate), sql`${slotOrder} DESC`, desc(maintenanceAppointments.createdAt))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(maintenanceAppointments).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

export interface AdminListFilters {
  status?: MaintenanceStatus;
  dateFrom?: string;
  dateTo?: string;
  search?: string;
}

function adminConditions(filters: AdminListFilters, includeStatus: boolean): SQL | undefined {
  const t = maintenanceAppointments;
  const conditions: (SQL | undefined)[] = [];
  if (includeStatus && filters.status) conditions.push(eq(t.status, filters.status));
  if (filters.dateFrom) conditions.push(gte(t.appointmentDate, filters.dateFrom));
  if (filters.dateTo) conditions.push(lte(t.appointmentDate, filters.dateTo));
  const search = filters.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(
      or(
        ilike(t.customerName, pattern),
        ilike(t.customerEmail, pattern),
        ilike(t.vehicleMake, pattern),
        ilike(t.vehicleModel, pattern),
        ilike(t.vehicleRegistration, pattern),
        ilike(t.specificService, pattern),
        ilike(t.maintenanceType, pattern),
        sql`(${t.vehicleYear} || ' ' || ${t.vehicleMake} || ' ' || ${t.vehicleModel}) ILIKE ${pattern}`,
        sql`(${t.vehicleMake} || ' ' || ${t.vehicleModel}) ILIKE ${pattern}`,
        sql`${t.id}::text ILIKE ${pattern}`,
      ),
    );
  }
  return and(...conditions);
}

export async function listAllAppointments(
  db: Executor,
  filters: AdminListFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: AppointmentRow[]; total: number; statusCounts: Record<MaintenanceStatus, number> }> {
  const t = maintenanceAppointments;
  const where = adminConditions(filters, true);
  const [rows, [totalRow], countRows] = await Promise.all([
    db.select().from(t).where(where).orderBy(desc(t.createdAt), desc(t.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(t).where(where),
    db.select({ status: t.status, n: count() }).from(t).where(adminConditions(filters, false)).groupBy(t.status),
  ]);
  return { rows, total: totalRow?.n ?? 0, statusCounts: toStatusCounts(countRows) };
}

function toStatusCounts(rows: { status: MaintenanceStatus; n: number }[]): Record<MaintenanceStatus, number> {
  const counts: Record<MaintenanceStatus, number> = { Pending: 0, Scheduled: 0, Completed: 0, Cancelled: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

export async function countByStatus(db: Executor): Promise<Record<MaintenanceStatus, number>> {
  const t = maintenanceAppointments;
  const rows = await db.select({ status: t.status, n: count() }).from(t).groupBy(t.status);
  return toStatusCounts(rows);
}

/** Pending or Scheduled bookings on a date (a day holding some cannot be closed). */
export async function countHoldingOnDate(db: Executor, date: string): Promise<number> {
  const t = maintenanceAppointments;
  const [row] = await db
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.appointmentDate, date), inArray(t.status, [...SLOT_HOLDING_STATUSES])));
  return Number(row?.n ?? 0);
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

/** A customer's appointments, newest first. */
export function listAppointmentsOfUser(db: Executor, userId: string) {
  return db
    .select()
    .from(maintenanceAppointments)
    .where(eq(maintenanceAppointments.userId, userId))
    .orderBy(desc(maintenanceAppointments.createdAt), desc(maintenanceAppointments.id));
}

/** How many appointments the user with this id has, as a column of the caller's own query. */
export function appointmentCountOf(userId: SQL) {
  return sql<number>`(select count(*)::int from ${maintenanceAppointments} as mc where mc.user_id = ${userId})`.mapWith(Number);
}

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

export async function countAppointmentsByWindow(db: Executor, w: Windows): Promise<WindowCounts> {
  const counts = windowCounts(maintenanceAppointments.createdAt, w);
  const [row] = await db.select(counts).from(maintenanceAppointments);
  return row!;
}

export function recentAppointments(db: Executor, limit: number) {
  return db
    .select()
    .from(maintenanceAppointments)
    .orderBy(desc(maintenanceAppointments.createdAt), desc(maintenanceAppointments.id))
    .limit(limit);
}

/** Appointments whose service, customer, registration, vehicle or id match what an admin typed, newest first. */
export function searchAppointments(db: Executor, q: string, limit: number) {
  return db
    .select({
      id: maintenanceAppointments.id,
      specificService: maintenanceAppointments.specificService,
      customerName: maintenanceAppointments.customerName,
      appointmentDate: maintenanceAppointments.appointmentDate,
      status: maintenanceAppointments.status,
    })
    .from(maintenanceAppointments)
    .where(
      matchesTyped(
        q,
        [
          maintenanceAppointments.specificService,
          maintenanceAppointments.customerName,
          maintenanceAppointments.customerEmail,
          maintenanceAppointments.vehicleRegistration,
          sql`${maintenanceAppointments.vehicleMake} || ' ' || ${maintenanceAppointments.vehicleModel}`,
        ],
        maintenanceAppointments.id,
      ),
    )
    .orderBy(desc(maintenanceAppointments.createdAt), desc(maintenanceAppointments.id))
    .limit(limit);
}
