import {
  WORKSHOP_RESOURCES,
  reportPeriods,
  type WorkshopPeriod,
  type WorkshopReportPeriod,
  type WorkshopResource,
} from '@dealer/shared';
import type { Executor } from '../../db/client';
import { OPEN_HOURS_A_DAY, addDays, isSunday } from '../workshop-calendar';

type Days = { from: string; to: string; period: WorkshopReportPeriod };
type Instants = { start: Date; end: Date; period: WorkshopReportPeriod; timeZone: string };
type ByPeriod = { start: string };

/** What the workshop report reads of maintenance, invoices, estimates, reminders and the calendar (wired at the composition root). */
export interface WorkshopFigures {
  bookedHours(db: Executor, days: Days): Promise<(ByPeriod & { resource: WorkshopResource; hours: number })[]>;
  jobEndings(db: Executor, days: Days): Promise<(ByPeriod & { jobs: number; noShows: number })[]>;
  revenue(
    db: Executor,
    range: Instants,
  ): Promise<{ byCategory: (ByPeriod & { category: string; cents: number })[]; byTechnician: (ByPeriod & { technician: string; cents: number })[] }>;
  estimates(
    db: Executor,
    range: Instants,
  ): Promise<(ByPeriod & { decided: number; estimatedCents: number; approvedCents: number; medianHours: string | number | null })[]>;
  reminders(db: Executor, range: Instants): Promise<(ByPeriod & { sent: number; booked: number })[]>;
  /** How many places of each resource the workshop has now. */
  places(): Promise<Record<WorkshopResource, number>>;
  /** The closure days between two days, both counted. */
  closedDays(db: Executor, from: string, to: string): Promise<string[]>;
}

const shareOf = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const oneDecimal = (value: string | number | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);

function byStart<T extends ByPeriod>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(row.start, [...(map.get(row.start) ?? []), row]);
  return map;
}

/** Open days (not Sundays, not closure days) from `from` to `to`, both counted. */
function openDaysBetween(from: string, to: string, closed: ReadonlySet<string>): number {
  let open = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) if (!isSunday(day) && !closed.has(day)) open++;
  return open;
}

/**
 * The workshop's figures per week or month of `days`: each domain answers with one grouped statement for
 * the whole range, and the rows are laid into the periods here. Periods without rows show zeros.
 */
export async function workshopPeriods(db: Executor, figures: WorkshopFigures, days: Days, range: Instants): Promise<WorkshopPeriod[]> {
  const [booked, endings, revenue, estimates, reminders, places, closed] = await Promise.all([
    figures.bookedHours(db, days),
    figures.jobEndings(db, days),
    figures.revenue(db, range),
    figures.estimates(db, range),
    figures.reminders(db, range),
    figures.places(),
    figures.closedDays(db, days.from, days.to),
  ]);
  const closedSet = new Set(closed);
  const bookedOf = byStart(booked);
  const endingsOf = byStart(endings);
  const categoriesOf = byStart(revenue.byCategory);
  const techniciansOf = byStart(revenue.byTechnician);
  const estimatesOf = byStart(estimates);
  const remindersOf = byStart(reminders);

  return reportPeriods(days.from, days.to, days.period).map((p) => {
    const openHours = openDaysBetween(p.from, p.to, closedSet) * OPEN_HOURS_A_DAY;
    const categories = (categoriesOf.get(p.start) ?? []).sort((a, b) => b.cents - a.cents || a.category.localeCompare(b.category));
    const technicians = (techniciansOf.get(p.start) ?? []).sort((a, b) => b.cents - a.cents || a.technician.localeCompare(b.technician));
    const est = estimatesOf.get(p.start)?.[0];
    const ended = endingsOf.get(p.start)?.[0];
    const sent = remindersOf.get(p.start)?.[0];
    return {
      ...p,
      utilisation: WORKSHOP_RESOURCES.map((resource) => {
        const bookedHours = bookedOf.get(p.start)?.find((r) => r.resource === resource)?.hours ?? 0;
        const availableHours = openHours * places[resource];
        return { resource, bookedHours, availableHours, share: shareOf(bookedHours, availableHours) };
      }),
      revenue: {
        totalCents: categories.reduce((sum, c) => sum + c.cents, 0),
        byCategory: categories.map(({ category, cents }) => ({ category, cents })),
        byTechnician: technicians.map(({ technician, cents }) => ({ technician, cents })),
      },
      estimates: {
        decided: est?.decided ?? 0,
        estimatedCents: est?.estimatedCents ?? 0,
        approvedCents: est?.approvedCents ?? 0,
        approvalShare: shareOf(est?.approvedCents ?? 0, est?.estimatedCents ?? 0),
        medianDecisionHours: oneDecimal(est?.medianHours ?? null),
      },
      noShows: { jobs: ended?.jobs ?? 0, noShows: ended?.noShows ?? 0, share: shareOf(ended?.noShows ?? 0, ended?.jobs ?? 0) },
      reminders: { sent: sent?.sent ?? 0, booked: sent?.booked ?? 0, share: shareOf(sent?.booked ?? 0, sent?.sent ?? 0) },
    };
  });
}
