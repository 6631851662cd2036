import { z } from 'zod';
import { LEAD_SOURCES, LEAD_STATUSES } from '../leads';
import { STOCK_AGE_BUCKETS, WORKSHOP_REPORT_PERIODS } from '../reports';
import { WORKSHOP_RESOURCES } from '../workshop-capacity';

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

const share = z.number().nullable();

/** One week's or month's workshop figures (its days clipped to the report's range). */
export const workshopPeriodSchema = z.object({
  /** The week's Monday or the month's first day; `from`/`to` are its days inside the range. */
  start: z.string(),
  from: z.string(),
  to: z.string(),
  /** Per resource: hours of jobs booked on the period's days (not cancelled) over the hours open (places x opening hours). */
  utilisation: z.array(z.object({ resource: z.enum(WORKSHOP_RESOURCES), bookedHours: count, availableHours: count, share })),
  /** From invoices issued in the period, before tax; credit notes count negative. */
  revenue: z.object({
    totalCents: count,
    byCategory: z.array(z.object({ category: z.string(), cents: count })),
    byTechnician: z.array(z.object({ technician: z.string(), cents: count })),
  }),
  /** Estimates the customer decided in the period. */
  estimates: z.object({
    decided: count,
    estimatedCents: count,
    approvedCents: count,
    /** Approved dollars over estimated dollars; null without estimates. */
    approvalShare: share,
    /** Hours from sending to the customer's decision, the middle one; null without decisions. */
    medianDecisionHours: z.number().nullable(),
  }),
  /** Jobs dated in the period that came to an end: completed, or closed as no-shows. */
  noShows: z.object({ jobs: count, noShows: count, share }),
  /** Reminder e-mails sent in the period, and those followed by a booking within REMINDER_BOOKING_DAYS. */
  reminders: z.object({ sent: count, booked: count, share }),
});
export type WorkshopPeriod = z.infer<typeof workshopPeriodSchema>;

/** GET api/admin/reports/workshop: the workshop's figures per week or month of a range of days. */
export const workshopReportSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), days: count }),
  period: z.enum(WORKSHOP_REPORT_PERIODS),
  generatedAt: z.string(),
  periods: z.array(workshopPeriodSchema),
});
export type WorkshopReport = z.infer<typeof workshopReportSchema>;
