import {
  CANCELLABLE_STATUSES,
  SLOT_HOLDING_STATUSES,
  TIME_SLOTS,
  slotHour,
  openBookingsCapMessage,
  type Availability,
  type BookingAllowance,
  type AuditEntry,
  type BookingRequest,
  type MaintenanceAppointment,
  type MaintenanceListMeta,
  type MaintenanceOverview,
  type MaintenanceSettings,
  type MaintenanceStatus,
  type MonthAvailability,
  type RescheduleRequest,
  type SlotAvailability,
  type StaffBookingRequest,
} from '@dealer/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { listAudit, recordAudit } from '../../lib/audit';
import { pageMeta } from '../../lib/envelope';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { findClosure, listClosures } from '../closures/closures.repository';
import { assertDayOpen } from '../closures/closures.service';
import { mailBookingReceived, mailBookingStatus } from '../mail/mail.events';
import { findUserById } from '../identity/users.repository';
import * as repo from './maintenance.repository';
import { appointmentIcs, icsFileName } from './maintenance.ics';
import { rescheduleAppointment } from './maintenance.reschedule';
import { addDays, datesOfMonth, isSunday, workshopMoment, type WorkshopMoment } from './workshop-time';

export const MESSAGES = {
  slotFull: 'This time slot is fully booked. Please choose another time.',
  sunday: 'The workshop is closed on Sundays. Please choose another date.',
  pastDate: 'Please choose today or a later date.',
  pastTime: 'This time has already passed. Please choose a later time slot.',
  notFound: 'Maintenance appointment not found',
  notCancellable: 'Only pending or scheduled appointments can be cancelled',
  tooFarAhead: (days: number) => `Appointments can be booked up to ${days} days ahead. Please choose an earlier date.`,
  tooManyOpen: openBookingsCapMessage,
  customerNotFound: 'Customer account not found. Choose another customer or book without an account.',
  customerInactive: 'This account is not active. Book without an account instead.',
} as const;

type ServiceDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const holdsPlace = (status: MaintenanceStatus) => (SLOT_HOLDING_STATUSES as readonly string[]).includes(status);

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

/** The appointment's own columns from a booking request. */
function appointmentValues(input: BookingRequest) {
  return {
    maintenanceType: input.maintenanceType,
    specificService: input.specificService,
    appointmentDate: input.appointmentDate,
    appointmentTime: input.appointmentTime,
    vehicleMake: input.vehicle.make,
    vehicleModel: input.vehicle.model,
    vehicleYear: input.vehicle.year,
    vehicleRegistration: input.vehicle.registration,
    customerName: input.customer.name,
    customerEmail: input.customer.email,
    customerPhone: input.customer.phone,
    additionalNotes: input.additionalNotes ? input.additionalNotes : null,
  };
}

export interface AdminUpdateInput {
  status?: MaintenanceStatus;
  cost?: number | null;
  technician?: string | null;
  notes?: string | null;
  staffNotes?: string | null;
}

