import { REPORT_RANGE, reportDays, reportQuerySchema, reportRangeProblem, workshopReportQuerySchema, type SalesReport, type WorkshopReport } from '@dealer/shared';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../deps';
import { parseOrThrow, ValidationError } from '../../infra/errors';
import { addDays, workshopMoment, workshopTimeToInstant } from '../workshop-calendar';
import { salesReportCsv, workshopReportCsv } from './reports.csv';
import { workshopPeriods, type WorkshopFigures } from './reports.workshop';

type Range = { start: Date; end: Date };

/** What the reports read of the leads and vehicles domains (their figures, wired at the composition root). */
export interface ReportFigures {
  leads(db: Executor, range: Range, timeZone: string): Promise<SalesReport['leads']>;
  sales(db: Executor, range: Range): Promise<SalesReport['sales']>;
  stock(db: Executor, now: Date): Promise<Omit<SalesReport['stock'], 'asOf'>>;
  workshop: WorkshopFigures;
}

export type ReportsDeps = Pick<AppDeps, 'db' | 'clock' | 'config'> & { figures: ReportFigures };

/** The owner's figures: leads, first answers, sales and stock, for a range of the workshop's calendar days. */
export function createReportsService({ db, clock, config, figures }: ReportsDeps) {
  const tz = config.WORKSHOP_TZ;

  /** The days asked for, the last REPORT_RANGE.defaultDays up to `to` (today) when left out; 422 when out of bounds. */
  function daysOf(query: unknown, now: Date, schema: typeof reportQuerySchema | typeof workshopReportQuerySchema = reportQuerySchema) {
    const q = parseOrThrow(schema, query);
    const to = q.to ?? workshopMoment(now, tz).date;
    const from = q.from ?? addDays(to, 1 - REPORT_RANGE.defaultDays);
    const problem = reportRangeProblem(from, to);
    if (problem) throw new ValidationError({ [problem.field]: problem.message }, problem.message);
    return { from, to };
  }

  // From the first day's midnight to the midnight after the last, on the workshop's clock.
  const instantsOf = (from: string, to: string) => ({ start: workshopTimeToInstant(from, 0, tz), end: workshopTimeToInstant(addDays(to, 1), 0, tz) });

  async function sales(query: unknown): Promise<SalesReport> {
    const now = clock.now();
    const { from, to } = daysOf(query, now);
    const range = instantsOf(from, to);
    const [leads, sold, stock] = await Promise.all([figures.leads(db, range, tz), figures.sales(db, range), figures.stock(db, now)]);
    return {
      range: { from, to, days: reportDays(from, to) },
      generatedAt: now.toISOString(),
      leads,
      sales: sold,
      stock: { asOf: now.toISOString(), ...stock },
    };
  }

  /** The workshop's figures per week or month: utilisation, revenue, estimates, no-shows, reminders. */
  async function workshop(query: unknown): Promise<WorkshopReport> {
    const now = clock.now();
    const { from, to } = daysOf(query, now, workshopReportQuerySchema);
    const { period } = parseOrThrow(workshopReportQuerySchema, query);
    const periods = await workshopPeriods(db, figures.workshop, { from, to, period }, { ...instantsOf(from, to), period, timeZone: tz });
    return { range: { from, to, days: reportDays(from, to) }, period, generatedAt: now.toISOString(), periods };
  }

  return {
    sales,
    workshop,
    /** The workshop's figures as a CSV file, named by its days and period. */
    async workshopCsv(query: unknown): Promise<{ fileName: string; body: string }> {
      const report = await workshop(query);
      return { fileName: `workshop-report-${report.period}-${report.range.from}-to-${report.range.to}.csv`, body: workshopReportCsv(report) };
    },
    /** The same figures as a CSV file, named by its days. */
    async salesCsv(query: unknown): Promise<{ fileName: string; body: string }> {
      const report = await sales(query);
      return { fileName: `sales-report-${report.range.from}-to-${report.range.to}.csv`, body: salesReportCsv(report) };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
