import { eq } from 'drizzle-orm';
import { maintenanceAppointments, users, vehicleImages, vehicles } from '../../db/schema';
import type { TestContext } from '../../test/harness';

let counter = 0;

/** Inserts a listing straight into the database. */
export async function insertVehicle(
  ctx: TestContext,
  values: Partial<typeof vehicles.$inferInsert> = {},
): Promise<typeof vehicles.$inferSelect> {
  counter += 1;
  const [row] = await ctx.database.db
    .insert(vehicles)
    .values({
      title: `Test car ${counter}`,
      make: 'Toyota',
      model: 'Corolla',
      year: 2020,
      price: 15000,
      status: 'available',
      ...values,
    })
    .returning();
  return row!;
}

export async function insertVehicleImage(ctx: TestContext, vehicleId: string, position: number, key: string): Promise<void> {
  await ctx.database.db.insert(vehicleImages).values({ vehicleId, position, key, width: 1600, height: 1200 });
}

/** Inserts a maintenance appointment straight into the database. */
export async function insertAppointment(
  ctx: TestContext,
  values: Partial<typeof maintenanceAppointments.$inferInsert> = {},
): Promise<typeof maintenanceAppointments.$inferSelect> {
  counter += 1;
  const [row] = await ctx.database.db
    .insert(maintenanceAppointments)
    .values({
      maintenanceType: 'routine',
      specificService: 'Oil Change',
      appointmentDate: '2026-03-10',
      appointmentTime: '10:00 AM',
      vehicleMake: 'Honda',
      vehicleModel: 'Civic',
      vehicleYear: '2018',
      vehicleRegistration: `REG${counter}`,
      customerName: `Customer ${counter}`,
      customerEmail: `customer${counter}@example.com`,
      customerPhone: '5550001111',
      ...values,
    })
    .returning();
  return row!;
}

/** Moves a user's creation date (createUser inserts them "now"). */
export async function setUserCreatedAt(ctx: TestContext, userId: string, createdAt: Date | string): Promise<void> {
  await ctx.database.db
    .update(users)
    .set({ createdAt: new Date(createdAt) })
    .where(eq(users.id, userId));
}
