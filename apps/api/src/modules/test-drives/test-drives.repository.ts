import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { testDriveSettings, testDriveSlots, testDrives, users } from '../../db/schema';

export type TestDriveRow = typeof testDrives.$inferSelect;
export type NewTestDriveRow = typeof testDrives.$inferInsert;

export interface SalesCalendarSettings {
  openDays: number[];
  openHour: number;
  closeHour: number;
  demonstrators: number;
}

/** Mondays to Saturdays, 9:00 to 18:00, two drives per hour: what the calendar offers until an admin changes it. */
export const DEFAULT_SETTINGS: SalesCalendarSettings = { openDays: [1, 2, 3, 4, 5, 6], openHour: 9, closeHour: 18, demonstrators: 2 };

export async function readSettings(db: Executor): Promise<SalesCalendarSettings> {
  const [row] = await db.select().from(testDriveSettings).where(eq(testDriveSettings.id, 1)).limit(1);
  if (!row) return DEFAULT_SETTINGS;
  return { openDays: row.openDays.map(Number), openHour: row.openHour, closeHour: row.closeHour, demonstrators: row.demonstrators };
}

export async function saveSettings(db: Executor, values: SalesCalendarSettings, actorId: string): Promise<void> {
  const set = { ...values, updatedById: actorId, updatedAt: new Date() };
  await db.insert(testDriveSettings).values({ id: 1, ...set }).onConflictDoUpdate({ target: testDriveSettings.id, set });
}

/**
 * Locks the slot counters of the given hours, in (date, hour) order whatever order the caller names
 * them, creating missing ones: two transactions that both touch two slots (moving drives past each
 * other) then queue instead of deadlocking.
 */
export async function lockSlots(tx: Executor, slots: { date: string; hour: number }[]): Promise<void> {
  const sorted = [...slots].sort((a, b) => (a.date === b.date ? a.hour - b.hour : a.date < b.date ? -1 : 1));
  for (const slot of sorted) {
    await tx.insert(testDriveSlots).values({ date: slot.date, hour: slot.hour, booked: 0 }).onConflictDoNothing();
    await tx
      .select({ booked: testDriveSlots.booked })
      .from(testDriveSlots)
      .where(and(eq(testDriveSlots.date, slot.date), eq(testDriveSlots.hour, slot.hour)))
      .for('update');
  }
}

/** How many drives are booked on a day (closing the day is refused while any is). */
export function countBookedOnDate(db: Executor, date: string): Promise<number> {
  return db.$count(testDrives, and(eq(testDrives.date, date), eq(testDrives.status, 'Booked')));
}

/** Takes a place in a locked slot if one is left; false when every demonstrator is out. */
export async function takeSlot(tx: Executor, date: string, hour: number, capacity: number): Promise<boolean> {
  const rows = await tx
    .update(testDriveSlots)
    .set({ booked: sql`${testDriveSlots.booked} + 1` })
    .where(and(eq(testDriveSlots.date, date), eq(testDriveSlots.hour, hour), sql`${testDriveSlots.booked} < ${capacity}`))
    .returning({ booked: testDriveSlots.booked });
  return rows.length > 0;
}

export async function releaseSlot(tx: Executor, date: string, hour: number): Promise<void> {
  await tx
    .update(testDriveSlots)
    .set({ booked: sql`${testDriveSlots.booked} - 1` })
    .where(and(eq(testDriveSlots.date, date), eq(testDriveSlots.hour, hour)));
}

/** Booked drives per hour of a day. */
export async function slotCounts(db: Executor, date: string): Promise<Map<number, number>> {
  const rows = await db.select().from(testDriveSlots).where(eq(testDriveSlots.date, date));
  return new Map(rows.map((r) => [r.hour, r.booked]));
}

/** The hours of a day at which the car is already booked. */
export async function bookedHoursOfVehicle(db: Executor, vehicleId: string, date: string): Promise<Set<number>> {
  const rows = await db
    .select({ hour: testDrives.hour })
    .from(testDrives)
    .where(and(eq(testDrives.vehicleId, vehicleId), eq(testDrives.date, date), eq(testDrives.status, 'Booked')));
  return new Set(rows.map((r) => r.hour));
}

export async function insertTestDrive(tx: Executor, values: NewTestDriveRow): Promise<TestDriveRow> {
  const [row] = await tx.insert(testDrives).values(values).returning();
  return row!;
}

export async function findTestDrive(db: Executor, id: string, lock = false): Promise<TestDriveRow | undefined> {
  const query = db.select().from(testDrives).where(eq(testDrives.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateTestDrive(tx: Executor, id: string, values: Partial<NewTestDriveRow>): Promise<TestDriveRow> {
  const [row] = await tx
    .update(testDrives)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(testDrives.id, id))
    .returning();
  return row!;
}

/** A customer's drives, soonest first. */
export function listTestDrivesOf(db: Executor, userId: string): Promise<TestDriveRow[]> {
  return db.select().from(testDrives).where(eq(testDrives.userId, userId)).orderBy(asc(testDrives.date), asc(testDrives.hour)).limit(200);
}

/** Booked drives from a day on, soonest first (the sales calendar). */
export function listBookedFrom(db: Executor, from: string): Promise<TestDriveRow[]> {
  return db
    .select()
    .from(testDrives)
    .where(and(eq(testDrives.status, 'Booked'), gte(testDrives.date, from)))
    .orderBy(asc(testDrives.date), asc(testDrives.hour), asc(testDrives.createdAt))
    .limit(500);
}

export function listUnremindedBetween(db: Executor, from: string, to: string): Promise<TestDriveRow[]> {
  return db
    .select()
    .from(testDrives)
    .where(and(eq(testDrives.status, 'Booked'), isNull(testDrives.reminderSentAt), gte(testDrives.date, from), lte(testDrives.date, to)));
}

/** Marks the reminder sent unless another server did: of two, one wins. */
export async function claimReminder(tx: Executor, id: string, now: Date): Promise<TestDriveRow | undefined> {
  const [row] = await tx
    .update(testDrives)
    .set({ reminderSentAt: now })
    .where(and(eq(testDrives.id, id), isNull(testDrives.reminderSentAt), eq(testDrives.status, 'Booked')))
    .returning();
  return row;
}

/** The sales team's addresses: every active SALES account, else the dealership's address when one is set. */
export async function salesTeamAddresses(db: Executor, fallback?: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'SALES'), eq(users.status, 'active')))
    .limit(50);
  const addresses = rows.map((r) => r.email);
  return addresses.length > 0 ? addresses : fallback ? [fallback] : [];
}

export async function customerContact(db: Executor, userId: string) {
  const [row] = await db.select({ name: users.name, email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

