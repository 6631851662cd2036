// The owner's sales reports: how far a range reaches, the ages stock is counted by, and their names.

/**
 * A report's days: the last `defaultDays` (today included) unless asked; never more than `maxDays`;
 * none outside QUERY_DAYS (calendar-day.ts), which keeps every week and month a report counts in
 * four-digit years.
 */
export const REPORT_RANGE = { defaultDays: 90, maxDays: 366 } as const;

export const REPORT_MESSAGES = {
  order: 'The first day must not be after the last',
  tooLong: `Choose at most ${REPORT_RANGE.maxDays} days`,
} as const;

/** Cars for sale by whole days since they were listed: 0-30, 31-60, 61-90 and more than 90. */
export const STOCK_AGE_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type StockAgeBucket = (typeof STOCK_AGE_BUCKETS)[number];
export const STOCK_AGE_LABELS: Record<StockAgeBucket, string> = {
  '0-30': '0-30 days',
  '31-60': '31-60 days',
  '61-90': '61-90 days',
  '90+': 'Over 90 days',
};
/** The first whole day of each bucket after the first. */
export const STOCK_AGE_STARTS = { '31-60': 31, '61-90': 61, '90+': 91 } as const;

const DAY_MS = 86_400_000;

/** Days from `from` to `to` ('YYYY-MM-DD'), both counted. */
export function reportDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The day `days` after `date` ('YYYY-MM-DD'; negative for before). */
export function shiftDay(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** What is wrong with a range of days, and which field says so; null when it is fine. */
export function reportRangeProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  if (from > to) return { field: 'to', message: REPORT_MESSAGES.order };
  if (reportDays(from, to) > REPORT_RANGE.maxDays) return { field: 'from', message: REPORT_MESSAGES.tooLong };
  return null;
}

/** The workshop report's figures come per calendar week (Monday first) or per calendar month. */
export const WORKSHOP_REPORT_PERIODS = ['week', 'month'] as const;
export type WorkshopReportPeriod = (typeof WORKSHOP_REPORT_PERIODS)[number];

/** A reminder counts as bringing the customer back when a booking follows within this many days. */
export const REMINDER_BOOKING_DAYS = 30;

/** The first day of the week (Monday) or month holding `date` ('YYYY-MM-DD'). */
export function periodStart(date: string, period: WorkshopReportPeriod): string {
  if (period === 'month') return `${date.slice(0, 7)}-01`;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return shiftDay(date, -((weekday + 6) % 7));
}

/** The weeks or months from `from` to `to`, each clipped to the range: { start, from, to }. */
export function reportPeriods(from: string, to: string, period: WorkshopReportPeriod): { start: string; from: string; to: string }[] {
  const periods: { start: string; from: string; to: string }[] = [];
  for (let start = periodStart(from, period); start <= to; ) {
    const next =
      period === 'week' ? shiftDay(start, 7) : new Date(Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)), 1)).toISOString().slice(0, 10);
    const last = shiftDay(next, -1);
    periods.push({ start, from: start < from ? from : start, to: last > to ? to : last });
    start = next;
  }
  return periods;
}
