import { and, gte, lte, sql } from 'drizzle-orm';
import { WORKSHOP_RESOURCES, type WorkshopReportPeriod, type WorkshopResource } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { maintenanceAppointments } from '../../db/schema';
import { OPEN_HOURS_A_DAY } from '../workshop-calendar';

/** A report's calendar days and how they are grouped. */
export interface ReportDays {
  from: string;
  to: string;
  period: WorkshopReportPeriod;
}

/** The first day of the week (Monday) or month holding a `date` column, as 'YYYY-MM-DD'. */
const periodOfDate = (period: WorkshopReportPeriod) =>
  sql<string>`to_char(date_trunc(${period}, ${maintenanceAppointments.appointmentDate}::timestamp), 'YYYY-MM-DD')`;

/**
 * Hours booked per period and resource: every job dated in the range that was not cancelled (pending,
 * scheduled or completed), an hourly job its hours, a job of working days a whole opening day each.
 * A job is counted in the period of its first day. One grouped statement on the appointments' date index.
 */
export async function bookedHoursByPeriod(db: Executor, days: ReportDays): Promise<{ start: string; resource: WorkshopResource; hours: number }[]> {
  const t = maintenanceAppointments;
  const rows = await db
    .select({
      start: periodOfDate(days.period),
      resource: t.resource,
      hours: sql<number>`sum(case when ${t.durationUnit} = 'hours' then ${t.durationAmount} else ${t.durationAmount} * ${OPEN_HOURS_A_DAY} end)::int`.mapWith(Number),
    })
    .from(t)
    .where(and(gte(t.appointmentDate, days.from), lte(t.appointmentDate, days.to), sql`${t.status} <> 'Cancelled'`))
    .groupBy(sql`1`, sql`2`);
  return rows.filter((r) => (WORKSHOP_RESOURCES as readonly string[]).includes(r.resource));
}

/**
 * Per period, the jobs dated in it that came to an end (completed, or closed as a no-show) and how many
 * of them were no-shows. Jobs still open or cancelled by the customer are neither.
 */
export async function jobEndingsByPeriod(db: Executor, days: ReportDays): Promise<{ start: string; jobs: number; noShows: number }[]> {
  const t = maintenanceAppointments;
  return db
    .select({
      start: periodOfDate(days.period),
      jobs: sql<number>`count(*)::int`.mapWith(Number),
      noShows: sql<number>`(count(*) filter (where ${t.stage} = 'No-show'))::int`.mapWith(Number),
    })
    .from(t)
    .where(
      and(
        gte(t.appointmentDate, days.from),
        lte(t.appointmentDate, days.to),
        sql`(${t.status} = 'Completed' or ${t.stage} = 'No-show')`,
      ),
    )
    .groupBy(sql`1`);
}
