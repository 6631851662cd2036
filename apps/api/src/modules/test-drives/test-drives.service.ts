import {
  hourLabel,
  type StaffTestDriveBooking,
  type TestDrive,
  type TestDriveAvailability,
  type TestDriveBooking,
  type TestDriveReschedule,
  type TestDriveSettings,
  type TestDriveSettingsInput,
} from '@dealer/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../infra/errors';
import { isUuid } from '../../infra/uuid';
import { violatedUniqueIndex } from '../../infra/unique-violation';
import { recordAudit } from '../audit';
import type { AuthUser } from '../auth';
import { assertDayOpen, findClosure, workshopMoment, type WorkshopMoment } from '../workshop-calendar';
import { driveRule, driveSlot, hourOf, hoursOf, type DriveRule } from './test-drives.calendar';
import type { TestDriveMail } from './test-drives.messages';
import { enqueueEmail } from '../../mail/outbox';
import * as repo from './test-drives.repository';
import type { VehicleSummary } from '../vehicles';
import { toTestDrive } from './test-drives.mapper';
import { TEST_DRIVE_MESSAGES as M } from './test-drives.rules';

export type TestDrivesDeps = Pick<AppDeps, 'db' | 'clock' | 'config'> & {
  /** The vehicles domain: the cars named by id. */
  vehicles: { summaries(db: Executor, ids: readonly string[]): Promise<VehicleSummary[]> };
};

/** Cars a visitor can book a drive in: on sale, not sold nor awaiting review. */
const DRIVABLE_STATUSES = ['available', 'active', 'reserved'];
const STAFF_ROLES_OF_SALES = ['ADMIN', 'SALES'];
const isSalesStaff = (user: AuthUser) => STAFF_ROLES_OF_SALES.includes(user.role);

export interface BookTestDriveInput extends TestDriveBooking {
  customer: { name: string; email: string; phone: string };
  userId: string | null;
  leadId?: string | null;
}

