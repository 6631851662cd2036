import { z } from 'zod';
import { LEAD_SOURCES, LEAD_STATUSES } from '../leads';
import { STOCK_AGE_BUCKETS } from '../reports';

const count = z.number().int();

/** GET api/admin/reports/sales: the sales figures of a range of days, and the stock as it is now. */
export const salesReportSchema = z.object({
  range: z.object({
    /** The workshop's calendar days, both counted. */
    from: z.string(),
    to: z.string(),
    days: count,
  }),
  generatedAt: z.string(),
  /** Leads that came in during the range, as they stand now. */
  leads: z.object({
    total: count,
    bySource: z.array(z.object({ source: z.enum(LEAD_SOURCES), leads: count })),
    byStatus: z.array(z.object({ status: z.enum(LEAD_STATUSES), leads: count })),
    won: count,
    /** Won leads over all leads, 0 to 1; null without leads. */
    wonShare: z.number().nullable(),
    firstResponse: z.object({
      answered: count,
      unanswered: count,
      /** Minutes of the workshop's opening hours to the first answer, the middle of the answered leads; null without any. */
      medianMinutes: z.number().nullable(),
    }),
  }),
  /** Cars marked sold during the range. */
  sales: z.object({
    carsSold: count,
    /** Their prices when sold, in cents. */
    valueCents: count,
    /** Days from listing to sale, to one decimal; null without sales. */
    medianDaysToSell: z.number().nullable(),
    meanDaysToSell: z.number().nullable(),
  }),
  /** Cars for sale at `asOf`, by whole days since listed. */
  stock: z.object({
    asOf: z.string(),
    cars: count,
    byAge: z.array(
      z.object({
        bucket: z.enum(STOCK_AGE_BUCKETS),
        cars: count,
        /** Their asking prices, in cents. */
        valueCents: count,
        /** How many have had their price lowered since listed. */
        reduced: count,
      }),
    ),
  }),
});
export type SalesReport = z.infer<typeof salesReportSchema>;
