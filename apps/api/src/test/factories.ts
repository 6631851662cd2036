import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { BookingRequest, Role, UserStatus } from '@dealer/shared';
import { maintenanceAppointments, users, vehicleImages, vehicles } from '../db/schema';
import { hashPassword } from '../infra/passwords';
import { holdPlacesOf } from '../modules/maintenance';
import type { TestContext } from './harness';
import { bearerFor } from './sessions';

/**
 * The data factories the tests and the demo seed share. `*Row` builds a row to insert (defaults for
 * what the caller does not say); `create*` inserts one into a test's database; `*Fields`/`*Body`
 * build request bodies. The row builders import nothing test-only: the seed ships with the server.
 */

let counter = 0;
function next(): number {
  counter += 1;
  return counter;
}
/** With a random tail, so names stay unique when the counter starts again (another process, a reused database). */
function uniqueSuffix(n: number): string {
  return `${n}${randomUUID().slice(0, 6)}`;
}

export type UserRow = typeof users.$inferInsert;
export type VehicleRow = typeof vehicles.$inferInsert;
export type AppointmentRow = typeof maintenanceAppointments.$inferInsert;

const PASSWORD_HASHES = new Map<string, Promise<string>>();
/** Hashing is slow on purpose: one hash per password for the whole run. */
export function passwordHashOf(password: string): Promise<string> {
  if (!PASSWORD_HASHES.has(password)) PASSWORD_HASHES.set(password, hashPassword(password));
  return PASSWORD_HASHES.get(password)!;
}

/** An account row: a fresh username and e-mail unless given. */
export function userRow(values: Partial<UserRow> & { passwordHash: string }): UserRow {
  const n = next();
  const suffix = uniqueSuffix(n);
  return {
    username: `user${suffix}`,
    email: `user${suffix}@example.com`,
    name: `Test User ${n}`,
    phone: '+1 555 0100 200',
    address: '1 Test Street',
    role: 'USER',
    status: 'active',
    ...values,
  };
}

/** A listing row (a 2020 Toyota Corolla for sale unless told otherwise). */
export function vehicleRow(values: Partial<VehicleRow> = {}): VehicleRow {
  const n = next();
  return { title: `Test car ${n}`, make: 'Toyota', model: 'Corolla', year: 2020, price: 15000, status: 'available', ...values };
}

export interface AppointmentParts {
  customer?: { name: string; email: string; phone: string };
  vehicle?: { make: string; model: string; year: string; registration: string };
}

/** A maintenance appointment row; `customer` and `vehicle` come nested as in a booking. */
export function appointmentRow({
  customer,
  vehicle,
  ...values
}: Partial<AppointmentRow> & AppointmentParts = {}): AppointmentRow {
  const n = next();
  return {
    maintenanceType: 'routine',
    specificService: 'Oil Change',
    appointmentDate: '2026-03-10',
    appointmentTime: '10:00 AM',
    vehicleMake: vehicle?.make ?? 'Honda',
    vehicleModel: vehicle?.model ?? 'Civic',
    vehicleYear: vehicle?.year ?? '2018',
    vehicleRegistration: vehicle?.registration ?? `REG${n}`,
    customerName: customer?.name ?? `Customer ${n}`,
    customerEmail: customer?.email ?? `customer${n}@example.com`,
    customerPhone: customer?.phone ?? '5550001111',
    ...values,
  };
}

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  role: Role;
  token: string;
  auth: { authorization: string };
}

export interface UserOverrides {
  role?: Role;
  status?: UserStatus;
  password?: string;
  username?: string;
  email?: string;
  name?: string;
  phone?: string;
}

/** Inserts a user straight into the database and starts a session for them (its access token). */
export async function createUser(ctx: TestContext, overrides: UserOverrides = {}): Promise<TestUser> {
  const { password = 'Password123!', ...values } = overrides;
  const [row] = await ctx.database.db
    .insert(users)
    .values(userRow({ ...values, passwordHash: await passwordHashOf(password) }))
    .returning();
  const auth = await bearerFor(ctx, { id: row!.id, role: row!.role });
  return {
    id: row!.id,
    username: row!.username,
    email: row!.email,
    password,
    role: row!.role,
    token: auth.authorization.slice('Bearer '.length),
    auth,
  };
}

export function createAdmin(ctx: TestContext, overrides: Omit<UserOverrides, 'role'> = {}): Promise<TestUser> {
  return createUser(ctx, { ...overrides, role: 'ADMIN' });
}

