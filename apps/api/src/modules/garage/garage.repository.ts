import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { garageBackfills, garageVehicles } from '../../db/schema';

export type GarageVehicleRow = typeof garageVehicles.$inferSelect;
export type NewGarageVehicleRow = typeof garageVehicles.$inferInsert;

/** The customer's vehicles, oldest added first. */
export async function listGarageVehicles(db: Executor, userId: string): Promise<GarageVehicleRow[]> {
  return db.select().from(garageVehicles).where(eq(garageVehicles.userId, userId)).orderBy(asc(garageVehicles.createdAt), asc(garageVehicles.id));
}

export async function findGarageVehicle(db: Executor, userId: string, id: string): Promise<GarageVehicleRow | null> {
  const [row] = await db.select().from(garageVehicles).where(and(eq(garageVehicles.userId, userId), eq(garageVehicles.id, id)));
  return row ?? null;
}

export async function countGarageVehicles(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(garageVehicles).where(eq(garageVehicles.userId, userId));
  return Number(row?.n ?? 0);
}

/** The vehicle of the customer's garage with this registration key, if any. */
export async function findByRegistrationKey(db: Executor, userId: string, key: string): Promise<GarageVehicleRow | null> {
  const [row] = await db
    .select()
    .from(garageVehicles)
    .where(and(eq(garageVehicles.userId, userId), eq(garageVehicles.registrationKey, key)));
  return row ?? null;
}

/** Serialises one customer's garage changes until the transaction ends, so the cap and the registrations are checked once. */
export async function lockGarage(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`garage:${userId}`}, 0))`);
}

export async function insertGarageVehicle(db: Executor, values: NewGarageVehicleRow): Promise<GarageVehicleRow> {
  const [row] = await db.insert(garageVehicles).values(values).returning();
  return row!;
}

/** Adds vehicles whose registration is new to the garage (those already there are kept as they are). */
export async function insertNewGarageVehicles(db: Executor, values: readonly NewGarageVehicleRow[]): Promise<void> {
  if (values.length === 0) return;
  await db.insert(garageVehicles).values([...values]).onConflictDoNothing();
}

export async function updateGarageVehicle(db: Executor, userId: string, id: string, values: Partial<NewGarageVehicleRow>): Promise<GarageVehicleRow | null> {
  const [row] = await db
    .update(garageVehicles)
    .set(values)
    .where(and(eq(garageVehicles.userId, userId), eq(garageVehicles.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteGarageVehicle(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(garageVehicles)
    .where(and(eq(garageVehicles.userId, userId), eq(garageVehicles.id, id)))
    .returning({ id: garageVehicles.id });
  return rows.length > 0;
}

/** Whether the customer's garage has been filled from their earlier bookings. */
export async function isBackfilled(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: garageBackfills.userId }).from(garageBackfills).where(eq(garageBackfills.userId, userId));
  return Boolean(row);
}

export async function markBackfilled(db: Executor, userId: string, at: Date): Promise<void> {
  await db.insert(garageBackfills).values({ userId, doneAt: at }).onConflictDoNothing();
}
