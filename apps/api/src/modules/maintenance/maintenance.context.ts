import { TIME_SLOTS, worksIn } from '@dealer/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../infra/errors';
import type { AuthUser } from '../auth';
import { countOpenFutureBookings, findAppointment } from './maintenance.appointments.repository';
import { type AppointmentRow, toAppointment, toStaffAppointment } from './maintenance.mapper';
import { takeSlotPlace } from './maintenance.slots.repository';
import { MESSAGES } from './maintenance.rules';
import { createWorkshopCalendar, type WorkshopMoment } from '../workshop-calendar';
import { isUuid } from '../../infra/uuid';

export type MaintenanceDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/**
 * What every maintenance use case shares: its dependencies, the workshop's clock and calendar, the
 * rules every booked place obeys, and the lookup that applies who may see an appointment.
 */
export function createMaintenanceContext(deps: MaintenanceDeps) {
  const { db, config } = deps;
  const calendar = createWorkshopCalendar(deps);
  const { capacity, ruleAt } = calendar;
  /** Pending or Scheduled bookings of the customer that have not started yet. */
  const openBookingsOf = (executor: Executor, userId: string, moment: WorkshopMoment) =>
    countOpenFutureBookings(
      executor,
      userId,
      moment.date,
      TIME_SLOTS.filter((time) => ruleAt(moment.date, time, moment) === null),
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

  /** Takes a place in the slot for a booking made or moved there; a full slot is a 409 naming the time. */
  async function takePlaceForBooking(tx: Executor, date: string, time: string): Promise<void> {
    const taken = await takeSlotPlace(tx, date, time, capacity());
    if (!taken) throw new ConflictError(MESSAGES.slotFull, { appointmentTime: MESSAGES.slotFull });
  }

  /** The appointment if the user owns it or is staff; 404 otherwise (also for malformed ids). */
  async function findVisible(user: AuthUser, id: string): Promise<AppointmentRow> {
    if (!isUuid(id)) throw new NotFoundError(MESSAGES.notFound);
    const row = await findAppointment(db, id);
    if (!row || (row.userId !== user.id && !worksIn(user.role, 'workshop'))) throw new NotFoundError(MESSAGES.notFound);
    return row;
  }

  return {
    ...deps,
    ...calendar,
    openBookingsOf,
    viewOf,
    assertBookable,
    takePlaceForBooking,
    findVisible,
  };
}

export type MaintenanceContext = ReturnType<typeof createMaintenanceContext>;
