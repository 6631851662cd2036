import { z } from 'zod';
import { reportRangeProblem } from '../reports';
import { isoDateSchema } from './maintenance';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * GET api/admin/reports/sales (and its CSV): the workshop's calendar days `from` to `to`, both counted.
 * Either may be left out: the last REPORT_RANGE.defaultDays up to `to` (today when absent).
 */
export const reportQuerySchema = z
  .object({
    from: z.preprocess(blankToUndefined, isoDateSchema.optional()),
    to: z.preprocess(blankToUndefined, isoDateSchema.optional()),
  })
  .superRefine((q, ctx) => {
    const problem = q.from && q.to ? reportRangeProblem(q.from, q.to) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });
export type ReportQuery = z.input<typeof reportQuerySchema>;
export type ReportRange = z.output<typeof reportQuerySchema>;
