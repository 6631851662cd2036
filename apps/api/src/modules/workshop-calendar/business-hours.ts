import { TIME_SLOTS, slotHour } from '@dealer/shared';
import { addDays, isSunday, workshopMoment, workshopTimeToInstant } from './workshop-time';

/** The workshop is open from its first slot's hour to the end of its last slot, Monday to Saturday. */
export const OPENING_HOURS = { open: slotHour(TIME_SLOTS[0]), close: slotHour(TIME_SLOTS[TIME_SLOTS.length - 1]!) + 1 } as const;

/** How far ahead a deadline is looked for: more than any run of closed days. */
const SEARCH_DAYS = 370;

/**
 * The instant `hours` opening hours after `start` in the workshop's zone: only time on open days
 * (not Sundays, not the `closed` dates) between opening and closing counts. Started outside the
 * opening hours, the clock starts when the workshop next opens.
 */
export function addOpeningHours(start: Date, hours: number, timeZone: string, closed: ReadonlySet<string> = new Set()): Date {
  const moment = workshopMoment(start, timeZone);
  let remaining = hours * 60;
  let date = moment.date;
  let minute = moment.hour * 60 + moment.minute;
  for (let day = 0; day < SEARCH_DAYS; day++, date = addDays(date, 1), minute = 0) {
    if (isSunday(date) || closed.has(date)) continue;
    const from = Math.max(minute, OPENING_HOURS.open * 60);
    const until = OPENING_HOURS.close * 60;
    if (from >= until) continue;
    if (remaining <= until - from) {
      const at = from + remaining;
      return new Date(workshopTimeToInstant(date, Math.floor(at / 60), timeZone).getTime() + (at % 60) * 60_000);
    }
    remaining -= until - from;
  }
  throw new Error('addOpeningHours: no opening hours within a year');
}
