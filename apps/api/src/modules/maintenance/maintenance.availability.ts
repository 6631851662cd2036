import {
  TIME_SLOTS,
  slotHour,
  type Availability,
  type MaintenanceSettings,
  type MonthAvailability,
  type SlotAvailability,
} from '@dealer/shared';
import { datesOfMonth, slotAvailability, type CalendarRule } from '../workshop-calendar';
import type { MaintenanceContext } from './maintenance.context';
import { bookedHours } from './maintenance.holds.repository';
import { CLOSING_HOUR, OPENING_HOUR, closuresAround, workingDaysFrom, type JobShape } from './maintenance.workshop';

/** What the booking screens need to know of the workshop before anyone books. */
export async function workshopSettings(ctx: MaintenanceContext): Promise<MaintenanceSettings> {
  const { config } = ctx;
  const moment = ctx.now();
  const counts = await ctx.workshop.resourceCounts();
  return {
    emergencyPhone: config.EMERGENCY_PHONE,
    workshopTimeZone: config.WORKSHOP_TZ,
    slotCapacity: counts.serviceBays,
    today: moment.date,
    lastBookableDate: ctx.lastBookableDate(moment),
    maxOpenBookings: config.MAX_OPEN_BOOKINGS,
    workshopAddress: config.WORKSHOP_ADDRESS,
    workshopPhone: config.WORKSHOP_PHONE,
  };
}

/** The most jobs booked in any of the hours [from, to) of one day. */
function busiest(day: ReadonlyMap<number, number> | undefined, from: number, to: number): number {
  let most = 0;
  for (let hour = from; hour < to; hour += 1) most = Math.max(most, day?.get(hour) ?? 0);
  return most;
}

/** A start slot of a job longer than an hour: closed by the calendar, too late to finish, or as full as its busiest hour. */
function jobSlot(time: string, rule: CalendarRule | 'closure', job: JobShape, booked: number, capacity: number): SlotAvailability {
  if (rule !== null) return slotAvailability(time, rule, 0, capacity);
  if (job.unit === 'days' && slotHour(time) !== OPENING_HOUR) return { time, available: false, reason: 'closed', fit: 'day-start' };
  if (job.unit === 'hours' && slotHour(time) + job.amount > CLOSING_HOUR) return { time, available: false, reason: 'closed', fit: 'runs-late' };
  return slotAvailability(time, null, booked, capacity);
}

/**
 * The hourly slots of one date, each free or closed with why, for a service (none: a one-hour job in a
 * service bay, as the spec's calendar always asked). A start is free only where the service's resource has
 * a place in every hour the job takes; a job of working days starts at 08:00 AM and needs every day it spans.
 */
export async function dayAvailability(ctx: MaintenanceContext, date: string, service?: string): Promise<Availability> {
  const { db } = ctx;
  const moment = ctx.now();
  const job = await ctx.workshop.jobOf(service);
  const capacity = (await ctx.workshop.capacities())(job.resource);
  if (job.unit === 'hours' && job.amount === 1) {
    const [booked, closed] = await Promise.all([bookedHours(db, job.resource, date, date), ctx.closedDays(date, date)]);
    const closure = closed.has(date);
    const day = booked.get(date);
    // A closure day is closed like a Sunday; its hours that have begun still read 'past'.
    const rule = (time: string) => ctx.ruleAt(date, time, moment) ?? (closure ? 'closure' : null);
    return {
      date,
      availability: TIME_SLOTS.map((time) => slotAvailability(time, rule(time), day?.get(slotHour(time)) ?? 0, capacity)),
    };
  }
  const closed = await closuresAround(ctx.closedDays, date, date, job.unit === 'days' ? job.amount : 0);
  const span = job.unit === 'days' ? workingDaysFrom(date, job.amount, closed) : [date];
  const booked = await bookedHours(db, job.resource, date, span[span.length - 1]!);
  const rule = (time: string) => ctx.ruleAt(date, time, moment) ?? (closed.has(date) ? 'closure' : null);
  return {
    date,
    availability: TIME_SLOTS.map((time) => {
      const start = slotHour(time);
      const most =
        job.unit === 'days'
          ? Math.max(...span.map((d) => busiest(booked.get(d), OPENING_HOUR, CLOSING_HOUR)))
          : busiest(booked.get(date), start, Math.min(start + job.amount, CLOSING_HOUR));
      return jobSlot(time, rule(time), job, most, capacity);
    }),
  };
}

/**
 * The dates of a month that cannot be booked for a service (no start left, or a closure day) and which of
 * them are full. Reads only the month's full hours of the service's resource (and the days a job of
 * working days runs into the next month).
 */
export async function monthAvailability(ctx: MaintenanceContext, month: string, service?: string): Promise<MonthAvailability> {
  const { db } = ctx;
  const moment = ctx.now();
  const job = await ctx.workshop.jobOf(service);
  const capacity = (await ctx.workshop.capacities())(job.resource);
  const dates = datesOfMonth(month);
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  const days = job.unit === 'days' ? job.amount : 0;
  const closedDays = await (days > 0 ? closuresAround(ctx.closedDays, first, last, days) : ctx.closedDays(first, last));
  const spans = new Map(dates.map((date) => [date, days > 0 ? workingDaysFrom(date, days, closedDays) : [date]]));
  const lastNeeded = days > 0 ? spans.get(last)!.at(-1)! : last;
  const full = await bookedHours(db, job.resource, first, lastNeeded, capacity);
  const unavailableDates: string[] = [];
  const fullDates: string[] = [];
  const lastBookable = ctx.lastBookableDate(moment);
  const length = job.unit === 'hours' ? job.amount : 0;
  for (const date of dates) {
    const open = ctx.openTimesOn(date, moment, lastBookable).filter((time) =>
      days > 0 ? slotHour(time) === OPENING_HOUR : slotHour(time) + length <= CLOSING_HOUR,
    );
    if (open.length === 0 || closedDays.has(date)) {
      unavailableDates.push(date);
      continue;
    }
    const isFree = (time: string) => {
      if (days > 0) return spans.get(date)!.every((d) => !full.get(d));
      const start = slotHour(time);
      const fullHours = full.get(date);
      for (let hour = start; hour < start + length; hour += 1) if (fullHours?.has(hour)) return false;
      return true;
    };
    if (!open.some(isFree)) {
      unavailableDates.push(date);
      fullDates.push(date);
    }
  }
  return { month, unavailableDates, fullDates };
}
