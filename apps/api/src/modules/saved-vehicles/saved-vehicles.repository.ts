import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { savedVehicles } from '../../db/schema';

/** The account's saved cars, oldest saved first (the order the device keeps). */
export async function listSavedVehicleIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ vehicleId: savedVehicles.vehicleId })
    .from(savedVehicles)
    .where(eq(savedVehicles.userId, userId))
    .orderBy(asc(savedVehicles.savedAt), asc(savedVehicles.vehicleId));
  return rows.map((r) => r.vehicleId);
}

/** Serialises one account's saves until the transaction ends, so the cap is counted once. */
export async function lockSavedVehicles(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`saved-vehicles:${userId}`}, 0))`);
}

/** Adds saves (kept as they are when already saved), each a millisecond after the one before, so the order holds. */
export async function insertSavedVehicles(tx: Executor, userId: string, vehicleIds: readonly string[], at: Date): Promise<void> {
  if (vehicleIds.length === 0) return;
  await tx
    .insert(savedVehicles)
    .values(vehicleIds.map((vehicleId, i) => ({ userId, vehicleId, savedAt: new Date(at.getTime() + i) })))
    .onConflictDoNothing();
}

export async function deleteSavedVehicle(db: Executor, userId: string, vehicleId: string): Promise<void> {
  await db.delete(savedVehicles).where(and(eq(savedVehicles.userId, userId), eq(savedVehicles.vehicleId, vehicleId)));
}
