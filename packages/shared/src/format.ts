import { calendarDayOf } from './calendar-day';

/*
 * Numbers and dates are written out here, en-US, rather than through Intl: a page's first Intl formatter
 * (or toLocaleString) loads the browser's locale data, 40-80 ms of a phone's main thread (Lighthouse's 4x
 * slowdown) during a visitor page's start, which counted as blocking time. The output is Intl's, to the
 * letter (format.test.ts compares them); outside the range written out here Intl still answers.
 */

/** Beyond this, `String` would write an exponent: such numbers go to Intl (no price or count gets there). */
const PLAIN_LIMIT = 1e15;
/** Below this, `String` would write an exponent: such a number rounds to nothing at two digits. */
const TINY = 1e-6;

/** "1234567" -> "1,234,567". */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/** A string of decimal digits plus one ("0999" -> "1000"). */
function plusOne(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i -= 1;
  return i < 0 ? `1${'0'.repeat(digits.length)}` : `${digits.slice(0, i)}${String(Number(digits[i]) + 1)}${'0'.repeat(digits.length - i - 1)}`;
}

/**
 * `value` rounded to `fractionDigits` as Intl rounds it (half away from zero, on the number's shortest
 * decimal form: 1.005 -> 1.01, where `toFixed` says 1.00), grouped in thousands; a negative number (or -0)
 * gets its '-' before `prefix`.
 */
function plain(value: number, fractionDigits: 0 | 2, prefix = ''): string {
  const negative = value < 0 || Object.is(value, -0);
  const abs = Math.abs(value);
  const [whole, fraction = ''] = (abs < TINY ? '0' : String(abs)).split('.') as [string, string?];
  let digits = whole + fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0');
  if ((fraction[fractionDigits] ?? '0') >= '5') digits = plusOne(digits);
  const cut = digits.length - fractionDigits;
  return `${negative ? '-' : ''}${prefix}${grouped(digits.slice(0, cut))}${fractionDigits === 0 ? '' : `.${digits.slice(cut)}`}`;
}

/** 25000 -> "$25,000"; keeps cents only when there are some. */
export function formatPrice(value: number | string | null | undefined): string {
  const n = Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return '';
  const cents = !Number.isInteger(n);
  if (Math.abs(n) >= PLAIN_LIMIT)
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', ...(cents ? {} : { maximumFractionDigits: 0 }) }).format(n);
  return plain(n, cents ? 2 : 0, '$');
}

/** 12345.6 -> "12,346": whole, grouped in thousands. */
export function formatNumber(value: number): string {
  if (!(Math.abs(value) < PLAIN_LIMIT)) return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value);
  return plain(value, 0);
}

/** 12000 -> "12,000 mi" */
export function formatMileage(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(Number(value))) return 'N/A';
  return `${formatNumber(Number(value))} mi`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Years Intl writes as plain digits (it adds an era before year 1). */
const isPlainYear = (year: number) => year >= 1 && year <= 9999;

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
  const year = date.getFullYear();
  if (!isPlainYear(year)) return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${year}`;
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
  const year = date.getUTCFullYear();
  if (!isPlainYear(year)) return date.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${year}`;
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
