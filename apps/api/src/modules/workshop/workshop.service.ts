import {
  checkInSchema,
  stageOf,
  WORKSHOP_MESSAGES,
  type BoardQuery,
  type CheckIn,
  type MoveStageInput,
  type MyJobs,
  type MyJobsQuery,
  type WorkshopBoard,
  type WorkshopJob,
} from '@dealer/shared';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { maintenanceAppointments } from '../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../infra/errors';
import { newPhotoKey, processPhoto, removeFiles, storePhoto, toVehicleImage, type ProcessedPhoto } from '../../infra/images';
import { isUuid } from '../../infra/uuid';
import { enqueueEmail } from '../../mail/outbox';
import { recordAudit } from '../audit';
import type { AuthUser } from '../auth';
import { bookingRecipient, toAppointment, type AppointmentRow, type MaintenanceService } from '../maintenance';
import { addDays, dayOfWeek, isSunday, workshopMoment } from '../workshop-calendar';
import { assignedToSql, isAssignedTo } from './workshop.assignment';
import * as repo from './workshop.repository';

export type WorkshopDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'storage'> & {
  /** Maintenance's floor writes: lock an appointment, set its stage (its place follows the status). */
  appointments: Pick<MaintenanceService, 'lockAppointment' | 'setStageWithin'>;
};

/** Who runs the floor: they check cars in, mark no-shows and move any card. */
const runsTheFloor = (user: AuthUser) => user.role === 'ADMIN' || user.role === 'SERVICE_ADVISOR';

/**
 * The workshop's day: the job board (today or a week, by stage), a technician's own jobs, the check-in
 * of a car (odometer, fuel, notes, photos of damage), no-shows, and moving a job from stage to stage.
 * Appointments are maintenance's: this domain reads them and changes them only through maintenance's
 * floor writes, in its own transaction, so a status change moves the place as every other one does.
 */
