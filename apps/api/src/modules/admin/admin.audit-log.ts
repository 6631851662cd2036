import { eq, inArray } from 'drizzle-orm';
import { formatLongDate, type AuditLogEntry, type AuditLogKind } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { invoices, maintenanceAppointments, users, vehicleHolds, vehicles } from '../../db/schema';
import { pageMeta } from '../../http/envelope';
import { listAuditLog } from '../audit';
import { vehicleTitles } from '../vehicles';
import { addDays, workshopTimeToInstant } from '../workshop-calendar';
import { isUuid } from '../../infra/uuid';


export interface AuditLogRequest {
  person?: string;
  kind?: AuditLogKind;
  /** Days of the workshop's calendar, YYYY-MM-DD, both included. */
  dateFrom?: string;
  dateTo?: string;
  page: number;
  limit: number;
}

/** What the records kept once for the whole site (one row of settings) are called. */
const SINGLE_RECORDS: Partial<Record<AuditLogKind, string>> = {
  workshop_settings: 'Resources and service durations',
  test_drive_settings: 'Opening days, hours and demonstrators',
};

/**
 * What each record of a page of entries is called now: a listing's title, a booking's service and
 * customer, an account's name, a hold's car and customer.
 */
async function currentLabels(db: Executor, entries: { entityType: string; entityId: string }[]): Promise<Map<string, string>> {
  const idsOf = (type: string) => [...new Set(entries.filter((e) => e.entityType === type && isUuid(e.entityId)).map((e) => e.entityId))];
  const [vehicleIds, appointmentIds, userIds, holdIds, invoiceIds] = [idsOf('vehicle'), idsOf('maintenance'), idsOf('user'), idsOf('reservation'), idsOf('invoice')];
  const [vehicleRows, appointmentRows, userRows, holdRows, invoiceRows] = await Promise.all([
    vehicleTitles(db, vehicleIds),
    appointmentIds.length
      ? db
          .select({ id: maintenanceAppointments.id, service: maintenanceAppointments.specificService, customer: maintenanceAppointments.customerName })
          .from(maintenanceAppointments)
          .where(inArray(maintenanceAppointments.id, appointmentIds))
      : [],
    userIds.length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)) : [],
    holdIds.length
      ? db
          .select({ id: vehicleHolds.id, car: vehicles.title, customer: users.name })
          .from(vehicleHolds)
          .innerJoin(vehicles, eq(vehicles.id, vehicleHolds.vehicleId))
          .innerJoin(users, eq(users.id, vehicleHolds.userId))
          .where(inArray(vehicleHolds.id, holdIds))
      : [],
    invoiceIds.length ? db.select({ id: invoices.id, number: invoices.number, kind: invoices.kind }).from(invoices).where(inArray(invoices.id, invoiceIds)) : [],
  ]);
  return new Map([
    ...vehicleRows.map((v) => [`vehicle:${v.id}`, v.title] as const),
    ...appointmentRows.map((a) => [`maintenance:${a.id}`, `${a.service} for ${a.customer}`] as const),
    ...userRows.map((u) => [`user:${u.id}`, u.name] as const),
    ...holdRows.map((h) => [`reservation:${h.id}`, `${h.car} held for ${h.customer}`] as const),
    ...invoiceRows.map((i) => [`invoice:${i.id}`, `${i.kind} ${i.number}`] as const),
  ]);
}

function labelOf(entry: { entityType: string; entityId: string }, labels: Map<string, string>): string | null {
  if (entry.entityType === 'closure_day') return formatLongDate(entry.entityId) || null;
  return SINGLE_RECORDS[entry.entityType as AuditLogKind] ?? labels.get(`${entry.entityType}:${entry.entityId}`) ?? null;
}

/** A page of the site-wide audit log, each entry with its record's current name (null: the record is gone). */
export async function auditLogPage(db: Executor, timeZone: string, query: AuditLogRequest) {
  const { entries, total } = await listAuditLog(db, {
    person: query.person,
    entityType: query.kind,
    since: query.dateFrom ? workshopTimeToInstant(query.dateFrom, 0, timeZone) : undefined,
    until: query.dateTo ? workshopTimeToInstant(addDays(query.dateTo, 1), 0, timeZone) : undefined,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  const labels = await currentLabels(db, entries);
  const data: AuditLogEntry[] = entries.map((entry) => ({
    ...entry,
    entityLabel: labelOf(entry, labels),
  }));
  return { data, meta: pageMeta(query.page, query.limit, total) };
}
