import { closedDayMessage, formatLongDate, type AdminClosureDay, type ClosureDay, type ClosureDayCreate } from '@dealer/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { recordAudit } from '../audit';
import { ConflictError, NotFoundError, ValidationError } from '../../infra/errors';
import type { AuthUser } from '../auth';
import * as repo from './closures.repository';
import { datesOfMonth, workshopMoment } from './workshop-time';

export const CLOSURE_MESSAGES = {
  pastDate: 'Please choose today or a later date.',
  duplicate: (date: string, reason: string) => `${formatLongDate(date)} is already a closure day (${reason}).`,
  hasBookings: (date: string, count: number) =>
    `${count} ${count === 1 ? 'appointment is' : 'appointments are'} booked on ${formatLongDate(date)} (Pending or Scheduled). ` +
    'Reschedule or cancel ' +
    (count === 1 ? 'it' : 'them') +
    ' before closing that day.',
  hasTestDrives: (date: string, count: number) =>
    `${count} ${count === 1 ? 'test drive is' : 'test drives are'} booked on ${formatLongDate(date)}. ` +
    `The sales team must reschedule or cancel ${count === 1 ? 'it' : 'them'} before that day can be closed.`,
  /** Said after hasBookings when the day also holds test drives. */
  alsoTestDrives: (count: number) =>
    `${count} ${count === 1 ? 'test drive is' : 'test drives are'} booked on that day too: the sales team must reschedule or cancel ${count === 1 ? 'it' : 'them'} as well.`,
  notFound: 'Closure day not found',
} as const;

export type ClosuresServiceDeps = Pick<AppDeps, 'db' | 'clock' | 'config'> & {
  /** The appointments domain: how many Pending or Scheduled bookings a date holds, read in the closing transaction. */
  bookings: { countHoldingOnDate(tx: Executor, date: string): Promise<number> };
  /** The sales calendar: how many test drives are booked on a date, read in the closing transaction. */
  testDrives: { countBookedOnDate(tx: Executor, date: string): Promise<number> };
};

const toClosureDay = (row: repo.ClosureRow): ClosureDay => ({ date: row.date, reason: row.reason });

/**
 * Refuses a booking on a closure day. Call inside the booking's transaction: it holds the day's
 * lock shared until the booking commits, so the day cannot be closed in between.
 */
export async function assertDayOpen(tx: Executor, date: string): Promise<void> {
  await repo.lockClosureDate(tx, date, 'shared');
  const closure = await repo.findClosure(tx, date);
  if (closure) {
    const message = closedDayMessage(closure.reason);
    throw new ValidationError({ appointmentDate: message }, message);
  }
}

/**
 * Whether a day of a job that takes working days is open, holding the day's lock shared until the
 * booking commits (like assertDayOpen), so a closure cannot be added under the job in between.
 */
export async function holdDayIfOpen(tx: Executor, date: string): Promise<boolean> {
  await repo.lockClosureDate(tx, date, 'shared');
  return !(await repo.findClosure(tx, date));
}

export function createClosuresService(deps: ClosuresServiceDeps) {
  const { db, config, bookings, testDrives } = deps;
  const today = () => workshopMoment(deps.clock.now(), config.WORKSHOP_TZ).date;

  return {
    /** One month's closure days, or every one from today on. */
    async list(month?: string): Promise<ClosureDay[]> {
      if (month) {
        const dates = datesOfMonth(month);
        return (await repo.listClosures(db, dates[0]!, dates[dates.length - 1]!)).map(toClosureDay);
      }
      return (await repo.listClosures(db, today())).map(toClosureDay);
    },

    async adminList(): Promise<AdminClosureDay[]> {
      const rows = await repo.listClosuresWithCreator(db, today());
      return rows.map(({ closure, creatorName }) => ({
        ...toClosureDay(closure),
        createdBy: closure.createdBy ? { _id: closure.createdBy, name: creatorName ?? 'Deleted user' } : null,
        createdAt: closure.createdAt.toISOString(),
      }));
    },

    /**
     * Closes a day. A day that still holds Pending or Scheduled bookings or booked test drives is
     * refused: those customers expect to be seen, so staff move or cancel them first (the message
     * says how many of each).
     */
    async create(actor: AuthUser, input: { date: string; reason: string }): Promise<ClosureDay> {
      if (input.date < today()) {
        throw new ValidationError({ date: CLOSURE_MESSAGES.pastDate }, CLOSURE_MESSAGES.pastDate);
      }
      const row = await db.transaction(async (tx) => {
        await repo.lockClosureDate(tx, input.date, 'exclusive');
        const existing = await repo.findClosure(tx, input.date);
        if (existing) {
          const message = CLOSURE_MESSAGES.duplicate(input.date, existing.reason);
          throw new ConflictError(message, { date: message });
        }
        // Bookings of either calendar take the day's lock shared, so these counts hold until commit.
        const booked = await bookings.countHoldingOnDate(tx, input.date);
        const drives = await testDrives.countBookedOnDate(tx, input.date);
        if (booked > 0 || drives > 0) {
          const message =
            booked === 0
              ? CLOSURE_MESSAGES.hasTestDrives(input.date, drives)
              : drives === 0
                ? CLOSURE_MESSAGES.hasBookings(input.date, booked)
                : `${CLOSURE_MESSAGES.hasBookings(input.date, booked)} ${CLOSURE_MESSAGES.alsoTestDrives(drives)}`;
          throw new ConflictError(message, { date: message });
        }
        const inserted = await repo.insertClosure(tx, { date: input.date, reason: input.reason, createdBy: actor.id });
        if (!inserted) throw new ConflictError(CLOSURE_MESSAGES.duplicate(input.date, input.reason));
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'closure.create',
          entityType: 'closure_day',
          entityId: input.date,
          after: { date: input.date, reason: input.reason },
        });
        return inserted;
      });
      return toClosureDay(row);
    },

    async remove(actor: AuthUser, date: string): Promise<ClosureDay> {
      const row = await db.transaction(async (tx) => {
        const removed = await repo.deleteClosure(tx, date);
        if (!removed) throw new NotFoundError(CLOSURE_MESSAGES.notFound);
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'closure.delete',
          entityType: 'closure_day',
          entityId: date,
          before: { date: removed.date, reason: removed.reason },
        });
        return removed;
      });
      return toClosureDay(row);
    },
  };
}

export type ClosuresService = ReturnType<typeof createClosuresService>;
export type { ClosureDayCreate };
