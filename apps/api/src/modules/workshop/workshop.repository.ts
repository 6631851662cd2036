import { and, asc, between, eq, inArray, max, ne, sql, type SQL } from 'drizzle-orm';
import type { FuelLevel } from '@dealer/shared';
import { anyOf } from '../../db/any-of';
import type { Executor } from '../../db/client';
import { maintenanceAppointments, users, workshopCheckInPhotos, workshopCheckIns } from '../../db/schema';
import type { AppointmentRow } from '../maintenance';

export type CheckInRow = typeof workshopCheckIns.$inferSelect & { checkedInBy: string | null };
export type CheckInPhotoRow = typeof workshopCheckInPhotos.$inferSelect;

/** A registration as the odometer history keys it: upper case, letters and digits only. */
export const registrationKey = (registration: string) => registration.toUpperCase().replace(/[^A-Z0-9]/g, '');

const a = maintenanceAppointments;
/** What a job on the floor is shown with: not the whole appointment, as a board reads hundreds of them. */
const floorColumns = {
  id: a.id,
  status: a.status,
  stage: a.stage,
  appointmentDate: a.appointmentDate,
  appointmentTime: a.appointmentTime,
  maintenanceType: a.maintenanceType,
  specificService: a.specificService,
  vehicleMake: a.vehicleMake,
  vehicleModel: a.vehicleModel,
  vehicleYear: a.vehicleYear,
  vehicleRegistration: a.vehicleRegistration,
  customerName: a.customerName,
  customerPhone: a.customerPhone,
  additionalNotes: a.additionalNotes,
  resource: a.resource,
  technician: a.technician,
  technicianId: a.technicianId,
};
export type FloorRow = Pick<AppointmentRow, keyof typeof floorColumns>;

/** The jobs on the floor between two dates (inclusive): appointments in a stage the board shows. */
export async function jobsBetween(db: Executor, from: string, to: string, where?: SQL): Promise<FloorRow[]> {
  const t = maintenanceAppointments;
  return db
    .select(floorColumns)
    .from(t)
    .where(and(between(t.appointmentDate, from, to), inArray(t.status, ['Scheduled', 'Completed']), where))
    .orderBy(asc(t.appointmentDate), asc(t.createdAt), asc(t.id));
}

export async function findJob(db: Executor, id: string): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(maintenanceAppointments).where(eq(maintenanceAppointments.id, id)).limit(1);
  return row;
}

/** The technicians assigned (by id) to jobs between two dates, by name, for the board's filter. */
export async function techniciansBetween(db: Executor, from: string, to: string): Promise<{ _id: string; name: string }[]> {
  const t = maintenanceAppointments;
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(t)
    .innerJoin(users, eq(users.id, t.technicianId))
    .where(and(between(t.appointmentDate, from, to), inArray(t.status, ['Scheduled', 'Completed'])))
    .groupBy(users.id, users.name);
  return rows.map((r) => ({ _id: r.id, name: r.name })).sort((a, b) => a.name.localeCompare(b.name));
}

export async function checkInsOf(db: Executor, ids: string[]): Promise<Map<string, CheckInRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ checkIn: workshopCheckIns, checkedInBy: users.name })
    .from(workshopCheckIns)
    .leftJoin(users, eq(users.id, workshopCheckIns.checkedInById))
    .where(anyOf(workshopCheckIns.appointmentId, ids, 'uuid'));
  return new Map(rows.map((r) => [r.checkIn.appointmentId, { ...r.checkIn, checkedInBy: r.checkedInBy }]));
}

export async function photosOf(db: Executor, ids: string[]): Promise<Map<string, CheckInPhotoRow[]>> {
  const result = new Map<string, CheckInPhotoRow[]>();
  if (ids.length === 0) return result;
  const rows = await db
    .select()
    .from(workshopCheckInPhotos)
    .where(anyOf(workshopCheckInPhotos.appointmentId, ids, 'uuid'))
    .orderBy(asc(workshopCheckInPhotos.appointmentId), asc(workshopCheckInPhotos.position));
  for (const row of rows) result.set(row.appointmentId, [...(result.get(row.appointmentId) ?? []), row]);
  return result;
}

/** The highest reading recorded for each car (by registration key), leaving out one appointment's own. */
export async function lastReadings(db: Executor, keys: string[], exceptAppointmentId?: string): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const c = workshopCheckIns;
  const rows = await db
    .select({ key: c.registrationKey, odometer: max(c.odometer) })
    .from(c)
    .where(and(anyOf(c.registrationKey, keys, 'text'), exceptAppointmentId ? ne(c.appointmentId, exceptAppointmentId) : undefined))
    .groupBy(c.registrationKey);
  return new Map(rows.filter((r) => r.odometer !== null).map((r) => [r.key, r.odometer!]));
}

/**
 * Serialises check-ins of one car until the transaction ends, so two readings taken at once are
 * compared with each other and not only with what was committed before.
 */
export async function lockCarReadings(db: Executor, key: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`workshop-odometer:${key}`}, 0))`);
}

export interface NewCheckIn {
  appointmentId: string;
  registrationKey: string;
  odometer: number;
  fuelLevel: FuelLevel;
  notes: string | null;
  checkedInById: string;
  photos: { key: string; width: number; height: number }[];
}

export async function insertCheckIn(db: Executor, input: NewCheckIn): Promise<void> {
  const { photos, ...checkIn } = input;
  await db.insert(workshopCheckIns).values(checkIn);
  if (photos.length > 0) {
    await db
      .insert(workshopCheckInPhotos)
      .values(photos.map((p, position) => ({ appointmentId: input.appointmentId, position, ...p })));
  }
}