export function createTestDrivesService(deps: TestDrivesDeps) {
  const { db, config } = deps;
  const now = (): WorkshopMoment => workshopMoment(deps.clock.now(), config.WORKSHOP_TZ);

  async function vehicleOf(executor: Executor, id: string): Promise<VehicleSummary | undefined> {
    if (!isUuid(id)) return undefined;
    return (await deps.vehicles.summaries(executor, [id]))[0];
  }

  async function toDrives(executor: Executor, rows: repo.TestDriveRow[]): Promise<TestDrive[]> {
    const cars = new Map((await deps.vehicles.summaries(executor, [...new Set(rows.map((r) => r.vehicleId))])).map((v) => [v.id, v]));
    return rows.map((row) => toDrive(row, cars.get(row.vehicleId)));
  }

  const toDrive = toTestDrive;

  /** A 422 naming the field when the calendar closes the hour at this moment. */
  function assertRule(rule: DriveRule) {
    const refuse = (field: 'date' | 'time', message: string) => {
      throw new ValidationError({ [field]: message }, message);
    };
    if (rule === 'past-date') refuse('date', M.pastDate);
    if (rule === 'too-far') refuse('date', M.tooFar(config.BOOKING_HORIZON_DAYS));
    if (rule === 'closed-day') refuse('date', M.closedDay);
    if (rule === 'outside-hours') refuse('time', M.outsideHours);
    if (rule === 'past-time') refuse('time', M.pastTime);
  }

  /** The dealership's closure days close the sales calendar too; the day's lock is held shared until commit. */
  async function assertNotClosure(tx: Executor, date: string) {
    try {
      await assertDayOpen(tx, date);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const closure = await findClosure(tx, date);
      const message = M.closure(closure?.reason ?? 'closed');
      throw new ValidationError({ date: message }, message);
    }
  }

  /** A unique-index refusal of a second booked drive of one car at one hour is the car's conflict. */
  function carBusyOr(error: unknown): never {
    if (violatedUniqueIndex(error) !== null) throw new ConflictError(M.carBusy, { time: M.carBusy });
    throw error;
  }

  async function mailSales(tx: Executor, data: TestDriveMail, event: 'booked' | 'moved' | 'cancelled') {
    for (const to of await repo.salesTeamAddresses(tx, config.WORKSHOP_EMAIL)) {
      await enqueueEmail(tx, { kind: 'test-drive-sales-notice', to, data: { ...data, event } });
    }
  }

  /**
   * Books a drive, taking in one transaction and in this order: the closure day's shared lock, the
   * slot's counter (a conditional update: never past the demonstrators) and the drive's row (the unique
   * index: never one car twice at one hour). The customer gets the confirmation with its calendar file,
   * the sales team a notice. `leadId` ties the drive to a lead when the leads domain books it.
   */
  async function bookTestDrive(actor: AuthUser, input: BookTestDriveInput): Promise<TestDrive> {
    const hour = hourOf(input.time);
    const moment = now();
    const car = await vehicleOf(db, input.vehicleId);
    if (!car) throw new NotFoundError(M.vehicleNotFound);
    if (!DRIVABLE_STATUSES.includes(car.status)) throw new ConflictError(M.notForSale);
    const settings = await repo.readSettings(db);
    assertRule(driveRule(input.date, hour, moment, settings, config.BOOKING_HORIZON_DAYS));
    const row = await db
      .transaction(async (tx) => {
        await assertNotClosure(tx, input.date);
        await repo.lockSlots(tx, [{ date: input.date, hour }]);
        const current = await repo.readSettings(tx);
        if (!(await repo.takeSlot(tx, input.date, hour, current.demonstrators))) throw new ConflictError(M.slotFull, { time: M.slotFull });
        const inserted = await repo.insertTestDrive(tx, {
          vehicleId: car.id,
          userId: input.userId,
          bookedById: input.userId === actor.id ? null : actor.id,
          leadId: input.leadId ?? null,
          customerName: input.customer.name,
          customerEmail: input.customer.email,
          customerPhone: input.customer.phone,
          date: input.date,
          hour,
        });
        const data = { drive: toDrive(inserted, car), sequence: inserted.calendarSequence };
        await enqueueEmail(tx, { kind: 'test-drive-booked', to: inserted.customerEmail, data });
        await mailSales(tx, data, 'booked');
        return inserted;
      })
      .catch(carBusyOr);
    return toDrive(row, car);
  }

  /** The drive if the caller booked it or is sales staff; 404 otherwise (also for malformed ids). */
  async function findVisible(executor: Executor, user: AuthUser, id: string, lock = false) {
    if (!isUuid(id)) throw new NotFoundError(M.notFound);
    const row = await repo.findTestDrive(executor, id, lock);
    if (!row || (row.userId !== user.id && !isSalesStaff(user))) throw new NotFoundError(M.notFound);
    return row;
  }

  function assertChangeable(row: repo.TestDriveRow, moment: WorkshopMoment) {
    if (row.status !== 'Booked') throw new ConflictError(M.notBooked);
    if (row.date < moment.date || (row.date === moment.date && row.hour <= moment.hour)) throw new ConflictError(M.started);
  }

  async function reschedule(actor: AuthUser, id: string, input: TestDriveReschedule): Promise<TestDrive> {
    const hour = hourOf(input.time);
    const moment = now();
    const settings = await repo.readSettings(db);
    assertRule(driveRule(input.date, hour, moment, settings, config.BOOKING_HORIZON_DAYS));
    const { row, car } = await db
      .transaction(async (tx) => {
        await findVisible(tx, actor, id);
        await assertNotClosure(tx, input.date);
        const before = await repo.findTestDrive(tx, id);
        if (!before) throw new NotFoundError(M.notFound);
        if (before.date === input.date && before.hour === hour) throw new ConflictError(M.sameSlot, { time: M.sameSlot });
        // Both slots' counters first, in a fixed order, then the drive's row.
        await repo.lockSlots(tx, [
          { date: before.date, hour: before.hour },
          { date: input.date, hour },
        ]);
        const locked = (await repo.findTestDrive(tx, id, true))!;
        assertChangeable(locked, moment);
        const current = await repo.readSettings(tx);
        if (!(await repo.takeSlot(tx, input.date, hour, current.demonstrators))) throw new ConflictError(M.slotFull, { time: M.slotFull });
        await repo.releaseSlot(tx, locked.date, locked.hour);
        const moved = await repo.updateTestDrive(tx, id, {
          date: input.date,
          hour,
          reminderSentAt: null,
          calendarSequence: locked.calendarSequence + 1,
        });
        const [summary] = await deps.vehicles.summaries(tx, [moved.vehicleId]);
        const data = { drive: toDrive(moved, summary), sequence: moved.calendarSequence };
        await enqueueEmail(tx, {
          kind: 'test-drive-moved',
          to: moved.customerEmail,
          data: { ...data, previous: { date: locked.date, time: hourLabel(locked.hour) } },
        });
        await mailSales(tx, data, 'moved');
        return { row: moved, car: summary };
      })
      .catch(carBusyOr);
    return toDrive(row, car);
  }

  async function cancel(actor: AuthUser, id: string): Promise<TestDrive> {
    const moment = now();
    const { row, car } = await db.transaction(async (tx) => {
      const seen = await findVisible(tx, actor, id);
      await repo.lockSlots(tx, [{ date: seen.date, hour: seen.hour }]);
      const locked = (await repo.findTestDrive(tx, id, true))!;
      assertChangeable(locked, moment);
      await repo.releaseSlot(tx, locked.date, locked.hour);
      const cancelled = await repo.updateTestDrive(tx, id, { status: 'Cancelled', calendarSequence: locked.calendarSequence + 1 });
      const [summary] = await deps.vehicles.summaries(tx, [cancelled.vehicleId]);
      const data = { drive: toDrive(cancelled, summary), sequence: cancelled.calendarSequence };
      const cancelledBy = locked.userId === actor.id ? 'customer' : 'dealership';
      await enqueueEmail(tx, { kind: 'test-drive-cancelled', to: cancelled.customerEmail, data: { ...data, cancelledBy } });
      await mailSales(tx, data, 'cancelled');
      return { row: cancelled, car: summary };
    });
    return toDrive(row, car);
  }

  async function settingsView(): Promise<TestDriveSettings> {
    const s = await repo.readSettings(db);
    return { ...s, horizonDays: config.BOOKING_HORIZON_DAYS, today: now().date };
  }

  return {
    settings: settingsView,
    async updateSettings(actor: AuthUser, input: TestDriveSettingsInput): Promise<TestDriveSettings> {
      const values = { openDays: input.openDays, openHour: input.openHour, closeHour: input.closeHour, demonstrators: input.demonstrators };
      await db.transaction(async (tx) => {
        const before = await repo.readSettings(tx);
        await repo.saveSettings(tx, values as repo.SalesCalendarSettings, actor.id);
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'test-drive-settings.update',
          entityType: 'test_drive_settings',
          entityId: '1',
          before: { ...before },
          after: { ...values },
        });
      });
      return settingsView();
    },
    /** One car's hours on one day: free, past, closed, or full (no demonstrator left, or the car is out). */
    async availability(vehicleId: string, date: string): Promise<TestDriveAvailability> {
      const car = await vehicleOf(db, vehicleId);
      if (!car || !DRIVABLE_STATUSES.includes(car.status)) throw new NotFoundError(M.vehicleNotFound);
      const moment = now();
      const settings = await repo.readSettings(db);
      const [counts, busy, closure] = await Promise.all([repo.slotCounts(db, date), repo.bookedHoursOfVehicle(db, vehicleId, date), findClosure(db, date)]);
      const hours = hoursOf(settings);
      return {
        date,
        availability: hours.map((hour) => {
          const rule = driveRule(date, hour, moment, settings, config.BOOKING_HORIZON_DAYS);
          return driveSlot(hour, rule ?? (closure ? 'closure' : null), counts.get(hour) ?? 0, settings.demonstrators, busy.has(hour));
        }),
      };
    },
    /** A logged-in customer books for themself: the name, e-mail and phone of their account. */
    async book(user: AuthUser, input: TestDriveBooking): Promise<TestDrive> {
      const contact = await repo.customerContact(db, user.id);
      if (!contact) throw new AppError(401, 'Authentication required');
      return bookTestDrive(user, { ...input, userId: user.id, customer: contact });
    },
    /** Staff book for anyone (a caller, a walk-in). */
    bookForCustomer: (actor: AuthUser, input: StaffTestDriveBooking) =>
      bookTestDrive(actor, { ...input, userId: null, customer: input.customer, leadId: input.leadId ?? null }),
    bookTestDrive,
    mine: async (user: AuthUser) => toDrives(db, await repo.listTestDrivesOf(db, user.id)),
    upcoming: async (from?: string) => toDrives(db, await repo.listBookedFrom(db, from ?? now().date)),
    reschedule,
    cancel,
  };
}

export type TestDrivesService = ReturnType<typeof createTestDrivesService>;
