import {
  CATALOGUE_SERVICES,
  DEFAULT_SERVICE_DURATIONS,
  ONE_HOUR_SERVICE,
  RESOURCE_COUNT_FIELD,
  TIME_SLOTS,
  WORKSHOP_RESOURCES,
  formatWeekdayDate,
  slotHour,
  type ServiceDuration,
  type WorkshopRates,
  type WorkshopResource,
  type WorkshopResourceCounts,
  type WorkshopSettings,
  type WorkshopSettingsUpdate,
} from '@dealer/shared';
import type { Executor } from '../../db/client';
import { recordAudit } from '../audit';
import { ConflictError, ValidationError } from '../../infra/errors';
import type { AuthUser } from '../auth';
import { addDays, holdDayIfOpen, isSunday } from '../workshop-calendar';
import { keptCalendarValue, type CalendarKeeping } from './maintenance.calendar-kept';
import type { MaintenanceContext } from './maintenance.context';
import { busiestHourFrom, setCapacityFrom, type DayHold } from './maintenance.holds.repository';
import {
  findRates,
  findResourceCounts,
  listSavedDurations,
  lockResourceCounts,
  saveDurations,
  saveResourceCounts,
} from './maintenance.workshop-settings.repository';

// The workshop's places and how long each service occupies one (workshop settings and job plans).

/** The first hour the workshop opens and the hour it closes (the last slot starts at 07:00 PM). */
export const OPENING_HOUR = slotHour(TIME_SLOTS[0]);
export const CLOSING_HOUR = slotHour(TIME_SLOTS[TIME_SLOTS.length - 1]!) + 1;

const PLURAL: Record<WorkshopResource, string> = {
  'Service bay': 'service bays',
  'Body bay': 'body bays',
  'Paint booth': 'paint booths',
};


const timeOfHour = (hour: number) => TIME_SLOTS[hour - OPENING_HOUR] ?? `${hour}:00`;

export const WORKSHOP_MESSAGES = {
  runsLate: (hours: number) =>
    `This job takes about ${hours} hours and would run past closing time (8:00 PM). Please choose an earlier time.`,
  dayStart: 'Jobs that take working days start at 08:00 AM. Please choose 08:00 AM.',
  resourceFull: (resource: WorkshopResource, date: string) =>
    `The ${resource.toLowerCase()} is fully booked on ${formatWeekdayDate(date)}, a day this job needs. Please choose another date.`,
  countBelowBooked: (resource: WorkshopResource, booked: number, date: string, hour: number) =>
    `${booked} ${booked === 1 ? 'job is' : 'jobs are'} already booked in the ${PLURAL[resource]} on ${formatWeekdayDate(date)} at ` +
    `${timeOfHour(hour)}. Keep at least ${booked} ${PLURAL[resource]}, or move those jobs first.`,
} as const;

/** What a job occupies: the service's kind of place, for hours within a day or for working days. */
export type JobShape = ServiceDuration;

/** The job an appointment row was booked as (old rows: one hour of a service bay). */
export const shapeOfAppointment = (row: { resource: WorkshopResource; durationUnit: 'hours' | 'days'; durationAmount: number }): JobShape => ({
  resource: row.resource,
  unit: row.durationUnit,
  amount: row.durationAmount,
});

export const isOneHourServiceJob = (job: JobShape) =>
  job.unit === ONE_HOUR_SERVICE.unit && job.amount === 1 && job.resource === ONE_HOUR_SERVICE.resource;

