import {
  INSPECTION_LIMITS,
  INSPECTION_MESSAGES,
  inspectionItemCreateSchema,
  inspectionItemUpdateSchema,
  isFreeInspectionPosition,
  stageOf,
  WORKSHOP_MESSAGES,
  type Inspection,
  type InspectionItem,
} from '@dealer/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../infra/errors';
import {
  newPhotoKey,
  photoFileKeys,
  processPhoto,
  removeFiles,
  storePhoto,
  toVehicleImage,
  type ProcessedPhoto,
} from '../../infra/images';
import { isUuid } from '../../infra/uuid';
import { recordAudit } from '../audit';
import type { AuthUser } from '../auth';
import type { AppointmentRow, MaintenanceService } from '../maintenance';
import { isAssignedTo } from '../workshop';
import * as repo from './inspections.repository';

export type InspectionsDeps = Pick<AppDeps, 'db' | 'clock' | 'storage'> & {
  /** Maintenance's row lock of an appointment: a write waits for a stage change and the other way round. */
  appointments: Pick<MaintenanceService, 'lockAppointment'>;
};

/** Who runs the floor: they may inspect any job; a technician inspects the jobs assigned to them. */
const runsTheFloor = (user: AuthUser) => user.role === 'ADMIN' || user.role === 'SERVICE_ADVISOR';

/** Photos of an inspection live under `inspections/<appointment id>`, through the listing photos' pipeline. */
const FOLDER = 'inspections' as const;

/**
 * The technician's inspection of a checked-in job: the checklist (created on the first open, in its
 * order), each item Good / Needs attention soon / Needs attention now with a note and photos, plus
 * items the technician adds (and may remove). Advisors and admins read and write any job's; a
 * technician only the jobs assigned to them (as they move only their own cards). A completed job's
 * inspection is kept as it was.
 */