export function createMaintenanceService(deps: ServiceDeps) {
  const { db, config } = deps;
  const capacity = () => config.SLOT_CAPACITY;
  const now = () => workshopMoment(deps.clock.now(), config.WORKSHOP_TZ);
  const lastBookableDate = (moment: WorkshopMoment) => addDays(moment.date, config.BOOKING_HORIZON_DAYS);
  const ruleAt = (date: string, time: string, moment: WorkshopMoment) =>
    calendarRule(date, time, moment, lastBookableDate(moment));
  /** Pending or Scheduled bookings of the customer that have not started yet. */
  const openBookingsOf = (executor: Executor, userId: string, moment: WorkshopMoment) =>
    repo.countOpenFutureBookings(
      executor,
      userId,
      moment.date,
      TIME_SLOTS.filter((time) => ruleAt(moment.date, time, moment) === null),
    );
  /** Staff see the staff-only notes; a customer (an admin's own history included) never does. */
  const viewOf = (user: AuthUser) => (user.role === 'ADMIN' ? repo.toStaffAppointment : repo.toAppointment);

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

  async function findVisible(user: AuthUser, id: string): Promise<repo.AppointmentRow> {
    if (!UUID.test(id)) throw new NotFoundError(MESSAGES.notFound);
    const row = await repo.findAppointment(db, id);
    if (!row || (row.userId !== user.id && user.role !== 'ADMIN')) throw new NotFoundError(MESSAGES.notFound);
    return row;
  }

  return {
    settings(): MaintenanceSettings {
      const moment = now();
      return {
        emergencyPhone: config.EMERGENCY_PHONE,
        workshopTimeZone: config.WORKSHOP_TZ,
        slotCapacity: capacity(),
        today: moment.date,
        lastBookableDate: lastBookableDate(moment),
        maxOpenBookings: config.MAX_OPEN_BOOKINGS,
      };
    },

    /** Lets the wizard say at once when the customer cannot book another appointment. */
    async allowance(user: AuthUser): Promise<BookingAllowance> {
      if (user.role === 'ADMIN') return { openBookings: 0, maxOpenBookings: null };
      return { openBookings: await openBookingsOf(db, user.id, now()), maxOpenBookings: config.MAX_OPEN_BOOKINGS };
    },

    async dayAvailability(date: string): Promise<Availability> {
      const moment = now();
      const [booked, closure] = await Promise.all([repo.bookedOnDate(db, date), findClosure(db, date)]);
      // A closure day is closed like a Sunday; its hours that have begun still read 'past'.
      const rule = (time: string) => ruleAt(date, time, moment) ?? (closure ? 'closure' : null);
      return {
        date,
        availability: TIME_SLOTS.map((time) => slotAvailability(time, rule(time), booked.get(time) ?? 0, capacity())),
      };
    },

    async monthAvailability(month: string): Promise<MonthAvailability> {
      const moment = now();
      const dates = datesOfMonth(month);
      const [full, closures] = await Promise.all([
        repo.fullSlotsPerDate(db, dates[0]!, dates[dates.length - 1]!, capacity()),
        listClosures(db, dates[0]!, dates[dates.length - 1]!),
      ]);
      const closed = new Set(closures.map((c) => c.date));
      const unavailableDates: string[] = [];
      const fullDates: string[] = [];
      for (const date of dates) {
        const open = TIME_SLOTS.filter((time) => ruleAt(date, time, moment) === null);
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
    },

    async book(user: AuthUser, input: BookingRequest): Promise<MaintenanceAppointment> {
      const moment = now();
      await assertBookable(input.appointmentDate, input.appointmentTime, moment);
      const row = await db.transaction(async (tx) => {
        await assertDayOpen(tx, input.appointmentDate);
        // Staff book for walk-in and phone customers through their own account, so the cap is the customers'.
        if (user.role !== 'ADMIN') {
          await repo.lockCustomerBookings(tx, user.id);
          const open = await openBookingsOf(tx, user.id, moment);
          if (open >= config.MAX_OPEN_BOOKINGS) throw new ConflictError(MESSAGES.tooManyOpen(config.MAX_OPEN_BOOKINGS));
        }
        const taken = await repo.takeSlotPlace(tx, input.appointmentDate, input.appointmentTime, capacity());
        if (!taken) throw new ConflictError(MESSAGES.slotFull, { appointmentTime: MESSAGES.slotFull });
        const inserted = await repo.insertAppointment(tx, { ...appointmentValues(input), userId: user.id, status: 'Pending' });
        await mailBookingReceived(tx, inserted, config);
        return inserted;
      });
      return repo.toAppointment(row);
    },

    /**
     * Staff book for a walk-in or phone customer, for an account (`userId`) or for none (null).
     * The calendar, closure and capacity rules are the customers'; the open-bookings cap is not
     * applied (staff judge), and the booking is confirmed at once (Scheduled): the customer
     * arranged it with the workshop. Audited with who booked it.
     */
    async bookForCustomer(actor: AuthUser, input: StaffBookingRequest): Promise<MaintenanceAppointment> {
      const moment = now();
      await assertBookable(input.appointmentDate, input.appointmentTime, moment);
      const userId = input.userId ?? null;
      if (userId) {
        const account = await findUserById(db, userId);
        if (!account) throw new ValidationError({ userId: MESSAGES.customerNotFound }, MESSAGES.customerNotFound);
        if (account.status !== 'active') throw new ValidationError({ userId: MESSAGES.customerInactive }, MESSAGES.customerInactive);
      }
      const row = await db.transaction(async (tx) => {
        await assertDayOpen(tx, input.appointmentDate);
        const taken = await repo.takeSlotPlace(tx, input.appointmentDate, input.appointmentTime, capacity());
        if (!taken) throw new ConflictError(MESSAGES.slotFull, { appointmentTime: MESSAGES.slotFull });
        const inserted = await repo.insertAppointment(tx, {
          ...appointmentValues(input),
          userId,
          bookedById: actor.id,
          status: 'Scheduled',
        });
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'maintenance.book-for-customer',
          entityType: 'maintenance',
          entityId: inserted.id,
          after: {
            status: 'Scheduled',
            userId,
            appointmentDate: input.appointmentDate,
            appointmentTime: input.appointmentTime,
          },
        });
        // Arranged with the workshop and confirmed at once: the customer gets the confirmation.
        await mailBookingStatus(tx, null, inserted);
        return inserted;
      });
      return repo.toStaffAppointment(row);
    },

    async history(user: AuthUser, query: { status?: MaintenanceStatus; page?: number; limit?: number }) {
      const page = query.page ?? 1;
      const limit = query.limit ?? 50;
      const { rows, total } = await repo.listUserAppointments(db, user.id, {
        status: query.status,
        limit,
        offset: (page - 1) * limit,
      });
      return { data: rows.map(repo.toAppointment), meta: pageMeta(page, limit, total) };
    },

    async get(user: AuthUser, id: string): Promise<MaintenanceAppointment> {
      return viewOf(user)(await findVisible(user, id));
    },

    /** The owner withdraws a Pending or Scheduled appointment; the slot's place is freed in the same transaction. */
    async cancel(user: AuthUser, id: string): Promise<MaintenanceAppointment> {
      if (!UUID.test(id)) throw new NotFoundError(MESSAGES.notFound);
      const row = await db.transaction(async (tx) => {
        const current = await repo.findAppointment(tx, id, { forUpdate: true });
        // Admins change other people's appointments through PATCH; here only the owner counts.
        if (!current || current.userId !== user.id) throw new NotFoundError(MESSAGES.notFound);
        if (!(CANCELLABLE_STATUSES as readonly string[]).includes(current.status)) {
          throw new ConflictError(MESSAGES.notCancellable);
        }
        await repo.releaseSlotPlace(tx, current.appointmentDate, current.appointmentTime);
        const updated = await repo.updateAppointment(tx, id, { status: 'Cancelled' });
        await mailBookingStatus(tx, current, updated, 'customer');
        await recordAudit(tx, {
          actorId: user.id,
          action: 'maintenance.cancel',
          entityType: 'maintenance',
          entityId: id,
          before: { status: current.status },
          after: { status: 'Cancelled' },
        });
        return updated;
      });
      return repo.toAppointment(row);
    },

    /** The owner or an admin moves a Pending or Scheduled appointment to another free slot. */
    async reschedule(user: AuthUser, id: string, input: RescheduleRequest): Promise<MaintenanceAppointment> {
      if (!UUID.test(id)) throw new NotFoundError(MESSAGES.notFound);
      const row = await rescheduleAppointment(
        {
          db,
          capacity: capacity(),
          maxOpenBookings: config.MAX_OPEN_BOOKINGS,
          slotFullMessage: MESSAGES.slotFull,
          notFoundMessage: MESSAGES.notFound,
          tooManyOpenMessage: MESSAGES.tooManyOpen(config.MAX_OPEN_BOOKINGS),
          now,
          assertBookable,
          hasStarted: (date, time, moment) => {
            const rule = ruleAt(date, time, moment);
            return rule === 'past-date' || rule === 'past-time';
          },
          openBookingsOf,
        },
        user,
        id,
        input,
      );
      return viewOf(user)(row);
    },

    async calendar(user: AuthUser, id: string, host?: string): Promise<{ fileName: string; body: string }> {
      const appointment = repo.toAppointment(await findVisible(user, id));
      return {
        fileName: icsFileName(appointment),
        body: appointmentIcs(appointment, { timeZone: config.WORKSHOP_TZ, now: deps.clock.now(), host }),
      };
    },

    async adminList(query: repo.AdminListFilters & { page?: number; limit?: number }) {
      const page = query.page ?? 1;
      const limit = query.limit ?? 10;
      const { rows, total, statusCounts } = await repo.listAllAppointments(
        db,
        { status: query.status, dateFrom: query.dateFrom, dateTo: query.dateTo, search: query.search },
        { limit, offset: (page - 1) * limit },
      );
      const all = Object.values(statusCounts).reduce((a, b) => a + b, 0);
      const meta: MaintenanceListMeta = { ...pageMeta(page, limit, total), statusCounts: { ...statusCounts, all } };
      return { data: rows.map(repo.toStaffAppointment), meta };
    },

    /**
     * Any of status, cost, technician, notes. A status change moving the booking into or out
     * of Pending/Scheduled takes or frees its slot place with the same conditional UPDATE as a
     * booking, so approving can never overfill a slot. Audited with the changed fields.
     */
    async adminUpdate(actor: AuthUser, id: string, input: AdminUpdateInput): Promise<MaintenanceAppointment> {
      if (!UUID.test(id)) throw new NotFoundError(MESSAGES.notFound);
      const row = await db.transaction(async (tx) => {
        const current = await repo.findAppointment(tx, id, { forUpdate: true });
        if (!current) throw new NotFoundError(MESSAGES.notFound);
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        const changes: Partial<repo.NewAppointmentRow> = {};
        const currentCost = current.cost === null ? null : Number(current.cost);
        if (input.cost !== undefined && input.cost !== currentCost) {
          before.cost = currentCost;
          after.cost = input.cost;
          changes.cost = input.cost;
        }
        const technician = input.technician === undefined ? undefined : input.technician || null;
        if (technician !== undefined && technician !== current.technician) {
          before.technician = current.technician;
          after.technician = technician;
          changes.technician = technician;
        }
        const notes = input.notes === undefined ? undefined : input.notes || null;
        if (notes !== undefined && notes !== current.notes) {
          before.notes = current.notes;
          after.notes = notes;
          changes.notes = notes;
        }
        const staffNotes = input.staffNotes === undefined ? undefined : input.staffNotes || null;
        if (staffNotes !== undefined && staffNotes !== current.staffNotes) {
          before.staffNotes = current.staffNotes;
          after.staffNotes = staffNotes;
          changes.staffNotes = staffNotes;
        }
        if (input.status !== undefined && input.status !== current.status) {
          const held = holdsPlace(current.status);
          const holds = holdsPlace(input.status);
          if (!held && holds) {
            const taken = await repo.takeSlotPlace(tx, current.appointmentDate, current.appointmentTime, capacity());
            if (!taken) throw new ConflictError(MESSAGES.slotFull);
          } else if (held && !holds) {
            await repo.releaseSlotPlace(tx, current.appointmentDate, current.appointmentTime);
          }
          before.status = current.status;
          after.status = input.status;
          changes.status = input.status;
        }
        if (Object.keys(changes).length === 0) return current;
        const updated = await repo.updateAppointment(tx, id, changes);
        await mailBookingStatus(tx, current, updated);
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'maintenance.update',
          entityType: 'maintenance',
          entityId: id,
          before,
          after,
        });
        return updated;
      });
      return repo.toStaffAppointment(row);
    },

    async overview(): Promise<MaintenanceOverview> {
      const byStatus = await repo.countByStatus(db);
      return { total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus };
    },

    async auditTrail(id: string): Promise<AuditEntry[]> {
      if (!UUID.test(id)) throw new NotFoundError(MESSAGES.notFound);
      const row = await repo.findAppointment(db, id);
      if (!row) throw new NotFoundError(MESSAGES.notFound);
      return listAudit(db, 'maintenance', id);
    },
  };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