export function createWorkshopSettings(ctx: Pick<MaintenanceContext, 'db' | 'config' | 'now'>, keeping: CalendarKeeping) {
  const { db, config } = ctx;
  const defaults = (): WorkshopResourceCounts => ({ serviceBays: config.SLOT_CAPACITY, bodyBays: 1, paintBooths: 1 });
  // Read outside a transaction (the calendar, the settings screens), the counts and durations are kept; inside one, always read.
  const keptCounts = keptCalendarValue<WorkshopResourceCounts | null>(keeping);
  const keptDurations = keptCalendarValue<Map<string, ServiceDuration>>(keeping);
  const savedDurations = (executor: Executor) =>
    executor === db ? keptDurations.load('', () => listSavedDurations(db)) : listSavedDurations(executor);

  async function resourceCounts(executor: Executor = db): Promise<WorkshopResourceCounts> {
    const found = executor === db ? await keptCounts.load('', async () => (await findResourceCounts(db)) ?? null) : await findResourceCounts(executor);
    return found ?? defaults();
  }

  /** How many jobs one hour of each resource takes. */
  async function capacities(executor: Executor = db): Promise<(resource: WorkshopResource) => number> {
    const counts = await resourceCounts(executor);
    return (resource) => counts[RESOURCE_COUNT_FIELD[resource]];
  }

  async function serviceDurations(executor: Executor = db) {
    const saved = await savedDurations(executor);
    return CATALOGUE_SERVICES.map((s) => ({
      ...s,
      ...(saved.get(s.specificService) ?? DEFAULT_SERVICE_DURATIONS[s.specificService] ?? ONE_HOUR_SERVICE),
    }));
  }

  /** How the service is booked now (an unknown name: one hour of a service bay). */
  async function jobOf(specificService: string | undefined, executor: Executor = db): Promise<JobShape> {
    if (!specificService) return ONE_HOUR_SERVICE;
    const saved = (await savedDurations(executor)).get(specificService);
    return saved ?? DEFAULT_SERVICE_DURATIONS[specificService] ?? ONE_HOUR_SERVICE;
  }

  /** What estimates charge now: $90.00 an hour and no tax until an admin saves other rates. */
  async function rates(executor: Executor = db): Promise<WorkshopRates> {
    return (await findRates(executor)) ?? { hourlyRateCents: 9000, taxRateBasisPoints: 0 };
  }

  async function settings(): Promise<WorkshopSettings> {
    const [resources, services, current] = await Promise.all([resourceCounts(), serviceDurations(), rates()]);
    return { resources, services, rates: current };
  }

  /**
   * Saves the place counts and durations. A count below what is already booked for some hour from today
   * on is refused naming that hour (409), and nothing changes. The counters' capacity follows in the same
   * transaction; their CHECK refuses anything this check missed. Bookings already made keep the duration
   * they were booked with.
   */
  async function update(actor: AuthUser, input: WorkshopSettingsUpdate): Promise<WorkshopSettings> {
    const today = ctx.now().date;
    await db.transaction(async (tx) => {
      await lockResourceCounts(tx, 'exclusive');
      const before = await resourceCounts(tx);
      const ratesBefore = await rates(tx);
      for (const resource of WORKSHOP_RESOURCES) {
        const wanted = input.resources[RESOURCE_COUNT_FIELD[resource]];
        if (wanted >= before[RESOURCE_COUNT_FIELD[resource]]) continue;
        const busiest = await busiestHourFrom(tx, resource, today);
        if (busiest && busiest.booked > wanted) {
          const message = WORKSHOP_MESSAGES.countBelowBooked(resource, busiest.booked, busiest.date, busiest.hour);
          throw new ConflictError(message, { [`resources.${RESOURCE_COUNT_FIELD[resource]}`]: message });
        }
      }
      await saveResourceCounts(tx, input.resources, input.rates);
      for (const resource of WORKSHOP_RESOURCES) {
        await setCapacityFrom(tx, resource, today, input.resources[RESOURCE_COUNT_FIELD[resource]]);
      }
      await saveDurations(tx, input.services);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'workshop.settings',
        entityType: 'workshop_settings',
        entityId: '1',
        before: { resources: before, ...(input.rates ? { rates: ratesBefore } : {}) },
        after: { resources: input.resources, services: input.services, ...(input.rates ? { rates: input.rates } : {}) },
      });
    });
    // This node sees the change at once; the others when the change bus tells them (the 'calendar' topic).
    keptCounts.clear();
    keptDurations.clear();
    return settings();
  }

  /**
   * The hours a job booked at a date and time holds. An hourly job must end by closing time; a job of
   * working days starts at the opening hour and holds every hour of each working day it spans (Sundays and
   * closure days are skipped, not counted; each day's closure lock is held shared until commit). Inside
   * the booking's transaction.
   */
  async function planHolds(tx: Executor, job: JobShape, date: string, time: string): Promise<DayHold[]> {
    const start = slotHour(time);
    if (job.unit === 'hours') {
      if (start + job.amount > CLOSING_HOUR) {
        const message = WORKSHOP_MESSAGES.runsLate(job.amount);
        throw new ValidationError({ appointmentTime: message }, message);
      }
      return [{ resource: job.resource, date, startHour: start, endHour: start + job.amount }];
    }
    if (start !== OPENING_HOUR) throw new ValidationError({ appointmentTime: WORKSHOP_MESSAGES.dayStart }, WORKSHOP_MESSAGES.dayStart);
    const holds: DayHold[] = [];
    for (let day = date; holds.length < job.amount; day = addDays(day, 1)) {
      if (isSunday(day)) continue;
      // The first day was checked open by the caller (with its own message); later closed days are skipped.
      if (!(await holdDayIfOpen(tx, day))) continue;
      holds.push({ resource: job.resource, date: day, startHour: OPENING_HOUR, endHour: CLOSING_HOUR });
    }
    return holds;
  }

  return { resourceCounts, capacities, serviceDurations, jobOf, rates, settings, update, planHolds, lockResourceCounts };
}

export type WorkshopSettingsService = ReturnType<typeof createWorkshopSettings>;

/**
 * The working days a job of `days` starting on `date` spans, from a known set of closure days (read paths:
 * the calendar; bookings use planHolds under the closure locks).
 */
export function workingDaysFrom(date: string, days: number, closed: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let day = date; out.length < days; day = addDays(day, 1)) {
    if (!isSunday(day) && !closed.has(day)) out.push(day);
  }
  return out;
}

/** Closure days from `from` far enough ahead for any job of `days` working days starting up to `to`. */
export function closuresAround(closedDays: ClosedDays, from: string, to: string, days: number): Promise<ReadonlySet<string>> {
  return closedDays(from, addDays(to, days * 2 + 31));
}

/** The closure days from one date to another, both included. */
export type ClosedDays = (from: string, to: string) => Promise<ReadonlySet<string>>;

/** The holds of a job from known closure days (seeding, repair and tests that insert rows directly). */
export function holdsOf(job: JobShape, date: string, time: string, closed: ReadonlySet<string>): DayHold[] {
  if (job.unit === 'hours') {
    const start = slotHour(time);
    return [{ resource: job.resource, date, startHour: start, endHour: Math.min(start + job.amount, CLOSING_HOUR) }];
  }
  return workingDaysFrom(date, job.amount, closed).map((day) => ({
    resource: job.resource,
    date: day,
    startHour: OPENING_HOUR,
    endHour: CLOSING_HOUR,
  }));
}
