import { and, between, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { maintenanceSlots } from '../../db/schema';

// Slot counters: the database alone decides whether a place is free.

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
