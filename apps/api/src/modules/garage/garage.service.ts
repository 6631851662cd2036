import {
  GARAGE_LIMITS,
  GARAGE_MESSAGES,
  registrationKeyOf,
  type GarageVehicle,
  type GarageVehicleFields,
} from '@dealer/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { ConflictError, NotFoundError } from '../../infra/errors';
import { isUuid } from '../../infra/uuid';
import type { AuthUser } from '../auth';
import * as repo from './garage.repository';
import type { GarageVehicleRow } from './garage.repository';

const M = GARAGE_MESSAGES;

/** A vehicle as a booking names it. */
export interface BookedVehicle {
  make: string;
  model: string;
  year: string;
  registration: string;
}

/**
 * What My Garage reads of the other domains, by the customer and their vehicles' registration keys;
 * given at the composition root. Each returns its rows with the registration key they belong to.
 */
export interface GarageHistorySources {
  /** Maintenance: the customer's appointments for these vehicles. */
  jobs(db: Executor, userId: string, keys: readonly string[]): Promise<
    { id: string; registrationKey: string; maintenanceType: string; specificService: string; appointmentDate: string; appointmentTime: string; status: GarageVehicle['history']['jobs'][number]['status'] }[]
  >;
  /** Workshop: odometer readings taken at the check-ins of the customer's appointments. */
  readings(db: Executor, userId: string, keys: readonly string[]): Promise<{ appointmentId: string; registrationKey: string; odometer: number; readAt: Date }[]>;
  /** Invoices: the customer's invoices and credit notes for these vehicles. */
  invoices(db: Executor, userId: string, keys: readonly string[]): Promise<
    { id: string; registrationKey: string; number: string; kind: 'Invoice' | 'Credit note'; issuedAt: Date; totalCents: number; balanceCents: number }[]
  >;
  /** Estimates: declined lines no later job has done. */
  recommendedWork(db: Executor, userId: string, keys: readonly string[]): Promise<
    { id: string; registrationKey: string; description: string; amountCents: number; specificService: string; declinedAt: Date }[]
  >;
  /** Maintenance: each vehicle the customer has booked for, once per registration (to fill the garage the first time). */
  bookedVehicles(db: Executor, userId: string): Promise<BookedVehicle[]>;
}

export type GarageDeps = Pick<AppDeps, 'db' | 'clock'> & { history: GarageHistorySources };

const groupBy = <T extends { registrationKey: string }>(rows: readonly T[]) => {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(row.registrationKey, [...(map.get(row.registrationKey) ?? []), row]);
  return map;
};

/** A booking's vehicle as a garage row (no VIN or mileage: the customer adds them). */
const bookedRow = (userId: string, vehicle: BookedVehicle, at: Date): repo.NewGarageVehicleRow => ({
  userId,
  make: vehicle.make,
  model: vehicle.model,
  year: vehicle.year,
  registration: vehicle.registration,
  registrationKey: registrationKeyOf(vehicle.registration),
  createdAt: at,
  updatedAt: at,
});

/**
 * Adds a booking's vehicle to the customer's garage when its registration is new there (and the
 * garage has room), inside the booking's transaction. Given to maintenance at the composition root.
 */
export async function addBookedVehicle(tx: Executor, booking: BookedVehicle & { userId: string }, at: Date): Promise<void> {
  const key = registrationKeyOf(booking.registration);
  if (!key) return;
  await repo.lockGarage(tx, booking.userId);
  if (await repo.findByRegistrationKey(tx, booking.userId, key)) return;
  if ((await repo.countGarageVehicles(tx, booking.userId)) >= GARAGE_LIMITS.vehiclesMax) return;
  await repo.insertNewGarageVehicles(tx, [bookedRow(booking.userId, booking, at)]);
}

/**
 * My Garage: the customer's vehicles, built from their bookings (each booking adds its vehicle; the
 * bookings made before the garage existed fill it on the first read), editable and removable, each
 * with its service history. A customer sees and changes only their own: another's is not found.
 */
