import { TIME_SLOTS, type Availability, type MaintenanceSettings, type MonthAvailability } from '@dealer/shared';
import { datesOfMonth, findClosure, listClosures, slotAvailability } from '../workshop-calendar';
import type { MaintenanceContext } from './maintenance.context';
import { bookedOnDate, fullSlotsPerDate } from './maintenance.slots.repository';

/** What the booking screens need to know of the workshop before anyone books. */
export function workshopSettings(ctx: MaintenanceContext): MaintenanceSettings {
  const { config } = ctx;
  const moment = ctx.now();
  return {
    emergencyPhone: config.EMERGENCY_PHONE,
    workshopTimeZone: config.WORKSHOP_TZ,
    slotCapacity: ctx.capacity(),
    today: moment.date,
    lastBookableDate: ctx.lastBookableDate(moment),
    maxOpenBookings: config.MAX_OPEN_BOOKINGS,
    workshopAddress: config.WORKSHOP_ADDRESS,
    workshopPhone: config.WORKSHOP_PHONE,
  };
}

/** The hourly slots of one date, each free or closed with why. */
export async function dayAvailability(ctx: MaintenanceContext, date: string): Promise<Availability> {
  const { db } = ctx;
  const moment = ctx.now();
  const [booked, closure] = await Promise.all([bookedOnDate(db, date), findClosure(db, date)]);
  // A closure day is closed like a Sunday; its hours that have begun still read 'past'.
  const rule = (time: string) => ctx.ruleAt(date, time, moment) ?? (closure ? 'closure' : null);
  return {
    date,
    availability: TIME_SLOTS.map((time) => slotAvailability(time, rule(time), booked.get(time) ?? 0, ctx.capacity())),
  };
}

/** The dates of a month that cannot be booked (no open slot left, or a closure day) and which of them are full. */
export async function monthAvailability(ctx: MaintenanceContext, month: string): Promise<MonthAvailability> {
  const { db } = ctx;
  const moment = ctx.now();
  const dates = datesOfMonth(month);
  const [full, closures] = await Promise.all([
    fullSlotsPerDate(db, dates[0]!, dates[dates.length - 1]!, ctx.capacity()),
    listClosures(db, dates[0]!, dates[dates.length - 1]!),
  ]);
  const closed = new Set(closures.map((c) => c.date));
  const unavailableDates: string[] = [];
  const fullDates: string[] = [];
  const last = ctx.lastBookableDate(moment);
  for (const date of dates) {
    const open = TIME_SLOTS.filter((time) => ctx.ruleAt(date, time, moment, last) === null);
    if (open.length === 0 || closed.has(date)) {
      unavailableDates.push(date);
      continue;
    }
    const fullSlots = full.get(date);
    if (fullSlots && open.every((time) => fullSlots.has(time))) {
      unavailableDates.push(date);
      fullDates.push(date);
    }
  }
  return { month, unavailableDates, fullDates };
}
