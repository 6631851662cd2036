import { TIME_SLOTS, slotHour } from '@dealer/shared';
import { addDays, isSunday, workshopMoment, workshopTimeToInstant } from './workshop-time';

/** The workshop is open from its first slot's hour to the end of its last slot, Monday to Saturday. */
export const OPENING_HOURS = { open: slotHour(TIME_SLOTS[0]), close: slotHour(TIME_SLOTS[TIME_SLOTS.length - 1]!) + 1 } as const;

/** The hours of one open day: what a working day of a multi-day job holds. */
export const OPEN_HOURS_A_DAY = OPENING_HOURS.close - OPENING_HOURS.open;

/** How far ahead a deadline is looked for: more than any run of closed days. */
const SEARCH_DAYS = 370;
const DAY_MS = 86_400_000;

/** An open day's opening hours from a moment on: minutes since the day's midnight, `from` before `until`. */
interface OpenStretch {
  date: string;
  from: number;
  until: number;
}

/**
 * The opening hours from `start` on, day by day: only time on open days (not Sundays, not the `closed`
 * dates) between opening and closing counts; started outside them, the first stretch begins at the next opening.
 */
function* openStretches(start: Date, timeZone: string, closed: ReadonlySet<string>, days: number): Generator<OpenStretch> {
  const moment = workshopMoment(start, timeZone);
  let date = moment.date;
  let minute = moment.hour * 60 + moment.minute;
  for (let day = 0; day < days; day++, date = addDays(date, 1), minute = 0) {
    if (isSunday(date) || closed.has(date)) continue;
    const from = Math.max(minute, OPENING_HOURS.open * 60);
    const until = OPENING_HOURS.close * 60;
    if (from < until) yield { date, from, until };
  }
}

/** The instant `minute` minutes after the workshop's midnight starting `date`. */
function instantOf(date: string, minute: number, timeZone: string): Date {
  return new Date(workshopTimeToInstant(date, Math.floor(minute / 60), timeZone).getTime() + (minute % 60) * 60_000);
}

/**
 * The instant `hours` opening hours after `start` in the workshop's zone: only time on open days
 * (not Sundays, not the `closed` dates) between opening and closing counts. Started outside the
 * opening hours, the clock starts when the workshop next opens.
 */
export function addOpeningHours(start: Date, hours: number, timeZone: string, closed: ReadonlySet<string> = new Set()): Date {
  let remaining = hours * 60;
  for (const { date, from, until } of openStretches(start, timeZone, closed, SEARCH_DAYS)) {
    if (remaining <= until - from) return instantOf(date, from + remaining, timeZone);
    remaining -= until - from;
  }
  throw new Error('addOpeningHours: no opening hours within a year');
}

/**
 * The opening minutes between `start` and `end` on the same clock as addOpeningHours, to the minute (its
 * inverse: `openingMinutesBetween(s, addOpeningHours(s, h)) = h * 60`). 0 when `end` is not after `start`.
 */
export function openingMinutesBetween(start: Date, end: Date, timeZone: string, closed: ReadonlySet<string> = new Set()): number {
  if (end.getTime() <= start.getTime()) return 0;
  const last = workshopMoment(end, timeZone);
  const endMinute = last.hour * 60 + last.minute;
  const days = Math.round((Date.parse(last.date) - Date.parse(workshopMoment(start, timeZone).date)) / DAY_MS) + 1;
  let minutes = 0;
  for (const { date, from, until } of openStretches(start, timeZone, closed, days)) {
    minutes += date === last.date ? Math.max(0, Math.min(until, endMinute) - from) : until - from;
  }
  return minutes;
}
