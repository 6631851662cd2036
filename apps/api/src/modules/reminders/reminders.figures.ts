import { and, gte, lt, sql } from 'drizzle-orm';
import { REMINDER_BOOKING_DAYS, type WorkshopReportPeriod } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { serviceReminders } from '../../db/schema';

interface ReportInstants {
  start: Date;
  end: Date;
  period: WorkshopReportPeriod;
  timeZone: string;
}

/** Per period, the reminder e-mails sent in [start, end) and those followed by a booking within REMINDER_BOOKING_DAYS. */
export async function remindersByPeriod(db: Executor, range: ReportInstants) {
  const t = serviceReminders;
  return db
    .select({
      start: sql<string>`to_char(date_trunc(${range.period}, ${t.sentAt} at time zone ${range.timeZone}), 'YYYY-MM-DD')`,
      sent: sql<number>`count(*)::int`.mapWith(Number),
      booked: sql<number>`(count(*) filter (where ${t.bookedAt} <= ${t.sentAt} + make_interval(days => ${REMINDER_BOOKING_DAYS})))::int`.mapWith(Number),
    })
    .from(t)
    .where(and(gte(t.sentAt, range.start), lt(t.sentAt, range.end)))
    .groupBy(sql`1`);
}
