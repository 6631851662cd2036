import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { maintenanceAppointments, workshopCheckIns } from '../../db/schema';

export interface OdometerReading {
  appointmentId: string;
  registrationKey: string;
  odometer: number;
  readAt: Date;
}

/**
 * The odometer readings taken when the customer's cars were checked in, by registration key, latest
 * first (My Garage's history). Only the check-ins of the customer's own appointments: the car's
 * readings under a former owner's account are not theirs to see.
 */
export async function odometerReadingsOf(db: Executor, userId: string, registrationKeys: readonly string[]): Promise<OdometerReading[]> {
  if (registrationKeys.length === 0) return [];
  const c = workshopCheckIns;
  return db
    .select({ appointmentId: c.appointmentId, registrationKey: c.registrationKey, odometer: c.odometer, readAt: c.createdAt })
    .from(c)
    .innerJoin(maintenanceAppointments, eq(maintenanceAppointments.id, c.appointmentId))
    .where(and(eq(maintenanceAppointments.userId, userId), inArray(c.registrationKey, [...registrationKeys])))
    .orderBy(desc(c.createdAt));
}
