import { and, asc, eq } from 'drizzle-orm';
import { registrationKeyOf } from '@dealer/shared';
import type { AppDeps } from '../deps';
import { garageBackfills, garageVehicles, maintenanceAppointments, workshopCheckIns } from '../db/schema';
import { vehiclesBookedBy } from '../modules/maintenance';
import type { DemoUsers } from './demo-users';

const DAY = 86_400_000;

/** A VIN for each demo customer's first car (valid check digits), and the odometer at their first completed job. */
const DEMO_GARAGE = {
  jane: { vin: '2T1BURHE8KC123457', firstOdometer: 38_240, milesPerDay: 31 },
  sam: { vin: '1FTEW1E58HKD12341', firstOdometer: 71_900, milesPerDay: 44 },
} as const;

/**
 * The demo customers' garages: the vehicles of their demo bookings (as the first read would add them),
 * the first one with its VIN and the mileage they gave; their completed jobs read at check-in, so the
 * service history shows odometer readings.
 */
export async function seedDemoGarage(deps: Pick<AppDeps, 'db' | 'clock'>, userIds: DemoUsers): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  for (const owner of ['jane', 'sam'] as const) {
    const userId = userIds[owner];
    const plan = DEMO_GARAGE[owner];
    const completed = await db
      .select({ id: maintenanceAppointments.id, date: maintenanceAppointments.appointmentDate, registration: maintenanceAppointments.vehicleRegistration })
      .from(maintenanceAppointments)
      .where(and(eq(maintenanceAppointments.userId, userId), eq(maintenanceAppointments.status, 'Completed')))
      .orderBy(asc(maintenanceAppointments.appointmentDate));
    const first = completed[0] ? Date.parse(`${completed[0].date}T13:00:00Z`) : now.getTime();
    const readings = completed.map((job) => {
      const at = Date.parse(`${job.date}T13:00:00Z`);
      return {
        appointmentId: job.id,
        registrationKey: registrationKeyOf(job.registration),
        odometer: plan.firstOdometer + Math.round(((at - first) / DAY) * plan.milesPerDay),
        fuelLevel: '1/2' as const,
        createdAt: new Date(at),
      };
    });
    // Another seed may have checked a job in already: its reading stays.
    if (readings.length > 0) await db.insert(workshopCheckIns).values(readings).onConflictDoNothing();

    const booked = await vehiclesBookedBy(db, userId);
    if (booked.length === 0) continue;
    await db.insert(garageVehicles).values(
      booked.map((vehicle, i) => ({
        userId,
        ...vehicle,
        registrationKey: registrationKeyOf(vehicle.registration),
        // The first car: its VIN, and the mileage the customer gave a week ago.
        vin: i === 0 ? plan.vin : null,
        mileage: i === 0 && readings.length > 0 ? readings.at(-1)!.odometer + 200 : null,
        mileageAt: i === 0 && readings.length > 0 ? new Date(now.getTime() - 7 * DAY) : null,
        createdAt: new Date(now.getTime() - 90 * DAY + i),
        updatedAt: new Date(now.getTime() - 7 * DAY),
      })),
    ).onConflictDoNothing();
    await db.insert(garageBackfills).values({ userId, doneAt: new Date(now.getTime() - 90 * DAY) }).onConflictDoNothing();
  }
}