export function createWorkshopService(deps: WorkshopDeps) {
  const { db, clock, config, storage, appointments } = deps;
  const today = () => workshopMoment(clock.now(), config.WORKSHOP_TZ).date;

  /** Each step on the floor goes on the job's audit trail, by the staff member who took it. */
  const auditStep = (tx: Executor, user: AuthUser, id: string, action: string, change: { before: object; after: object }) =>
    recordAudit(tx, { actorId: user.id, action, entityType: 'maintenance', entityId: id, ...change });

  async function toJobs(rows: repo.FloorRow[], user: AuthUser, withPhotos: boolean): Promise<WorkshopJob[]> {
    const ids = rows.map((r) => r.id);
    const keys = [...new Set(rows.map((r) => repo.registrationKey(r.vehicleRegistration)))];
    const [checkIns, photos, readings] = await Promise.all([
      repo.checkInsOf(db, ids),
      withPhotos ? repo.photosOf(db, ids) : Promise.resolve(new Map<string, repo.CheckInPhotoRow[]>()),
      repo.lastReadings(db, keys),
    ]);
    return rows.flatMap((row) => {
      const stage = stageOf(row.status, row.stage);
      if (!stage) return [];
      const checkIn = checkIns.get(row.id);
      const key = repo.registrationKey(row.vehicleRegistration);
      return [
        {
          _id: row.id,
          stage,
          status: row.status,
          appointmentDate: row.appointmentDate,
          appointmentTime: row.appointmentTime,
          maintenanceType: row.maintenanceType,
          specificService: row.specificService,
          vehicle: { make: row.vehicleMake, model: row.vehicleModel, year: row.vehicleYear, registration: row.vehicleRegistration },
          customer: { name: row.customerName, phone: row.customerPhone },
          additionalNotes: row.additionalNotes,
          resource: row.resource,
          technician: row.technician,
          technicianId: row.technicianId,
          checkIn: checkIn ? toCheckIn(checkIn, photos.get(row.id) ?? []) : null,
          canMove: stage !== 'No-show' && (runsTheFloor(user) || (user.role === 'TECHNICIAN' && isAssignedTo(row, user))),
          lastOdometer: readings.get(key) ?? null,
        },
      ];
    });
  }

  function toCheckIn(row: repo.CheckInRow, photos: repo.CheckInPhotoRow[]): CheckIn {
    return {
      odometer: row.odometer,
      fuelLevel: row.fuelLevel,
      notes: row.notes,
      checkedInAt: row.createdAt.toISOString(),
      checkedInBy: row.checkedInBy,
      photos: photos.map((p) => toVehicleImage(storage, p.appointmentId, p, 'check-ins')),
    };
  }

  /** Jobs in slot order within each day (08:00 AM before 01:00 PM), then by request time (the sort is stable). */
  const bySlot = (rows: repo.FloorRow[]) =>
    // Each slot's minutes worked out once, not twice per comparison.
    rows
      .map((row) => ({ row, minutes: toMinutes(row.appointmentTime) }))
      .sort((a, b) => a.row.appointmentDate.localeCompare(b.row.appointmentDate) || a.minutes - b.minutes)
      .map(({ row }) => row);

  async function board(user: AuthUser, query: BoardQuery & { view: 'day' | 'week' }): Promise<WorkshopBoard> {
    const now = today();
    const date = query.date ?? now;
    // A week runs Monday to Saturday (the workshop is closed on Sundays); a Sunday shows the week it is the eve
    // of, the one the workshop plans on that day (and the demo's week on a Sunday).
    const monday = isSunday(date) ? addDays(date, 1) : addDays(date, -((dayOfWeek(date) + 6) % 7));
    const from = query.view === 'week' ? monday : date;
    const to = query.view === 'week' ? addDays(from, 5) : date;
    const filter = and(
      query.technicianId ? eq(maintenanceAppointments.technicianId, query.technicianId) : undefined,
      query.resource ? eq(maintenanceAppointments.resource, query.resource) : undefined,
    );
    const [rows, technicians] = await Promise.all([repo.jobsBetween(db, from, to, filter), repo.techniciansBetween(db, from, to)]);
    return { from, to, today: now, view: query.view, technicians, jobs: await toJobs(bySlot(rows), user, false) };
  }

  async function myJobs(user: AuthUser, query: MyJobsQuery = {}): Promise<MyJobs> {
    const now = today();
    const date = query.date ?? now;
    const rows = await repo.jobsBetween(db, date, date, assignedToSql(user));
    return { today: now, date, jobs: await toJobs(bySlot(rows), user, true) };
  }

  /** One job with its check-in and photos: a technician sees only their own. */
  async function job(user: AuthUser, id: string): Promise<WorkshopJob> {
    if (!isUuid(id)) throw new NotFoundError(WORKSHOP_MESSAGES.notFound);
    const row = await repo.findJob(db, id);
    if (!row || stageOf(row.status, row.stage) === null) throw new NotFoundError(WORKSHOP_MESSAGES.notFound);
    if (!runsTheFloor(user) && !isAssignedTo(row, user)) throw new NotFoundError(WORKSHOP_MESSAGES.notFound);
    const [result] = await toJobs([row], user, true);
    return result!;
  }

  async function locked(tx: Executor, id: string): Promise<AppointmentRow> {
    if (!isUuid(id)) throw new NotFoundError(WORKSHOP_MESSAGES.notFound);
    const row = await appointments.lockAppointment(tx, id);
    if (!row) throw new NotFoundError(WORKSHOP_MESSAGES.notFound);
    return row;
  }

  /** Scheduled and not yet checked in: the only jobs a check-in or a no-show applies to. */
  const awaitsArrival = (row: AppointmentRow) => stageOf(row.status, row.stage) === 'Scheduled';

  async function checkIn(user: AuthUser, id: string, form: { fields: Record<string, unknown>; files: Buffer[] }): Promise<WorkshopJob> {
    const parsed = checkInSchema.safeParse(form.fields);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    if (!isUuid(id) || !(await repo.findJob(db, id))) throw new NotFoundError(WORKSHOP_MESSAGES.notFound);
    const processed: ProcessedPhoto[] = [];
    // One at a time: bounded memory and CPU, and the first bad file answers the request.
    for (const file of form.files) processed.push(await processPhoto(file));
    const written: string[] = [];
    try {
      await db.transaction(async (tx) => {
        const current = await locked(tx, id);
        if (!awaitsArrival(current)) throw new ConflictError(WORKSHOP_MESSAGES.notCheckable);
        const key = repo.registrationKey(current.vehicleRegistration);
        await repo.lockCarReadings(tx, key);
        const last = (await repo.lastReadings(tx, [key], id)).get(key);
        if (last !== undefined && parsed.data.odometer < last) {
          const message = WORKSHOP_MESSAGES.odometerBelowLast(last);
          throw new ValidationError({ odometer: message }, message);
        }
        // Files first: a committed check-in has all its photos; a failed one leaves files the sweep removes.
        const photos: { key: string; width: number; height: number }[] = [];
        for (const photo of processed) {
          const photoKey = newPhotoKey();
          written.push(...(await storePhoto(storage, id, photoKey, photo, 'check-ins')));
          photos.push({ key: photoKey, width: photo.width, height: photo.height });
        }
        await repo.insertCheckIn(tx, {
          appointmentId: id,
          registrationKey: key,
          odometer: parsed.data.odometer,
          fuelLevel: parsed.data.fuelLevel,
          notes: parsed.data.notes,
          checkedInById: user.id,
          photos,
        });
        await appointments.setStageWithin(tx, current, 'Checked in');
        await auditStep(tx, user, id, 'workshop.check-in', {
          before: { stage: 'Scheduled' },
          after: { stage: 'Checked in', odometer: parsed.data.odometer, fuelLevel: parsed.data.fuelLevel, photos: photos.length },
        });
      });
    } catch (error) {
      await removeFiles(storage, written);
      throw error;
    }
    return job(user, id);
  }

  async function noShow(user: AuthUser, id: string): Promise<WorkshopJob> {
    await db.transaction(async (tx) => {
      const current = await locked(tx, id);
      if (!awaitsArrival(current)) throw new ConflictError(WORKSHOP_MESSAGES.notNoShow);
      await appointments.setStageWithin(tx, current, 'No-show');
      await auditStep(tx, user, id, 'workshop.no-show', {
        before: { stage: 'Scheduled', status: current.status },
        after: { stage: 'No-show', status: 'Cancelled' },
      });
    });
    return job(user, id);
  }

  /**
   * Moves a card from the stage the mover saw to another. A card that has moved since is refused with
   * the stage it is in (the board refreshes); a technician moves only their own jobs. Reaching Ready
   * for pickup e-mails the customer (when they left an address).
   */
  async function move(user: AuthUser, id: string, input: MoveStageInput): Promise<WorkshopJob> {
    await db.transaction(async (tx) => {
      const current = await locked(tx, id);
      const stage = stageOf(current.status, current.stage);
      if (!stage || stage === 'No-show') throw new ConflictError(WORKSHOP_MESSAGES.notOnBoard);
      if (!runsTheFloor(user) && !isAssignedTo(current, user)) throw new ForbiddenError(WORKSHOP_MESSAGES.notYourJob);
      if (stage !== input.from) throw new ConflictError(WORKSHOP_MESSAGES.stale(stage), { stage });
      if (input.to === stage) throw new ValidationError({ to: WORKSHOP_MESSAGES.sameStage }, WORKSHOP_MESSAGES.sameStage);
      const updated = await appointments.setStageWithin(tx, current, input.to, user.id);
      if (input.to === 'Ready for pickup') await mailReadyForPickup(tx, updated);
      await auditStep(tx, user, id, 'workshop.move', {
        before: { stage, status: current.status },
        after: { stage: input.to, status: updated.status },
      });
    });
    return job(user, id);
  }

  async function mailReadyForPickup(tx: Executor, row: AppointmentRow): Promise<void> {
    const to = await bookingRecipient(tx, row);
    if (to.trim() === '') return;
    await enqueueEmail(tx, { kind: 'workshop-ready-for-pickup', to, data: { appointment: toAppointment(row) } });
  }

  return { board, myJobs, job, checkIn, noShow, move };
}

/** '01:30 PM' as minutes after midnight. */
function toMinutes(time: string): number {
  const match = /^(\d{1,2}):(\d{2})\s*(AM|PM)$/i.exec(time.trim());
  if (!match) return 0;
  const hours = (Number(match[1]) % 12) + (match[3]!.toUpperCase() === 'PM' ? 12 : 0);
  return hours * 60 + Number(match[2]);
}

export type WorkshopService = ReturnType<typeof createWorkshopService>;
