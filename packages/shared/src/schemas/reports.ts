import { z } from 'zod';
import { isQueryDay, QUERY_DAYS } from '../calendar-day';
import { WORKSHOP_REPORT_PERIODS, reportRangeProblem } from '../reports';
import { isoDateSchema } from './maintenance';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A date (its own message first), then one a report may cover. */
const reportDay = isoDateSchema.pipe(z.string().refine(isQueryDay, QUERY_DAYS.message));

/**
 * GET api/admin/reports/sales (and its CSV): the workshop's calendar days `from` to `to`, both counted.
 * Either may be left out: the last REPORT_RANGE.defaultDays up to `to` (today when absent).
 */
const rangeFields = {
  from: z.preprocess(blankToUndefined, reportDay.optional()),
  to: z.preprocess(blankToUndefined, reportDay.optional()),
};

function refineRange(q: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  const problem = q.from && q.to ? reportRangeProblem(q.from, q.to) : null;
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
}

export const reportQuerySchema = z.object(rangeFields).superRefine(refineRange);
export type ReportQuery = z.input<typeof reportQuerySchema>;
export type ReportRange = z.output<typeof reportQuerySchema>;

/** GET api/admin/reports/workshop (and its CSV): the same days, and whether figures come per week or per month (default week). */
export const workshopReportQuerySchema = z
  .object({ ...rangeFields, period: z.preprocess(blankToUndefined, z.enum(WORKSHOP_REPORT_PERIODS, { message: 'Choose week or month' }).default('week')) })
  .superRefine(refineRange);
export type WorkshopReportQuery = z.input<typeof workshopReportQuerySchema>;
