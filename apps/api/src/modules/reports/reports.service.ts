import { REPORT_RANGE, reportDays, reportQuerySchema, reportRangeProblem, type SalesReport } from '@dealer/shared';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../deps';
import { parseOrThrow, ValidationError } from '../../infra/errors';
import { addDays, workshopMoment, workshopTimeToInstant } from '../workshop-calendar';
import { salesReportCsv } from './reports.csv';

type Range = { start: Date; end: Date };

/** What the reports read of the leads and vehicles domains (their figures, wired at the composition root). */
export interface ReportFigures {
  leads(db: Executor, range: Range, timeZone: string): Promise<SalesReport['leads']>;
  sales(db: Executor, range: Range): Promise<SalesReport['sales']>;
  stock(db: Executor, now: Date): Promise<Omit<SalesReport['stock'], 'asOf'>>;
}

export type ReportsDeps = Pick<AppDeps, 'db' | 'clock' | 'config'> & { figures: ReportFigures };

/** The owner's figures: leads, first answers, sales and stock, for a range of the workshop's calendar days. */
export function createReportsService({ db, clock, config, figures }: ReportsDeps) {
  const tz = config.WORKSHOP_TZ;

  /** The days asked for, the last REPORT_RANGE.defaultDays up to `to` (today) when left out; 422 when out of bounds. */
  function daysOf(query: unknown, now: Date) {
    const q = parseOrThrow(reportQuerySchema, query);
    const to = q.to ?? workshopMoment(now, tz).date;
    const from = q.from ?? addDays(to, 1 - REPORT_RANGE.defaultDays);
    const problem = reportRangeProblem(from, to);
    if (problem) throw new ValidationError({ [problem.field]: problem.message }, problem.message);
    return { from, to };
  }

  async function sales(query: unknown): Promise<SalesReport> {
    const now = clock.now();
    const { from, to } = daysOf(query, now);
    // From the first day's midnight to the midnight after the last, on the workshop's clock.
    const range = { start: workshopTimeToInstant(from, 0, tz), end: workshopTimeToInstant(addDays(to, 1), 0, tz) };
    const [leads, sold, stock] = await Promise.all([figures.leads(db, range, tz), figures.sales(db, range), figures.stock(db, now)]);
    return {
      range: { from, to, days: reportDays(from, to) },
      generatedAt: now.toISOString(),
      leads,
      sales: sold,
      stock: { asOf: now.toISOString(), ...stock },
    };
  }

  return {
    sales,
    /** The same figures as a CSV file, named by its days. */
    async salesCsv(query: unknown): Promise<{ fileName: string; body: string }> {
      const report = await sales(query);
      return { fileName: `sales-report-${report.range.from}-to-${report.range.to}.csv`, body: salesReportCsv(report) };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
