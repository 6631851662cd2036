import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { WorkshopReportPeriod } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { estimateLines, estimates } from '../../db/schema';

interface ReportInstants {
  start: Date;
  end: Date;
  period: WorkshopReportPeriod;
  timeZone: string;
}

/**
 * Per period, the estimates the customer decided in [start, end): how many, their lines' amounts before
 * tax (all, and approved), and the median hours from sending to the decision. Lines are summed per
 * estimate first, so the median counts each estimate once.
 */
export async function estimateDecisionsByPeriod(db: Executor, range: ReportInstants) {
  const decided = db
    .select({
      id: estimates.id,
      start: sql<string>`to_char(date_trunc(${range.period}, ${estimates.decidedAt} at time zone ${range.timeZone}), 'YYYY-MM-DD')`.as('start'),
      hours: sql<number>`extract(epoch from ${estimates.decidedAt} - ${estimates.sentAt}) / 3600`.as('hours'),
      estimated: sql<number>`sum(${estimateLines.amountCents})`.as('estimated'),
      approved: sql<number>`coalesce(sum(${estimateLines.amountCents}) filter (where ${estimateLines.decision} = 'Approved'), 0)`.as('approved'),
    })
    .from(estimates)
    .innerJoin(estimateLines, eq(estimateLines.estimateId, estimates.id))
    .where(and(eq(estimates.status, 'Decided'), gte(estimates.decidedAt, range.start), lt(estimates.decidedAt, range.end)))
    .groupBy(estimates.id)
    .as('decided');
  return db
    .select({
      start: decided.start,
      decided: sql<number>`count(*)::int`.mapWith(Number),
      estimatedCents: sql<number>`sum(${decided.estimated})::bigint`.mapWith(Number),
      approvedCents: sql<number>`sum(${decided.approved})::bigint`.mapWith(Number),
      medianHours: sql<string | null>`percentile_cont(0.5) within group (order by ${decided.hours})`,
    })
    .from(decided)
    .groupBy(decided.start);
}
