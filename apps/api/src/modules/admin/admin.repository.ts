import { desc, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsText as contains, idMatches } from '../../lib/text-match';
import { imagesFor, listVehicles } from '../vehicles/vehicles.repository';
import { maintenanceAppointments, users, vehicles } from '../../db/schema';

/** How many rows were created in the last window and in the window before it. */
export interface WindowCounts {
  total: number;
  current: number;
  previous: number;
}

export interface Windows {
  /** Start of the last 30 days (ISO). */
  currentFrom: string;
  /** Start of the 30 days before (ISO). */
  previousFrom: string;
}

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`.mapWith(Number);

function windowCounts(createdAt: AnyColumn, w: Windows, extra?: SQL) {
  const inCurrent = sql`${createdAt} >= ${w.currentFrom}::timestamptz`;
  const inPrevious = sql`${createdAt} >= ${w.previousFrom}::timestamptz and ${createdAt} < ${w.currentFrom}::timestamptz`;
  return {
    total: extra ? countWhere(extra) : sql<number>`count(*)::int`.mapWith(Number),
    current: countWhere(extra ? sql`${extra} and ${inCurrent}` : inCurrent),
    previous: countWhere(extra ? sql`${extra} and ${inPrevious}` : inPrevious),
  };
}

export async function vehicleCounts(db: Executor, w: Windows): Promise<{ all: WindowCounts; pending: WindowCounts }> {
  const all = windowCounts(vehicles.createdAt, w);
  const pending = windowCounts(vehicles.createdAt, w, sql`${vehicles.status} = 'pending'`);
  const [row] = await db
    .select({
      total: all.total,
      current: all.current,
      previous: all.previous,
      pendingTotal: pending.total,
      pendingCurrent: pending.current,
      pendingPrevious: pending.previous,
    })
    .from(vehicles);
  return {
    all: { total: row!.total, current: row!.current, previous: row!.previous },
    pending: { total: row!.pendingTotal, current: row!.pendingCurrent, previous: row!.pendingPrevious },
  };
}

export async function appointmentCounts(db: Executor, w: Windows): Promise<WindowCounts> {
  const counts = windowCounts(maintenanceAppointments.createdAt, w);
  const [row] = await db.select(counts).from(maintenanceAppointments);
  return row!;
}

export async function activeUserCounts(db: Executor, w: Windows): Promise<WindowCounts> {
  const counts = windowCounts(users.createdAt, w);
  const [row] = await db.select(counts).from(users).where(eq(users.status, 'active'));
  return row!;
}

export function recentAppointments(db: Executor, limit: number) {
  return db
    .select()
    .from(maintenanceAppointments)
    .orderBy(desc(maintenanceAppointments.createdAt), desc(maintenanceAppointments.id))
    .limit(limit);
}

/** The newest listings of any status with their owners and, in one more query, all their photos. */
export async function recentVehicles(db: Executor, limit: number) {
  const rows = await listVehicles(db, { publicOnly: false }, { sort: 'createdAt:desc', offset: 0, limit });
  const images = await imagesFor(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ row, images: images.get(row.id) ?? [] }));
}

export function recentUsers(db: Executor, limit: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, avatarKey: users.avatarKey, createdAt: users.createdAt })
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

export async function search(db: Executor, q: string, limit: number) {
  const [vehicleRows, appointmentRows, userRows] = await Promise.all([
    db
      .select({
        id: vehicles.id,
        title: vehicles.title,
        make: vehicles.make,
        model: vehicles.model,
        year: vehicles.year,
        status: vehicles.status,
      })
      .from(vehicles)
      .where(
        or(
          contains(vehicles.title, q),
          contains(vehicles.make, q),
          contains(vehicles.model, q),
          contains(sql`${vehicles.make} || ' ' || ${vehicles.model}`, q),
          idMatches(vehicles.id, q),
        ),
      )
      .orderBy(desc(vehicles.createdAt), desc(vehicles.id))
      .limit(limit),
    db
      .select({
        id: maintenanceAppointments.id,
        specificService: maintenanceAppointments.specificService,
        customerName: maintenanceAppointments.customerName,
        appointmentDate: maintenanceAppointments.appointmentDate,
        status: maintenanceAppointments.status,
      })
      .from(maintenanceAppointments)
      .where(
        or(
          contains(maintenanceAppointments.specificService, q),
          contains(maintenanceAppointments.customerName, q),
          contains(maintenanceAppointments.customerEmail, q),
          contains(maintenanceAppointments.vehicleRegistration, q),
          contains(sql`${maintenanceAppointments.vehicleMake} || ' ' || ${maintenanceAppointments.vehicleModel}`, q),
          idMatches(maintenanceAppointments.id, q),
        ),
      )
      .orderBy(desc(maintenanceAppointments.createdAt), desc(maintenanceAppointments.id))
      .limit(limit),
    db
      .select({ id: users.id, name: users.name, email: users.email, status: users.status })
      .from(users)
      .where(or(contains(users.name, q), contains(users.email, q), contains(users.username, q), idMatches(users.id, q)))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit),
  ]);
  return { vehicleRows, appointmentRows, userRows };
}
