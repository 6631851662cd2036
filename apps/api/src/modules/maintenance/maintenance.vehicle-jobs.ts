import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { maintenanceAppointments as a } from '../../db/schema';

/** The appointment's registration as vehicles are compared: capitals and digits only. */
const keyOf = sql<string>`upper(regexp_replace(${a.vehicleRegistration}, '[^A-Za-z0-9]', '', 'g'))`;

export interface VehicleJob {
  id: string;
  registrationKey: string;
  maintenanceType: string;
  specificService: string;
  appointmentDate: string;
  appointmentTime: string;
  status: 'Pending' | 'Scheduled' | 'Completed' | 'Cancelled';
}

/** The customer's appointments for vehicles by registration key, latest first (My Garage's history). */
export async function jobsOfVehicles(db: Executor, userId: string, registrationKeys: readonly string[]): Promise<VehicleJob[]> {
  if (registrationKeys.length === 0) return [];
  return db
    .select({
      id: a.id,
      registrationKey: keyOf,
      maintenanceType: a.maintenanceType,
      specificService: a.specificService,
      appointmentDate: a.appointmentDate,
      appointmentTime: a.appointmentTime,
      status: a.status,
    })
    .from(a)
    .where(and(eq(a.userId, userId), inArray(keyOf, [...registrationKeys])))
    .orderBy(desc(a.appointmentDate), desc(a.appointmentTime), desc(a.createdAt));
}

export interface BookedVehicle {
  make: string;
  model: string;
  year: string;
  registration: string;
}

/** Each vehicle the customer has booked for, once per registration key, as their latest booking named it (oldest first). */
export async function vehiclesBookedBy(db: Executor, userId: string): Promise<BookedVehicle[]> {
  const rows = await db
    .select({ make: a.vehicleMake, model: a.vehicleModel, year: a.vehicleYear, registration: a.vehicleRegistration, key: keyOf })
    .from(a)
    .where(eq(a.userId, userId))
    .orderBy(desc(a.createdAt), desc(a.id));
  const seen = new Map<string, BookedVehicle>();
  for (const { key, ...vehicle } of rows) if (key && !seen.has(key)) seen.set(key, vehicle);
  return [...seen.values()].reverse();
}
