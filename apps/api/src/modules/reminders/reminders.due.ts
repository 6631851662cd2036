import { formatCalendarDay, formatNumber } from '@dealer/shared';
import { addDays } from '../workshop-calendar';

// When a service is due again: the interval's months from the last job's day, or the day the projected
// mileage reaches the interval's miles, whichever comes first (issue 27, item 7).

const DAY_MS = 86_400_000;

export interface IntervalValue {
  months: number | null;
  miles: number | null;
}

export interface ServiceJobFacts {
  specificService: string;
  /** The last completed job's day (YYYY-MM-DD). */
  jobDate: string;
  /** The odometer at that job's check-in, if it was checked in. */
  odometer: number | null;
  /** The vehicle's check-in readings, oldest first. */
  readings: readonly { on: string; odometer: number }[];
}

export interface ServiceDue {
  by: 'date' | 'mileage';
  /** The day it became due. */
  dueOn: string;
  /** What the e-mail says. */
  reason: string;
}

/** 'YYYY-MM-DD' plus whole months; a day past the month's end is its last day (31 January + 1 month = 28 February). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * Miles a day from the first to the last reading; null with fewer than two readings on different days,
 * or an odometer that did not rise (nothing to project from).
 */
export function milesPerDay(readings: readonly { on: string; odometer: number }[]): number | null {
  if (readings.length < 2) return null;
  const first = readings[0]!;
  const last = readings.at(-1)!;
  const days = daysBetween(first.on, last.on);
  if (days <= 0 || last.odometer <= first.odometer) return null;
  return (last.odometer - first.odometer) / days;
}

/**
 * The day the vehicle reaches `target` miles: read at a check-in since `from`, or projected from the
 * last reading at the rate of all the readings.
 */
function dayReaching(readings: readonly { on: string; odometer: number }[], from: string, target: number): string | null {
  const read = readings.find((r) => r.on >= from && r.odometer >= target);
  if (read) return read.on;
  const rate = milesPerDay(readings);
  if (rate === null) return null;
  const last = readings.at(-1)!;
  return addDays(last.on, Math.ceil((target - last.odometer) / rate));
}

/** Whether the service is due on `today`, and why; null when it is not (yet) or cannot be told. */
export function serviceDue(job: ServiceJobFacts, interval: IntervalValue, today: string): ServiceDue | null {
  const since = `since your last ${job.specificService} on ${formatCalendarDay(job.jobDate)}`;
  const byDate = interval.months !== null ? addMonths(job.jobDate, interval.months) : null;
  const byMileage =
    interval.miles !== null && job.odometer !== null
      ? dayReaching(job.readings, job.jobDate, job.odometer + interval.miles)
      : null;
  const candidates: ServiceDue[] = [];
  if (byDate !== null)
    candidates.push({ by: 'date', dueOn: byDate, reason: `${interval.months} ${interval.months === 1 ? 'month' : 'months'} ${since}` });
  if (byMileage !== null)
    candidates.push({ by: 'mileage', dueOn: byMileage, reason: `About ${formatNumber(interval.miles!)} miles ${since}, going by your odometer readings` });
  const first = candidates.sort((a, b) => a.dueOn.localeCompare(b.dueOn))[0];
  if (!first || first.dueOn > today) return null;
  return { ...first, reason: first.reason.charAt(0).toUpperCase() + first.reason.slice(1) };
}

/** A registration as the odometer history and My Garage key it: upper case, letters and digits only. */
export const registrationKey = (registration: string) => registration.toUpperCase().replace(/[^A-Z0-9]/g, '');
