import { asc, eq, sql } from 'drizzle-orm';
import { PUBLIC_VEHICLE_STATUSES } from '@dealer/shared';
import type { AppDeps } from '../app';
import { savedSearches, savedVehicles, vehicles } from '../db/schema';
import type { DemoUsers } from './demo-users';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Jane comes back: two saved cars (the older of them dropped $1,500 three days ago, so its page says
 * 'Price dropped $1,500') and a weekly saved search for hybrids under $35,000.
 */
export async function seedDemoBuyers(deps: Pick<AppDeps, 'db' | 'clock'>, userIds: DemoUsers): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  const listed = await db
    .select({ id: vehicles.id, price: vehicles.price })
    .from(vehicles)
    .where(sql`${vehicles.status} IN (${sql.join(PUBLIC_VEHICLE_STATUSES.map((s) => sql`${s}`), sql`, `)}) AND ${vehicles.ownerId} IS DISTINCT FROM ${userIds.jane}`)
    .orderBy(asc(vehicles.createdAt))
    .limit(2);
  if (listed.length < 2) return;
  const [dropped, other] = listed as [(typeof listed)[number], (typeof listed)[number]];
  // The price trigger keeps the change, dated by the row's updated_at.
  await db
    .update(vehicles)
    .set({ price: Number(dropped.price) - 1500, updatedAt: new Date(now.getTime() - 3 * DAY) })
    .where(eq(vehicles.id, dropped.id));
  await db.insert(savedVehicles).values([
    { userId: userIds.jane, vehicleId: dropped.id, savedAt: new Date(now.getTime() - 10 * DAY) },
    { userId: userIds.jane, vehicleId: other.id, savedAt: new Date(now.getTime() - 9 * DAY) },
  ]);
  await db.insert(savedSearches).values({
    userId: userIds.jane,
    name: 'Hybrids under $35,000',
    frequency: 'Weekly',
    filters: { fuelType: 'Hybrid', max_price: 35000 },
    createdAt: new Date(now.getTime() - 20 * DAY),
    updatedAt: new Date(now.getTime() - 20 * DAY),
    lastDigestAt: new Date(now.getTime() - 2 * DAY),
  });
}
