import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { WorkshopReportPeriod } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { invoices, users } from '../../db/schema';

interface ReportInstants {
  start: Date;
  end: Date;
  period: WorkshopReportPeriod;
  timeZone: string;
}

/** The first day of the week or month of an instant on the workshop's calendar, as 'YYYY-MM-DD'. */
const periodOf = (r: ReportInstants) =>
  sql<string>`to_char(date_trunc(${r.period}, ${invoices.issuedAt} at time zone ${r.timeZone}), 'YYYY-MM-DD')`;

/**
 * Revenue before tax from invoices issued in [start, end), per period and job category, and per
 * period and technician (credit notes count negative, in the period they were issued). Two grouped
 * statements on the invoices' issue-time index.
 */
export async function revenueByPeriod(db: Executor, range: ReportInstants) {
  const inRange = and(gte(invoices.issuedAt, range.start), lt(invoices.issuedAt, range.end));
  const cents = sql<number>`sum(${invoices.subtotalCents})::int`.mapWith(Number);
  const [byCategory, byTechnician] = await Promise.all([
    db
      .select({ start: periodOf(range), category: invoices.maintenanceType, cents })
      .from(invoices)
      .where(inRange)
      .groupBy(sql`1`, sql`2`),
    db
      .select({ start: periodOf(range), technician: sql<string>`coalesce(${users.name}, 'No technician')`, cents })
      .from(invoices)
      .leftJoin(users, eq(users.id, invoices.technicianId))
      .where(inRange)
      .groupBy(sql`1`, sql`2`),
  ]);
  return { byCategory, byTechnician };
}
