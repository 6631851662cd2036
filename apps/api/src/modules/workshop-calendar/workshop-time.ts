/**
 * Calendar arithmetic in the workshop's time zone. Everything here depends only on the
 * instant passed in and the IANA zone name, never on the process's own TZ, so the server
 * answers the same wherever it runs.
 */
import { createBoundedCache } from '../../infra/bounded-cache';

export interface WorkshopMoment {
  /** 'YYYY-MM-DD' in the workshop's zone. */
  date: string;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClockParts(instant: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    // Some engines print midnight as 24 even with h23.
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const MINUTE_MS = 60_000;
/** The last moment worked out, per zone: most calls ask for now, and `formatToParts` was 4% of a month's availability. */
const lastMoments = new Map<string, { minute: number; moment: WorkshopMoment }>();

/**
 * The workshop's calendar date and wall-clock hour at an instant. Every zone's offset has been whole minutes
 * since 1972, so the moment is the same through a UTC minute: the last one is reused within it.
 */
export function workshopMoment(instant: Date, timeZone: string): WorkshopMoment {
  const minute = Math.floor(instant.getTime() / MINUTE_MS);
  const last = lastMoments.get(timeZone);
  if (last?.minute === minute) return { ...last.moment };
  const p = wallClockParts(instant, timeZone);
  const moment = { date: `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`, hour: p.hour, minute: p.minute };
  // Bounded: one entry per zone asked for, and the zones are the configured one (and a test's few).
  if (lastMoments.size < 64 || lastMoments.has(timeZone)) lastMoments.set(timeZone, { minute, moment });
  return { ...moment };
}

function parseDate(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

/** 0 = Sunday ... 6 = Saturday, for a calendar date (no zone involved). */
export function dayOfWeek(date: string): number {
  const [y, m, d] = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}


export { addDays, isSunday } from '@dealer/shared';

/** The dates of the few months a calendar is asked for: they never change, so only the count is bounded. */
const monthDates = createBoundedCache<readonly string[]>({ ttlMs: Infinity, maxEntries: 36 });

/** Every calendar date of a 'YYYY-MM' month (the same array for every call: a month's availability asks on every request). */
export function datesOfMonth(month: string): readonly string[] {
  let dates = monthDates.get(month);
  if (!dates) {
    const [y, m] = month.split('-').map(Number) as [number, number];
    const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
    dates = Object.freeze(Array.from({ length: count }, (_, i) => `${month}-${pad(i + 1)}`));
    monthDates.set(month, dates);
  }
  return dates;
}

/** Offset of the zone from UTC at an instant, in milliseconds (New York in winter: -5 h). */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const p = wallClockParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant at which the workshop's wall clock shows `date` `hour`:00. Correct across
 * daylight-saving changes; an hour skipped by a spring-forward change maps to the hour after.
 */
export function workshopTimeToInstant(date: string, hour: number, timeZone: string): Date {
  const [y, m, d] = parseDate(date);
  const wall = Date.UTC(y, m - 1, d, hour);
  let guess = wall - zoneOffsetMs(new Date(wall), timeZone);
  // A second pass settles guesses made on the other side of a DST change.
  guess = wall - zoneOffsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** 'December 1, 2026, 2:30 PM' in the dealership's zone: the same for every visitor and the server's render. */
export function dealershipDateTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  })
    .format(instant)
    .replace(' at ', ', ');
}
