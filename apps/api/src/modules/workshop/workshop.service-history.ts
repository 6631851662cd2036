import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { garageVehicles, maintenanceAppointments, workshopCheckIns } from '../../db/schema';
import { registrationKey } from './workshop.repository';

// Written for the reminders domain (issue 27): what a service reminder counts from.

/** A customer's last completed job of one service on one vehicle. */
export interface LastServiceJob {
  appointmentId: string;
  userId: string;
  customerName: string;
  customerEmail: string;
  specificService: string;
  vehicleRegistration: string;
  registrationKey: string;
  /** The job's day (YYYY-MM-DD). */
  jobDate: string;
  /** The odometer read at this job's check-in; null when it was not checked in. */
  odometer: number | null;
  /** Every check-in reading of the vehicle (by registration), oldest first, dated by its job's day. */
  readings: { on: string; odometer: number }[];
  /** A later booking of the same service for the vehicle is open (Pending or Scheduled). */
  openBooking: boolean;
  /** The customer's My Garage vehicle with this registration, if they keep one. */
  garageVehicleId: string | null;
}

const keyOf = (column: typeof maintenanceAppointments.vehicleRegistration) =>
  sql<string>`regexp_replace(upper(${column}), '[^A-Z0-9]', '', 'g')`;

/**
 * The last completed job per (customer, service, vehicle) for the given services, with the vehicle's
 * check-in odometer readings. Jobs without an account are left out (there is nobody to remind).
 */
export async function lastCompletedServiceJobs(db: Executor, services: readonly string[]): Promise<LastServiceJob[]> {
  if (services.length === 0) return [];
  const a = maintenanceAppointments;
  const key = keyOf(a.vehicleRegistration);
  const completed = await db
    .select({
      appointmentId: a.id,
      userId: a.userId,
      customerName: a.customerName,
      customerEmail: a.customerEmail,
      specificService: a.specificService,
      vehicleRegistration: a.vehicleRegistration,
      jobDate: a.appointmentDate,
      odometer: workshopCheckIns.odometer,
    })
    .from(a)
    .leftJoin(workshopCheckIns, eq(workshopCheckIns.appointmentId, a.id))
    .where(and(eq(a.status, 'Completed'), isNotNull(a.userId), inArray(a.specificService, [...services])))
    .orderBy(desc(a.appointmentDate), desc(a.createdAt));
  // The newest of each (customer, service, vehicle).
  const seen = new Set<string>();
  const jobs = completed.filter((j) => {
    const id = `${j.userId} ${j.specificService} ${registrationKey(j.vehicleRegistration)}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  if (jobs.length === 0) return [];

  const keys = [...new Set(jobs.map((j) => registrationKey(j.vehicleRegistration)))];
  const readingRows = await db
    .select({ key: workshopCheckIns.registrationKey, on: a.appointmentDate, odometer: workshopCheckIns.odometer })
    .from(workshopCheckIns)
    .innerJoin(a, eq(a.id, workshopCheckIns.appointmentId))
    .where(inArray(workshopCheckIns.registrationKey, keys))
    .orderBy(asc(a.appointmentDate), asc(workshopCheckIns.odometer));
  const readings = new Map<string, LastServiceJob['readings']>();
  for (const r of readingRows) readings.set(r.key, [...(readings.get(r.key) ?? []), { on: r.on, odometer: r.odometer }]);

  const userIds = [...new Set(jobs.map((j) => j.userId!))];
  const open = await db
    .select({ userId: a.userId, specificService: a.specificService, key, on: a.appointmentDate })
    .from(a)
    .where(and(inArray(a.status, ['Pending', 'Scheduled']), inArray(a.userId, userIds), inArray(a.specificService, [...services])));
  const garage = await db
    .select({ id: garageVehicles.id, userId: garageVehicles.userId, key: garageVehicles.registrationKey })
    .from(garageVehicles)
    .where(inArray(garageVehicles.userId, userIds));

  return jobs.map((job) => {
    const k = registrationKey(job.vehicleRegistration);
    return {
      ...job,
      userId: job.userId!,
      registrationKey: k,
      readings: readings.get(k) ?? [],
      openBooking: open.some((o) => o.userId === job.userId && o.specificService === job.specificService && o.key === k && o.on >= job.jobDate),
      garageVehicleId: garage.find((g) => g.userId === job.userId && g.key === k)?.id ?? null,
    };
  });
}
