import { and, count, gte, isNotNull, lt } from 'drizzle-orm';
import { LEAD_SOURCES, LEAD_STATUSES, type SalesReport } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { leads } from '../../db/schema';
import { listClosures, openingMinutesBetween, workshopMoment } from '../workshop-calendar';

/** The middle value (the mean of the two middle ones for an even count); null for none. */
function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The leads that came in during `range` (`end` excluded), as they stand now: by source and status (one grouped count on
 * leads_created_idx), how many were Won, and the median time to their first answer in the workshop's
 * opening hours, the clock their `respond_by` runs on (closure days as known now). Only the answered
 * leads' two instants are read for that, and the range is bounded (REPORT_RANGE.maxDays).
 */
export async function leadFigures(db: Executor, range: { start: Date; end: Date }, timeZone: string): Promise<SalesReport['leads']> {
  const inRange = and(gte(leads.createdAt, range.start), lt(leads.createdAt, range.end));
  const [groups, answered, closures] = await Promise.all([
    db.select({ source: leads.source, status: leads.status, n: count() }).from(leads).where(inRange).groupBy(leads.source, leads.status),
    db
      .select({ createdAt: leads.createdAt, firstResponseAt: leads.firstResponseAt })
      .from(leads)
      .where(and(inRange, isNotNull(leads.firstResponseAt))),
    listClosures(db, workshopMoment(range.start, timeZone).date),
  ]);
  const bySource = new Map<string, number>();
  const byStatus = new Map<string, number>();
  let total = 0;
  for (const { source, status, n } of groups) {
    const leadsOf = Number(n);
    total += leadsOf;
    bySource.set(source, (bySource.get(source) ?? 0) + leadsOf);
    byStatus.set(status, (byStatus.get(status) ?? 0) + leadsOf);
  }
  const closed = new Set(closures.map((c) => c.date));
  const minutes = answered.map((row) => openingMinutesBetween(row.createdAt, row.firstResponseAt!, timeZone, closed));
  const won = byStatus.get('Won') ?? 0;
  return {
    total,
    bySource: LEAD_SOURCES.map((source) => ({ source, leads: bySource.get(source) ?? 0 })),
    byStatus: LEAD_STATUSES.map((status) => ({ status, leads: byStatus.get(status) ?? 0 })),
    won,
    wonShare: total === 0 ? null : won / total,
    firstResponse: { answered: answered.length, unanswered: total - answered.length, medianMinutes: median(minutes) },
  };
}