export function createGarageService(deps: GarageDeps) {
  const { db, clock, history } = deps;

  /** Fills the garage from the customer's bookings once; a vehicle removed afterwards stays removed. */
  async function backfill(userId: string): Promise<void> {
    if (await repo.isBackfilled(db, userId)) return;
    await db.transaction(async (tx) => {
      await repo.lockGarage(tx, userId);
      if (await repo.isBackfilled(tx, userId)) return;
      const now = clock.now();
      const present = new Set((await repo.listGarageVehicles(tx, userId)).map((v) => v.registrationKey));
      const room = Math.max(0, GARAGE_LIMITS.vehiclesMax - present.size);
      const added = (await history.bookedVehicles(tx, userId))
        .filter((v) => !present.has(registrationKeyOf(v.registration)))
        .slice(0, room)
        // A millisecond apart, so the garage keeps the bookings' order.
        .map((v, i) => bookedRow(userId, v, new Date(now.getTime() + i)));
      await repo.insertNewGarageVehicles(tx, added);
      await repo.markBackfilled(tx, userId, now);
    });
  }

  /** The vehicles with their history, read in one query per source. */
  async function withHistory(userId: string, rows: readonly GarageVehicleRow[]): Promise<GarageVehicle[]> {
    const keys = [...new Set(rows.map((r) => r.registrationKey))];
    const [jobs, readings, invoices, work] = await Promise.all([
      history.jobs(db, userId, keys),
      history.readings(db, userId, keys),
      history.invoices(db, userId, keys),
      history.recommendedWork(db, userId, keys),
    ]);
    const jobsBy = groupBy(jobs);
    const readingsBy = groupBy(readings);
    const invoicesBy = groupBy(invoices);
    const workBy = groupBy(work);
    return rows.map((row) => {
      const own = readingsBy.get(row.registrationKey) ?? [];
      const odometerOf = new Map(own.map((r) => [r.appointmentId, r.odometer]));
      const last = own.reduce<(typeof own)[number] | null>((latest, r) => (!latest || r.readAt > latest.readAt ? r : latest), null);
      return {
        _id: row.id,
        make: row.make,
        model: row.model,
        year: row.year,
        registration: row.registration,
        vin: row.vin,
        mileage: row.mileage,
        mileageAt: row.mileageAt?.toISOString() ?? null,
        currentMileage: currentMileage(row, last),
        history: {
          jobs: (jobsBy.get(row.registrationKey) ?? []).map((j) => ({
            _id: j.id,
            maintenanceType: j.maintenanceType,
            specificService: j.specificService,
            appointmentDate: j.appointmentDate,
            appointmentTime: j.appointmentTime,
            status: j.status,
            odometer: odometerOf.get(j.id) ?? null,
          })),
          readings: own.map((r) => ({ appointmentId: r.appointmentId, odometer: r.odometer, readAt: r.readAt.toISOString() })),
          invoices: (invoicesBy.get(row.registrationKey) ?? []).map((i) => ({
            _id: i.id,
            number: i.number,
            kind: i.kind,
            issuedAt: i.issuedAt.toISOString(),
            totalCents: i.totalCents,
            balanceCents: i.balanceCents,
          })),
          recommendedWork: (workBy.get(row.registrationKey) ?? []).map((w) => ({
            _id: w.id,
            description: w.description,
            amountCents: w.amountCents,
            specificService: w.specificService,
            declinedAt: w.declinedAt.toISOString(),
          })),
        },
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  async function one(userId: string, id: string): Promise<GarageVehicle> {
    const row = isUuid(id) ? await repo.findGarageVehicle(db, userId, id) : null;
    if (!row) throw new NotFoundError(M.notFound);
    return (await withHistory(userId, [row]))[0]!;
  }

  /** Refuses a registration another vehicle of the garage already has. */
  async function assertRegistrationFree(tx: Executor, userId: string, key: string, exceptId: string | null) {
    const existing = await repo.findByRegistrationKey(tx, userId, key);
    if (existing && existing.id !== exceptId) throw new ConflictError(M.duplicate, { registration: M.duplicate });
  }

  const fieldsOf = (input: GarageVehicleFields) => ({
    make: input.make,
    model: input.model,
    year: input.year,
    registration: input.registration,
    registrationKey: registrationKeyOf(input.registration),
    vin: input.vin ?? null,
    mileage: input.mileage ?? null,
  });

  return {
    async list(user: AuthUser): Promise<GarageVehicle[]> {
      await backfill(user.id);
      return withHistory(user.id, await repo.listGarageVehicles(db, user.id));
    },

    async get(user: AuthUser, id: string): Promise<GarageVehicle> {
      await backfill(user.id);
      return one(user.id, id);
    },

    async add(user: AuthUser, input: GarageVehicleFields): Promise<GarageVehicle> {
      // The bookings come first, so a registration they hold is found taken.
      await backfill(user.id);
      const row = await db.transaction(async (tx) => {
        await repo.lockGarage(tx, user.id);
        const fields = fieldsOf(input);
        await assertRegistrationFree(tx, user.id, fields.registrationKey, null);
        if ((await repo.countGarageVehicles(tx, user.id)) >= GARAGE_LIMITS.vehiclesMax) throw new ConflictError(M.full);
        const now = clock.now();
        return repo.insertGarageVehicle(tx, { ...fields, userId: user.id, mileageAt: fields.mileage === null ? null : now, createdAt: now, updatedAt: now });
      });
      return one(user.id, row.id);
    },

    async update(user: AuthUser, id: string, input: GarageVehicleFields): Promise<GarageVehicle> {
      if (!isUuid(id)) throw new NotFoundError(M.notFound);
      await db.transaction(async (tx) => {
        await repo.lockGarage(tx, user.id);
        const current = await repo.findGarageVehicle(tx, user.id, id);
        if (!current) throw new NotFoundError(M.notFound);
        const fields = fieldsOf(input);
        await assertRegistrationFree(tx, user.id, fields.registrationKey, id);
        const now = clock.now();
        // The figure's date moves only when the customer gives a new one.
        const mileageAt = fields.mileage === null ? null : fields.mileage === current.mileage ? current.mileageAt : now;
        await repo.updateGarageVehicle(tx, user.id, id, { ...fields, mileageAt, updatedAt: now });
      });
      return one(user.id, id);
    },

    async remove(user: AuthUser, id: string): Promise<void> {
      if (!isUuid(id) || !(await repo.deleteGarageVehicle(db, user.id, id))) throw new NotFoundError(M.notFound);
    },
  };
}

/** The later of the customer's figure and the last check-in reading (by when each was taken). */
function currentMileage(row: GarageVehicleRow, last: { odometer: number; readAt: Date } | null): GarageVehicle['currentMileage'] {
  const customer = row.mileage !== null && row.mileageAt ? { miles: row.mileage, at: row.mileageAt } : null;
  if (last && (!customer || last.readAt > customer.at)) return { miles: last.odometer, at: last.readAt.toISOString(), source: 'check-in' };
  return customer ? { miles: customer.miles, at: customer.at.toISOString(), source: 'customer' } : null;
}

export type GarageService = ReturnType<typeof createGarageService>;
