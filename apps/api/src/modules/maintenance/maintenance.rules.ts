import {
  SLOT_HOLDING_STATUSES,
  openBookingsCapMessage,
  slotHour,
  type MaintenanceStatus,
  type SlotAvailability,
} from '@dealer/shared';
import { isSunday, type WorkshopMoment } from './workshop-time';

export const MESSAGES = {
  slotFull: 'This time slot is fully booked. Please choose another time.',
  sunday: 'The workshop is closed on Sundays. Please choose another date.',
  pastDate: 'Please choose today or a later date.',
  pastTime: 'This time has already passed. Please choose a later time slot.',
  notFound: 'Maintenance appointment not found',
  notCancellable: 'Only pending or scheduled appointments can be cancelled',
  tooFarAhead: (days: number) => `Appointments can be booked up to ${days} days ahead. Please choose an earlier date.`,
  tooManyOpen: openBookingsCapMessage,
  tooManyToday: (max: number) =>
    `One account can make ${max} bookings in 24 hours, cancelled ones included. Please try again tomorrow or call the workshop.`,
  customerNotFound: 'Customer account not found. Choose another customer or book without an account.',
  customerInactive: 'This account is not active. Book without an account instead.',
} as const;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an appointment in this status holds its slot's place. */
export const holdsPlace = (status: MaintenanceStatus) => (SLOT_HOLDING_STATUSES as readonly string[]).includes(status);

/** Why a slot cannot be booked at this moment, calendar-wise (capacity aside). */
export function calendarRule(
  date: string,
  time: string,
  now: WorkshopMoment,
  lastBookableDate: string,
): 'sunday' | 'past-date' | 'past-time' | 'too-far' | null {
  if (date < now.date) return 'past-date';
  if (date > lastBookableDate) return 'too-far';
  if (isSunday(date)) return 'sunday';
  // A slot that has started is gone: at 10:30 the next bookable hour is 11:00.
  if (date === now.date && slotHour(time) <= now.hour) return 'past-time';
  return null;
}

/** A slot as the calendar shows it: free, or closed with why ('past' is never called booked; a closure day is 'closed'). */
export function slotAvailability(
  time: string,
  rule: ReturnType<typeof calendarRule> | 'closure',
  booked: number,
  capacity: number,
): SlotAvailability {
  if (rule === 'past-date' || rule === 'past-time') return { time, available: false, reason: 'past' };
  if (rule !== null) return { time, available: false, reason: 'closed' };
  if (booked >= capacity) return { time, available: false, reason: 'full' };
  return { time, available: true };
}
