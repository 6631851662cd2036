/**
 * A calendar day (an appointment's date) between the server, which keeps it as 'YYYY-MM-DD', and
 * browsers that turn it into a `Date` in their own time zone.
 *
 * Out: the day is sent as that day's UTC noon. `new Date(value)` then reads as the same day in every
 * zone from UTC-12 up to, not including, UTC+12 (at exactly UTC+12 it is midnight starting the next
 * day). No single instant serves both ends: midnight of a day at UTC-12 is midnight of the next day at
 * UTC+12.
 *
 * In: a date picker that sends its local midnight as an instant ('2026-11-30T05:00:00.000Z' from New
 * York) means the UTC day of that instant plus 12 hours. That holds for every zone above UTC-12 up to
 * and including UTC+12; a UTC-12 browser's pick reads as the next day.
 */

const HALF_DAY_MS = 12 * 60 * 60 * 1000;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The days a query (a board's week, an audit log's range) may name: a week or a month on from any of
 * them stays in four-digit years, so date arithmetic and the database never meet year 10000 or 0.
 */
export const QUERY_DAYS = { first: '1900-01-01', last: '2099-12-31', message: 'Choose days from 1900 to 2099' } as const;
export const isQueryDay = (day: string) => day >= QUERY_DAYS.first && day <= QUERY_DAYS.last;

/**
 * Whether 'YYYY-MM-DD' names a day of the calendar: '2026-02-30' does not, though `Date.parse` reads
 * it as 2 March and PostgreSQL refuses it; nor do years 0-99 (`Date.UTC` reads them as 1900-1999).
 */
export function isCalendarDate(value: string): boolean {
  if (!DAY_ONLY.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A calendar day `days` on (or back) from 'YYYY-MM-DD' (years 1000 on), computed in UTC so no time zone shifts it. */
export function addDays(day: string, days: number): string {
  // Days 1-28 exist in every month: a result among them is the same month's, written without a Date (a
  // five-day job's month calendar steps a day at a time hundreds of times, and the Date was 45% of it).
  const date = Number(day.slice(8, 10)) + days;
  if (date >= 1 && date <= 28 && day.length === 10) return `${day.slice(0, 8)}${date < 10 ? '0' : ''}${date}`;
  return new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) + days)).toISOString().slice(0, 10);
}

/** Sakamoto's month offsets: the weekday of a date by arithmetic alone (a month's calendar asks hundreds of times). */
const MONTH_OFFSETS = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];

/** Whether 'YYYY-MM-DD' is a Sunday, the day the workshop does not open (false for anything that is not such a day). */
export function isSunday(day: string): boolean {
  const month = Number(day.slice(5, 7));
  const year = Number(day.slice(0, 4)) - (month < 3 ? 1 : 0);
  const offset = MONTH_OFFSETS[month - 1];
  if (day.length !== 10 || offset === undefined) return false;
  const weekday = (year + Math.floor(year / 4) - Math.floor(year / 100) + Math.floor(year / 400) + offset + Number(day.slice(8, 10))) % 7;
  return weekday === 0;
}

/** 'YYYY-MM-DD' -> 'YYYY-MM-DDT12:00:00.000Z', the form appointment dates leave the server in. */
export function calendarDayInstant(day: string): string {
  return `${day}T12:00:00.000Z`;
}

/** The 'YYYY-MM-DD' day of a value sent as a day or as `calendarDayInstant` of it. */
export function calendarDayOf(value: string): string {
  return value.slice(0, 10);
}

/** The day a date picker meant when it sent its local midnight as this instant (an ISO date-time). */
export function pickedCalendarDay(instant: string): string {
  if (DAY_ONLY.test(instant)) return instant;
  const shifted = new Date(Date.parse(instant) + HALF_DAY_MS);
  // An unreadable instant stays as sent, for the day schema to refuse.
  return Number.isNaN(shifted.getTime()) ? instant : shifted.toISOString().slice(0, 10);
}
