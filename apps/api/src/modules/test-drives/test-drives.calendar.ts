import { hourLabel, type SlotAvailability } from '@dealer/shared';
import { addDays, dayOfWeek, type WorkshopMoment } from '../workshop-calendar';
import type { SalesCalendarSettings } from './test-drives.repository';

// The sales calendar: its own opening days and hours; the dealership's closure days and booking horizon apply.

export type DriveRule = 'past-date' | 'past-time' | 'too-far' | 'closed-day' | 'outside-hours' | null;

/** The hours a day offers drives at, first to last. */
export const hoursOf = (settings: SalesCalendarSettings) =>
  Array.from({ length: settings.closeHour - settings.openHour }, (_, i) => settings.openHour + i);

/** What closes an hour for drives at this moment (capacity and the car aside); null when open. */
export function driveRule(date: string, hour: number, now: WorkshopMoment, settings: SalesCalendarSettings, horizonDays: number): DriveRule {
  if (date < now.date) return 'past-date';
  if (date > addDays(now.date, horizonDays)) return 'too-far';
  if (!settings.openDays.includes(dayOfWeek(date))) return 'closed-day';
  if (hour < settings.openHour || hour >= settings.closeHour) return 'outside-hours';
  if (date === now.date && hour <= now.hour) return 'past-time';
  return null;
}

/** One hour as the calendar shows it for one car: free, past, closed, or full (no demonstrator or the car is out). */
export function driveSlot(hour: number, rule: DriveRule | 'closure', booked: number, capacity: number, carBusy: boolean): SlotAvailability {
  const time = hourLabel(hour);
  if (rule === 'past-date' || rule === 'past-time') return { time, available: false, reason: 'past' };
  if (rule !== null) return { time, available: false, reason: 'closed' };
  if (carBusy || booked >= capacity) return { time, available: false, reason: 'full' };
  return { time, available: true };
}

/** '01:00 PM' -> 13; NaN for anything else. */
export function hourOf(time: string): number {
  const match = /^(\d{2}):00 (AM|PM)$/.exec(time);
  if (!match) return Number.NaN;
  const h = Number(match[1]) % 12;
  return match[2] === 'PM' ? h + 12 : h;
}
