import { formatWeekdayDate, isSunday } from '@dealer/shared';

/**
 * Calendar arithmetic on plain YYYY-MM-DD strings. Dates are the workshop's calendar dates, so they
 * are computed in UTC and never shifted by the browser's own time zone.
 */

const pad = (n: number) => String(n).padStart(2, '0');

function parse(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

export { addDays, isSunday } from '@dealer/shared';

/** 0 = Sunday ... 6 = Saturday */
export function weekday(iso: string): number {
  return parse(iso).getUTCDay();
}


/** '2024-03-05' -> '2024-03' */
export const monthOf = (iso: string) => iso.slice(0, 7);

export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + delta, 1));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
}

/** The weeks of a month as rows of seven cells, Sunday first; null pads the edges. */
export function monthGrid(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: weekday(first) }, () => null);
  for (let day = 1; day <= daysInMonth; day += 1) cells.push(`${month}-${pad(day)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** 'March 2024' */
export function formatMonthTitle(month: string): string {
  return parse(`${month}-01`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** 'Tuesday, March 5, 2024': the accessible name of a day in the calendar. */
export const formatFullDate = formatWeekdayDate;

export const dayOfMonth = (iso: string) => Number(iso.slice(8, 10));

/** Whether a month still has a day that can be booked: not past, not a Sunday, not closed or full. */
export function hasBookableDay(month: string, today: string, unavailableDates: readonly string[]): boolean {
  const unavailable = new Set(unavailableDates);
  return monthGrid(month)
    .flat()
    .some((date) => date !== null && date >= today && !isSunday(date) && !unavailable.has(date));
}
