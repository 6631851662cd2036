import { worksIn } from '@dealer/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../infra/errors';
import type { AuthUser } from '../auth';
import { countOpenFutureBookings, findAppointment } from './maintenance.appointments.repository';
import { type AppointmentRow, toAppointment, toStaffAppointment } from './maintenance.mapper';
import { findHolds, moveHours, replaceHolds, type DayHold } from './maintenance.holds.repository';
import { keptCalendarValue } from './maintenance.calendar-kept';
import { createWorkshopSettings, WORKSHOP_MESSAGES, type ClosedDays, type JobShape } from './maintenance.workshop';
import { MESSAGES } from './maintenance.rules';
import { createWorkshopCalendar, listClosures, type WorkshopMoment } from '../workshop-calendar';
import { isUuid } from '../../infra/uuid';

/** A document issued when a job completes (its invoice), attached to the completion e-mail. */
export interface CompletionDocument {
  number: string;
  totalCents: number;
  pdf: { filename: string; base64: string };
}

export type MaintenanceDeps = Pick<AppDeps, 'db' | 'clock' | 'config'> & {
  /** Empties the calendar's kept counts, durations and closure days when any node changes them (maintenance.calendar-kept.ts). */
  changes?: Pick<AppDeps['changes'], 'onChange' | 'connected'>;
  /** Told of every new booking inside its transaction (reminders record the booking a reminder led to). */
  onBooked?: (tx: Executor, booking: AppointmentRow) => Promise<void>;
  /**
   * Called in the transaction that moves a job to Completed, wherever that happens (wired at the
   * composition root: the invoices domain issues the job's invoice); its document rides on the e-mail.
   */
  onCompleted?: (tx: Executor, job: AppointmentRow, actorId: string | null) => Promise<CompletionDocument | null>;
};

/**
 * What every maintenance use case shares: its dependencies, the workshop's clock and calendar, the
 * rules every booked place obeys, and the lookup that applies who may see an appointment.
 */
export function createMaintenanceContext(deps: MaintenanceDeps) {
  const { db, config } = deps;
  const calendar = createWorkshopCalendar(deps);
  const { ruleAt, openTimesOn } = calendar;
  const keeping = { changes: deps.changes, testing: config.NODE_ENV === 'test' };
  const workshop = createWorkshopSettings({ db, config, now: calendar.now }, keeping);
  const keptClosures = keptCalendarValue<ReadonlySet<string>>(keeping, 50);
  /** The closure days between two dates, kept between requests (the calendar reads them on every request). */
  const closedDays: ClosedDays = (from, to) =>
    keptClosures.load(`${from} ${to}`, async () => new Set((await listClosures(db, from, to)).map((closure) => closure.date)));
  /** Pending or Scheduled bookings of the customer that have not started yet. */
  const openBookingsOf = (executor: Executor, userId: string, moment: WorkshopMoment) =>
    countOpenFutureBookings(
      executor,
      userId,
      moment.date,
      openTimesOn(moment.date, moment),
    );
  /** Staff see the staff-only notes; a customer (an admin's own history included) never does. */
  const viewOf = (user: AuthUser) => (worksIn(user.role, 'workshop') ? toStaffAppointment : toAppointment);

  /**
   * The calendar rules every booked place obeys, whether booked or moved there: a 422 naming the
   * field when the slot cannot be taken at this moment (capacity aside).
   */
  async function assertBookable(date: string, time: string, moment: WorkshopMoment): Promise<void> {
    const rule = ruleAt(date, time, moment);
    if (rule === 'sunday') throw new ValidationError({ appointmentDate: MESSAGES.sunday }, MESSAGES.sunday);
    if (rule === 'past-date') throw new ValidationError({ appointmentDate: MESSAGES.pastDate }, MESSAGES.pastDate);
    if (rule === 'past-time') throw new ValidationError({ appointmentTime: MESSAGES.pastTime }, MESSAGES.pastTime);
    if (rule === 'too-far') {
      const message = MESSAGES.tooFarAhead(config.BOOKING_HORIZON_DAYS);
      throw new ValidationError({ appointmentDate: message }, message);
    }
  }

  /**
   * Takes the places a job booked at a date and time holds, or answers why it cannot (the first full hour's
   * message: the spec's slot message for hourly jobs, the resource and day for jobs of working days). With
   * `from`, the appointment's current places are given back in the same step (a move). Inside the
   * transaction, after the date's closure check; the caller writes the holds once the appointment exists.
   */
  async function tryTakePlaces(
    tx: Executor,
    job: JobShape,
    date: string,
    time: string,
    from: readonly DayHold[] = [],
  ): Promise<{ holds: DayHold[]; full: null } | { holds: null; full: { message: string; field: 'appointmentTime' | 'appointmentDate' } }> {
    const holds = await workshop.planHolds(tx, job, date, time);
    await workshop.lockResourceCounts(tx, 'shared');
    const capacityOf = await workshop.capacities(tx);
    const full = await moveHours(tx, from, holds, capacityOf);
    if (!full) return { holds, full: null };
    if (job.unit === 'hours') return { holds: null, full: { message: MESSAGES.slotFull, field: 'appointmentTime' } };
    return { holds: null, full: { message: WORKSHOP_MESSAGES.resourceFull(full.resource, full.date), field: 'appointmentDate' } };
  }

  /** Takes a job's places for a booking made or moved there; no place is a 409 naming the field. */
  async function takePlaces(tx: Executor, job: JobShape, date: string, time: string, from: readonly DayHold[] = []): Promise<DayHold[]> {
    const result = await tryTakePlaces(tx, job, date, time, from);
    if (result.full) throw new ConflictError(result.full.message, { [result.full.field]: result.full.message });
    return result.holds;
  }

  /** Gives back every place an appointment holds (it stops holding: cancelled, completed). */
  async function releasePlaces(tx: Executor, appointmentId: string): Promise<void> {
    const holds = await findHolds(tx, appointmentId);
    if (holds.length === 0) return;
    await moveHours(tx, holds, [], () => 0);
    await replaceHolds(tx, appointmentId, []);
  }

  /** The appointment if the user owns it or is staff; 404 otherwise (also for malformed ids). */
  async function findVisible(user: AuthUser, id: string): Promise<AppointmentRow> {
    if (!isUuid(id)) throw new NotFoundError(MESSAGES.notFound);
    const row = await findAppointment(db, id);
    if (!row || (row.userId !== user.id && !worksIn(user.role, 'workshop'))) throw new NotFoundError(MESSAGES.notFound);
    return row;
  }

  /** The completion hook, run once the row says Completed: nothing when none is wired. */
  const completed = (tx: Executor, job: AppointmentRow, actorId: string | null) => deps.onCompleted?.(tx, job, actorId) ?? Promise.resolve(null);

  return {
    ...deps,
    ...calendar,
    completed,
    openBookingsOf,
    viewOf,
    workshop,
    closedDays,
    assertBookable,
    tryTakePlaces,
    takePlaces,
    releasePlaces,
    findVisible,
  };
}

export type MaintenanceContext = ReturnType<typeof createMaintenanceContext>;
