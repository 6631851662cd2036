import { calendarDayOf } from './calendar-day';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dollarsWithCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 25000 -> "$25,000"; keeps cents only when there are some. */
export function formatPrice(value: number | string | null | undefined): string {
  const n = Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return '';
  return Number.isInteger(n) ? dollars.format(n) : dollarsWithCents.format(n);
}

export function formatNumber(value: number): string {
  return integer.format(value);
}

/** 12000 -> "12,000 mi" */
export function formatMileage(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(Number(value))) return 'N/A';
  return `${integer.format(Number(value))} mi`;
}

function toDate(value: Date | string | number): Date {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    // A calendar date: read it as that day wherever the browser is.
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, d);
  }
  return value instanceof Date ? value : new Date(value);
}

/** "March 5, 2024" */
export function formatLongDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** "November 30, 2026" for an appointment's day, sent as 'YYYY-MM-DD' or as that day's UTC noon, in any zone. */
export function formatCalendarDay(value: string | null | undefined): string {
  return value ? formatLongDate(calendarDayOf(value)) : '';
}

/** "Monday, November 30, 2026": an appointment's calendar date ('YYYY-MM-DD' or that day's UTC noon) as the site and its e-mails show it. */
export function formatWeekdayDate(value: string): string {
  // The API may send the day as its UTC noon; the e-mails as 'YYYY-MM-DD'.
  const isoDate = calendarDayOf(value);
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate) || Number.isNaN(date.getTime())) return isoDate;
  return date.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "March 5, 2024, 2:30 PM" in the viewer's local time: the one date style of the site (formatLongDate)
 * with the time, written out so that every browser shows the same.
 */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const hour = d.getHours() % 12 || 12;
  return `${formatLongDate(d)}, ${hour}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** Local calendar date as YYYY-MM-DD. */
export function toIsoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export const shortId = {
  vehicle: (id: string) => id.slice(0, 8),
  maintenance: (id: string) => id.slice(-8),
  dashboard: (id: string) => id.slice(8, 17),
};
