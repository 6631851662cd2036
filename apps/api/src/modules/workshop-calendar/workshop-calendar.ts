import type { AppDeps } from '../../deps';
import { calendarRule, openTimes } from './opening-hours';
import { addDays, workshopMoment, type WorkshopMoment } from './workshop-time';

export type WorkshopCalendarDeps = Pick<AppDeps, 'clock' | 'config'>;

/**
 * The workshop's calendar at this moment: its local time, how far ahead it takes bookings, which
 * slots its opening hours leave open, and how many cars one slot takes.
 */
export function createWorkshopCalendar(deps: WorkshopCalendarDeps) {
  const { config } = deps;
  const capacity = () => config.SLOT_CAPACITY;
  const now = () => workshopMoment(deps.clock.now(), config.WORKSHOP_TZ);
  const lastBookableDate = (moment: WorkshopMoment) => addDays(moment.date, config.BOOKING_HORIZON_DAYS);
  /** `last` saves working out the horizon again when one request asks about many slots (a month: 372). */
  const ruleAt = (date: string, time: string, moment: WorkshopMoment, last = lastBookableDate(moment)) =>
    calendarRule(date, time, moment, last);
  /** The slots of a date whose rule is null: a month's calendar asks for 31 dates. */
  const openTimesOn = (date: string, moment: WorkshopMoment, last = lastBookableDate(moment)) => openTimes(date, moment, last);
  /** Whether a slot has begun (or lies on an earlier date) at this moment. */
  const hasStarted = (date: string, time: string, moment: WorkshopMoment) => {
    const rule = ruleAt(date, time, moment);
    return rule === 'past-date' || rule === 'past-time';
  };
  return { capacity, now, lastBookableDate, ruleAt, openTimesOn, hasStarted };
}

export type WorkshopCalendar = ReturnType<typeof createWorkshopCalendar>;
