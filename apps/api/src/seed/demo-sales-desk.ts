import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { testDriveSlots, testDrives, users, vehicleHolds, vehicles } from '../db/schema';
import { addDays, dayOfWeek, workshopMoment } from '../modules/workshop-calendar';
import type { DemoUsers } from './demo-users';

/**
 * A few booked test drives (Jane and Sam, the next working days) and one active hold (Sam's, of the
 * newest available car), so the sales calendar, the account pages and a 'Reserved until' badge have
 * something to show. The slot counters are written to match the drives.
 */
export async function seedDemoSalesDesk(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, userIds: DemoUsers): Promise<void> {
  const { db, config } = deps;
  const now = deps.clock.now();
  const cars = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(eq(vehicles.status, 'available'))
    .orderBy(asc(vehicles.createdAt))
    .limit(4);
  if (cars.length < 4) return;
  const people = await db.select().from(users).where(inArray(users.id, [userIds.jane, userIds.sam]));
  const person = (id: string) => people.find((p) => p.id === id)!;
  const workingDays: string[] = [];
  for (let date = addDays(workshopMoment(now, config.WORKSHOP_TZ).date, 1); workingDays.length < 3; date = addDays(date, 1)) {
    if (dayOfWeek(date) !== 0) workingDays.push(date);
  }
  const plan = [
    { who: userIds.jane, car: cars[0]!.id, date: workingDays[0]!, hour: 10 },
    { who: userIds.sam, car: cars[1]!.id, date: workingDays[0]!, hour: 10 },
    { who: userIds.jane, car: cars[2]!.id, date: workingDays[1]!, hour: 14 },
    { who: userIds.sam, car: cars[0]!.id, date: workingDays[2]!, hour: 11 },
  ];
  await db.transaction(async (tx) => {
    await tx.insert(testDrives).values(
      plan.map((p) => {
        const customer = person(p.who);
        return { vehicleId: p.car, userId: p.who, customerName: customer.name, customerEmail: customer.email, customerPhone: customer.phone, date: p.date, hour: p.hour };
      }),
    );
    for (const p of plan) {
      await tx
        .insert(testDriveSlots)
        .values({ date: p.date, hour: p.hour, booked: 1 })
        .onConflictDoUpdate({ target: [testDriveSlots.date, testDriveSlots.hour], set: { booked: sql`${testDriveSlots.booked} + 1` } });
    }
    // The newest available car is on hold for Sam.
    const [newest] = await tx.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.status, 'available'))).orderBy(sql`${vehicles.createdAt} desc`).limit(1);
    await tx.insert(vehicleHolds).values({ vehicleId: newest!.id, userId: userIds.sam, expiresAt: new Date(now.getTime() + config.RESERVATION_HOURS * 3_600_000) });
  });
}