export function createInspectionsService(deps: InspectionsDeps) {
  const { db, clock, storage, appointments } = deps;

  /**
   * The job, refused as the workshop refuses it: unknown or off the floor (404), another technician's
   * (404 to read, as the job itself; 403 to change, as moving its card), not checked in (409).
   */
  async function admitted(tx: Executor, user: AuthUser, id: string, write: boolean): Promise<AppointmentRow> {
    if (!isUuid(id)) throw new NotFoundError(WORKSHOP_MESSAGES.notFound);
    const row = write ? await appointments.lockAppointment(tx, id) : await repo.findJob(tx, id);
    const stage = row ? stageOf(row.status, row.stage) : null;
    if (!row || stage === null || stage === 'No-show') throw new NotFoundError(WORKSHOP_MESSAGES.notFound);
    if (!runsTheFloor(user) && !isAssignedTo(row, user)) {
      if (write) throw new ForbiddenError(INSPECTION_MESSAGES.notYourJob);
      throw new NotFoundError(WORKSHOP_MESSAGES.notFound);
    }
    if (!(await repo.isCheckedIn(tx, id))) throw new ConflictError(INSPECTION_MESSAGES.notCheckedIn);
    if (write && stage === 'Completed') throw new ConflictError(INSPECTION_MESSAGES.completed);
    return row;
  }

  async function read(executor: Executor, row: AppointmentRow): Promise<Inspection> {
    const { items, photos } = await repo.itemsOf(executor, row.id);
    return {
      appointmentId: row.id,
      editable: stageOf(row.status, row.stage) !== 'Completed',
      items: items.map((item): InspectionItem => ({
        _id: item.id,
        position: item.position,
        label: item.label,
        condition: item.condition,
        note: item.note,
        photos: (photos.get(item.id) ?? []).map((p) => toVehicleImage(storage, row.id, p, FOLDER)),
        free: isFreeInspectionPosition(item.position),
        updatedAt: item.updatedAt.toISOString(),
        updatedBy: item.updatedBy,
      })),
    };
  }

  /** A write in one transaction under the job's row lock; answers the whole inspection as committed. */
  async function change(
    user: AuthUser,
    id: string,
    work: (tx: Executor, row: AppointmentRow) => Promise<void>,
  ): Promise<Inspection> {
    const row = await db.transaction(async (tx) => {
      const current = await admitted(tx, user, id, true);
      await repo.ensureChecklist(tx, id);
      await work(tx, current);
      return current;
    });
    return read(db, row);
  }

  async function itemOf(tx: Executor, id: string, itemId: string) {
    const item = isUuid(itemId) ? await repo.lockItem(tx, id, itemId) : undefined;
    if (!item) throw new NotFoundError(INSPECTION_MESSAGES.itemNotFound);
    return item;
  }

  /** The inspection, its checklist written on the first open. */
  async function get(user: AuthUser, id: string): Promise<Inspection> {
    const row = await admitted(db, user, id, false);
    await repo.ensureChecklist(db, id);
    return read(db, row);
  }

  async function updateItem(user: AuthUser, id: string, itemId: string, body: unknown): Promise<Inspection> {
    const parsed = inspectionItemUpdateSchema.safeParse(body);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const { condition, note } = parsed.data;
    return change(user, id, async (tx) => {
      const item = await itemOf(tx, id, itemId);
      await repo.updateItem(tx, item.id, { condition, note, updatedById: user.id, updatedAt: clock.now() });
      await recordAudit(tx, {
        actorId: user.id,
        action: 'inspection.item',
        entityType: 'maintenance',
        entityId: id,
        before: {
          item: item.label,
          ...(condition !== undefined && { condition: item.condition }),
          ...(note !== undefined && { note: item.note }),
        },
        after: { item: item.label, ...(condition !== undefined && { condition }), ...(note !== undefined && { note }) },
      });
    });
  }

  async function addItem(user: AuthUser, id: string, body: unknown): Promise<Inspection> {
    const parsed = inspectionItemCreateSchema.safeParse(body);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    return change(user, id, async (tx) => {
      const { count, nextPosition } = await repo.itemCount(tx, id);
      if (count >= INSPECTION_LIMITS.itemsMax)
        throw new ValidationError({ label: INSPECTION_MESSAGES.tooManyItems }, INSPECTION_MESSAGES.tooManyItems);
      await repo.insertItem(tx, {
        appointmentId: id,
        position: nextPosition,
        label: parsed.data.label,
        updatedById: user.id,
        updatedAt: clock.now(),
      });
      await recordAudit(tx, {
        actorId: user.id,
        action: 'inspection.item-add',
        entityType: 'maintenance',
        entityId: id,
        after: { item: parsed.data.label },
      });
    });
  }

  async function removeItem(user: AuthUser, id: string, itemId: string): Promise<Inspection> {
    const files: string[] = [];
    const result = await change(user, id, async (tx) => {
      const item = await itemOf(tx, id, itemId);
      if (!isFreeInspectionPosition(item.position)) throw new ConflictError(INSPECTION_MESSAGES.checklistItem);
      const photos = await repo.photosOfItem(tx, item.id);
      for (const photo of photos) files.push(...photoFileKeys(id, photo, FOLDER));
      await repo.deleteItem(tx, item.id);
      await recordAudit(tx, {
        actorId: user.id,
        action: 'inspection.item-remove',
        entityType: 'maintenance',
        entityId: id,
        before: { item: item.label, condition: item.condition, note: item.note, photos: photos.length },
      });
    });
    // After the commit: a failed removal leaves rows pointing at their files.
    await removeFiles(storage, files);
    return result;
  }

  /** An item's photos added or removed: the item is marked as changed by the user, and the audit keeps its photo count. */
  async function photosChanged(
    tx: Executor,
    user: AuthUser,
    id: string,
    item: { id: string; label: string },
    action: 'inspection.photo-add' | 'inspection.photo-remove',
    photos: { before: number; after: number },
  ): Promise<void> {
    await repo.touchItem(tx, item.id, user.id, clock.now());
    await recordAudit(tx, {
      actorId: user.id,
      action,
      entityType: 'maintenance',
      entityId: id,
      before: { item: item.label, photos: photos.before },
      after: { item: item.label, photos: photos.after },
    });
  }

  async function addPhotos(user: AuthUser, id: string, itemId: string, form: { files: Buffer[] }): Promise<Inspection> {
    // Refused before any work when the job or item is not one the caller may change.
    await db.transaction(async (tx) => {
      await admitted(tx, user, id, true);
      await itemOf(tx, id, itemId);
    });
    if (form.files.length === 0) throw new ValidationError({ images: INSPECTION_MESSAGES.noPhoto }, INSPECTION_MESSAGES.noPhoto);
    const processed: ProcessedPhoto[] = [];
    // One at a time: bounded memory and CPU, and the first bad file answers the request.
    for (const file of form.files) processed.push(await processPhoto(file));
    const written: string[] = [];
    try {
      return await change(user, id, async (tx) => {
        const item = await itemOf(tx, id, itemId);
        const kept = await repo.photosOfItem(tx, item.id);
        if (kept.length + processed.length > INSPECTION_LIMITS.photosPerItemMax) {
          throw new ValidationError({ images: INSPECTION_MESSAGES.tooManyPhotos }, INSPECTION_MESSAGES.tooManyPhotos);
        }
        // Files first: a committed photo has its files; a failed write leaves files the sweep removes.
        const photos: { key: string; width: number; height: number }[] = [];
        for (const photo of processed) {
          const key = newPhotoKey();
          written.push(...(await storePhoto(storage, id, key, photo, FOLDER)));
          photos.push({ key, width: photo.width, height: photo.height });
        }
        const next = kept.reduce((last, p) => Math.max(last, p.position + 1), 0);
        await repo.insertPhotos(tx, item.id, next, photos);
        await photosChanged(tx, user, id, item, 'inspection.photo-add', {
          before: kept.length,
          after: kept.length + photos.length,
        });
      });
    } catch (error) {
      await removeFiles(storage, written);
      throw error;
    }
  }

  async function removePhoto(user: AuthUser, id: string, itemId: string, key: string): Promise<Inspection> {
    const files: string[] = [];
    const result = await change(user, id, async (tx) => {
      const item = await itemOf(tx, id, itemId);
      const kept = await repo.photosOfItem(tx, item.id);
      const photo = kept.find((p) => p.key === key);
      if (!photo) throw new NotFoundError(INSPECTION_MESSAGES.photoNotFound);
      files.push(...photoFileKeys(id, photo, FOLDER));
      await repo.deletePhoto(tx, photo.id);
      await photosChanged(tx, user, id, item, 'inspection.photo-remove', { before: kept.length, after: kept.length - 1 });
    });
    await removeFiles(storage, files);
    return result;
  }

  return { get, updateItem, addItem, removeItem, addPhotos, removePhoto };
}

export type InspectionsService = ReturnType<typeof createInspectionsService>;
