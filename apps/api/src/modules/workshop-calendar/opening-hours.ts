import { TIME_SLOTS, slotHour, type SlotAvailability, type TimeSlot } from '@dealer/shared';
import { isSunday, type WorkshopMoment } from './workshop-time';

// Opening hours: Monday to Saturday, hourly slots, from today up to the booking horizon.

/** Why a slot cannot be booked at this moment, calendar-wise (capacity aside); null when open. */
export type CalendarRule = 'sunday' | 'past-date' | 'past-time' | 'too-far' | null;

/** The rule that closes a slot at this moment, or null when the opening hours leave it open. */
export function calendarRule(
  date: string,
  time: string,
  now: WorkshopMoment,
  lastBookableDate: string,
): CalendarRule {
  if (date < now.date) return 'past-date';
  if (date > lastBookableDate) return 'too-far';
  if (isSunday(date)) return 'sunday';
  // A slot that has started is gone: at 10:30 the next bookable hour is 11:00.
  if (date === now.date && slotHour(time) <= now.hour) return 'past-time';
  return null;
}

/** The slots of a date that `calendarRule` leaves open, worked out once for the date rather than once a slot. */
export function openTimes(date: string, now: WorkshopMoment, lastBookableDate: string): readonly TimeSlot[] {
  if (date < now.date || date > lastBookableDate || isSunday(date)) return [];
  return date === now.date ? TIME_SLOTS.filter((time) => slotHour(time) > now.hour) : TIME_SLOTS;
}

/** A slot as the calendar shows it: free, or closed with why ('past' is never called booked; a closure day is 'closed'). */
export function slotAvailability(
  time: string,
  rule: CalendarRule | 'closure',
  booked: number,
  capacity: number,
): SlotAvailability {
  if (rule === 'past-date' || rule === 'past-time') return { time, available: false, reason: 'past' };
  if (rule !== null) return { time, available: false, reason: 'closed' };
  if (booked >= capacity) return { time, available: false, reason: 'full' };
  return { time, available: true };
}
