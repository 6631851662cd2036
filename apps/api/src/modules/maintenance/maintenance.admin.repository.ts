import { and, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { MaintenanceStatus } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { maintenanceAppointments } from '../../db/schema';
import { escapeLike, matchesTyped } from '../../infra/text-match';
import { windowCounts, type WindowCounts, type Windows } from '../../infra/window-counts';
import type { AppointmentRow } from './maintenance.mapper';

// What staff read across every customer: the filtered list, counts, the dashboard's figures, search.

export interface AdminListFilters {
  status?: MaintenanceStatus;
  dateFrom?: string;
  dateTo?: string;
  search?: string;
}

function adminConditions(filters: AdminListFilters, includeStatus: boolean): SQL | undefined {
  const t = maintenanceAppointments;
  const conditions: (SQL | undefined)[] = [];
  if (includeStatus && filters.status) conditions.push(eq(t.status, filters.status));
  if (filters.dateFrom) conditions.push(gte(t.appointmentDate, filters.dateFrom));
  if (filters.dateTo) conditions.push(lte(t.appointmentDate, filters.dateTo));
  const search = filters.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(
      or(
        ilike(t.customerName, pattern),
        ilike(t.customerEmail, pattern),
        ilike(t.vehicleMake, pattern),
        ilike(t.vehicleModel, pattern),
        ilike(t.vehicleRegistration, pattern),
        ilike(t.specificService, pattern),
        ilike(t.maintenanceType, pattern),
        sql`(${t.vehicleYear} || ' ' || ${t.vehicleMake} || ' ' || ${t.vehicleModel}) ILIKE ${pattern}`,
        sql`(${t.vehicleMake} || ' ' || ${t.vehicleModel}) ILIKE ${pattern}`,
        sql`${t.id}::text ILIKE ${pattern}`,
      ),
    );
  }
  return and(...conditions);
}

export async function listAllAppointments(
  db: Executor,
  filters: AdminListFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: AppointmentRow[]; total: number; statusCounts: Record<MaintenanceStatus, number> }> {
  const t = maintenanceAppointments;
  const where = adminConditions(filters, true);
  const [rows, [totalRow], countRows] = await Promise.all([
    db.select().from(t).where(where).orderBy(desc(t.createdAt), desc(t.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(t).where(where),
    db.select({ status: t.status, n: count() }).from(t).where(adminConditions(filters, false)).groupBy(t.status),
  ]);
  return { rows, total: totalRow?.n ?? 0, statusCounts: toStatusCounts(countRows) };
}

function toStatusCounts(rows: { status: MaintenanceStatus; n: number }[]): Record<MaintenanceStatus, number> {
  const counts: Record<MaintenanceStatus, number> = { Pending: 0, Scheduled: 0, Completed: 0, Cancelled: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

export async function countByStatus(db: Executor): Promise<Record<MaintenanceStatus, number>> {
  const t = maintenanceAppointments;
  const rows = await db.select({ status: t.status, n: count() }).from(t).groupBy(t.status);
  return toStatusCounts(rows);
}

/** A customer's appointments, newest first. */
export function listAppointmentsOfUser(db: Executor, userId: string) {
  return db
    .select()
    .from(maintenanceAppointments)
    .where(eq(maintenanceAppointments.userId, userId))
    .orderBy(desc(maintenanceAppointments.createdAt), desc(maintenanceAppointments.id));
}

/** How many appointments the user with this id has, as a column of the caller's own query. */
export function appointmentCountOf(userId: SQL) {
  return sql<number>`(select count(*)::int from ${maintenanceAppointments} as mc where mc.user_id = ${userId})`.mapWith(Number);
}

export async function countAppointmentsByWindow(db: Executor, w: Windows): Promise<WindowCounts> {
  const counts = windowCounts(maintenanceAppointments.createdAt, w);
  const [row] = await db.select(counts).from(maintenanceAppointments);
  return row!;
}

export function recentAppointments(db: Executor, limit: number) {
  return db
    .select()
    .from(maintenanceAppointments)
    .orderBy(desc(maintenanceAppointments.createdAt), desc(maintenanceAppointments.id))
    .limit(limit);
}

/** Appointments whose service, customer, registration, vehicle or id match what an admin typed, newest first. */
export function searchAppointments(db: Executor, q: string, limit: number) {
  return db
    .select({
      id: maintenanceAppointments.id,
      specificService: maintenanceAppointments.specificService,
      customerName: maintenanceAppointments.customerName,
      appointmentDate: maintenanceAppointments.appointmentDate,
      status: maintenanceAppointments.status,
    })
    .from(maintenanceAppointments)
    .where(
      matchesTyped(
        q,
        [
          maintenanceAppointments.specificService,
          maintenanceAppointments.customerName,
          maintenanceAppointments.customerEmail,
          maintenanceAppointments.vehicleRegistration,
          sql`${maintenanceAppointments.vehicleMake} || ' ' || ${maintenanceAppointments.vehicleModel}`,
        ],
        maintenanceAppointments.id,
      ),
    )
    .orderBy(desc(maintenanceAppointments.createdAt), desc(maintenanceAppointments.id))
    .limit(limit);
}