/** Moves a user's creation date (createUser inserts them "now"). */
export async function setUserCreatedAt(ctx: TestContext, userId: string, createdAt: Date | string): Promise<void> {
  await ctx.database.db
    .update(users)
    .set({ createdAt: new Date(createdAt) })
    .where(eq(users.id, userId));
}

/** Inserts a listing straight into the database. */
export async function createVehicle(ctx: TestContext, values: Partial<VehicleRow> = {}): Promise<typeof vehicles.$inferSelect> {
  const [row] = await ctx.database.db.insert(vehicles).values(vehicleRow(values)).returning();
  return row!;
}

/** Inserts listings in one statement (fast; for list, filter and sort tests); answers their ids. */
export async function createVehicles(ctx: TestContext, rows: Partial<VehicleRow>[]): Promise<string[]> {
  const inserted = await ctx.database.db
    .insert(vehicles)
    .values(rows.map((row) => vehicleRow(row)))
    .returning({ id: vehicles.id });
  return inserted.map((r) => r.id);
}

export async function createVehicleImage(ctx: TestContext, vehicleId: string, position: number, key: string): Promise<void> {
  await ctx.database.db.insert(vehicleImages).values({ vehicleId, position, key, width: 1600, height: 1200 });
}

/** Inserts a maintenance appointment straight into the database. */
export async function createAppointment(
  ctx: TestContext,
  values: Partial<AppointmentRow> & AppointmentParts = {},
): Promise<typeof maintenanceAppointments.$inferSelect> {
  const [row] = await ctx.database.db.insert(maintenanceAppointments).values(appointmentRow(values)).returning();
  return row!;
}

/**
 * Inserts an appointment holding a place in its slot, as a booking does, but past the booking rules
 * (an hour that has already gone, say).
 */
export async function createBookedAppointment(
  ctx: TestContext,
  values: Partial<AppointmentRow> & AppointmentParts = {},
): Promise<typeof maintenanceAppointments.$inferSelect> {
  const row = appointmentRow(values);
  return ctx.database.db.transaction(async (tx) => {
    const [inserted] = await tx.insert(maintenanceAppointments).values(row).returning();
    await holdPlacesOf(tx, inserted!, ctx.config.SLOT_CAPACITY);
    return inserted!;
  });
}

/** The fields a listing needs (JSON or multipart strings). */
export function vehicleFields(overrides: Record<string, string> = {}): Record<string, string> {
  return { make: 'Toyota', model: 'Camry', year: '2020', price: '25000', title: 'Toyota Camry SE', ...overrides };
}

/** A listing with every detail a seller usually fills in. */
export function fullVehicleFields(overrides: Record<string, string> = {}): Record<string, string> {
  return vehicleFields({
    title: 'Quality Test Car',
    model: 'Corolla',
    year: '2019',
    price: '15000',
    mileage: '42000',
    fuelType: 'Petrol',
    transmission: 'Automatic',
    condition: 'Good',
    description: 'A reliable car used by the quality suites.',
    ...overrides,
  });
}

/** Valid sign-up fields with a fresh username and e-mail. */
export function registrationFields(overrides: Record<string, string> = {}): Record<string, string> {
  const suffix = uniqueSuffix(next());
  return {
    username: `reg_${suffix}`,
    name: `Reg User ${suffix}`,
    phone: '+1 555 0100 400',
    email: `reg_${suffix}@example.com`,
    address: '5 Register Road',
    password: 'Password123!',
    confirmPassword: 'Password123!',
    ...overrides,
  };
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/** A valid POST api/maintenance body; nested overrides merge. */
export function bookingBody(overrides: DeepPartial<BookingRequest> & Record<string, unknown> = {}): Record<string, unknown> {
  const { vehicle, customer, ...rest } = overrides;
  return {
    maintenanceType: 'routine',
    specificService: 'Oil Change',
    appointmentDate: '2026-06-11',
    appointmentTime: '10:00 AM',
    additionalNotes: 'Please check the tyre pressure too.',
    ...rest,
    vehicle: { make: 'Toyota', model: 'Corolla', year: '2019', registration: 'ABC-1234', ...(vehicle as object) },
    customer: { name: 'Jane Cooper', email: 'jane@example.com', phone: '+1 555 010 0101', ...(customer as object) },
  };
}

/** `count` bookable calendar dates (no Sundays) starting `fromDays` from now, as YYYY-MM-DD. */
export function futureBookingDates(count: number, fromDays = 2): string[] {
  const out: string[] = [];
  for (let d = fromDays; out.length < count; d += 1) {
    const date = new Date(Date.now() + d * 86_400_000);
    if (date.getUTCDay() !== 0) out.push(date.toISOString().slice(0, 10));
  }
  return out;
}
