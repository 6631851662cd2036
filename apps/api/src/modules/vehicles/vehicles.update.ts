import { LIMITS, VEHICLE_FIELDS, vehicleUpdateSchema, type Vehicle, type VehicleStatus } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { recordAudit } from '../audit';
import { ConflictError, ForbiddenError, NotFoundError, parseOrThrow, ValidationError } from '../../infra/errors';
import { PHOTO_MESSAGES, photoFileKeys, removeFiles } from '../../infra/images';
import type { VehicleFormInput } from './vehicle-form';
import type { VehiclesContext } from './vehicles.context';
import { auditSnapshot } from './vehicles.mapper';
import { arrangePhotos, processAll, resolveKept, writePhotos, type KeptSlot, type NewSlot, type StoredPhoto } from './vehicles.photos';
import * as repo from './vehicles.repository';
import { assertSellerMayChange, isListingStaff, isLinkable, isPublicStatus, type Viewer } from './vehicles.access';
import { MESSAGES } from './vehicles.refusals';
import { mailSeller } from './vehicles.seller-mail';

/**
 * Everything buyers are shown of a listing (the photos aside, compared separately): a seller's change
 * to any of it sends a public listing back to review. Contact details and condition count as much as
 * the price: a scam changes exactly those.
 */
const MATERIAL_FIELDS = VEHICLE_FIELDS;

/** Changes a listing's fields, photos and (for the dealership) status and buyer. */
export async function updateVehicle(
  ctx: VehiclesContext,
  id: string,
  viewer: NonNullable<Viewer>,
  form: VehicleFormInput,
  sale: { saleRef?: string } = {},
): Promise<Vehicle> {
  const { db, storage, clock, findEditable, resolveBuyer, detail } = ctx;
  const input = parseOrThrow(vehicleUpdateSchema, form.fields);
  const before = await findEditable(id, viewer);
  const admin = isListingStaff(viewer);
  const buyerRef = input.buyerId ?? (form.fields.buyer?.trim() || undefined);
  if (input.status !== undefined && input.status !== before.status && !admin)
    throw new ForbiddenError(MESSAGES.statusAdminOnly);
  if (buyerRef !== undefined && !admin) throw new ForbiddenError(MESSAGES.buyerAdminOnly);

  const currentImages = (await repo.imagesFor(db, [id])).get(id) ?? [];
  const keptCount = form.existingImages === null ? currentImages.length : new Set(form.existingImages).size;
  if (keptCount + form.files.length > LIMITS.photosPerListing) {
    throw new ValidationError({ images: PHOTO_MESSAGES.tooMany }, PHOTO_MESSAGES.tooMany);
  }
  // A wrong photo order is refused before any upload is processed.
  arrangePhotos(currentImages, resolveKept(currentImages, form.existingImages), form.files.length, form.photoOrder);
  const photos = await processAll(form.files);

  const written: string[] = [];
  let removedFiles: string[] = [];
  try {
    const stored = await writePhotos(storage, id, photos, written);
    await db.transaction(async (tx) => {
      const current = await repo.lockVehicle(tx, id);
      if (!current) throw new NotFoundError(MESSAGES.notFound);
      // Sold while this request was on its way.
      assertSellerMayChange(current, viewer);
      const images = (await repo.imagesFor(tx, [id])).get(id) ?? [];
      const kept = resolveKept(images, form.existingImages);
      if (kept.length + stored.length > LIMITS.photosPerListing) {
        throw new ValidationError({ images: PHOTO_MESSAGES.tooMany }, PHOTO_MESSAGES.tooMany);
      }
      const keptIds = new Set(kept.map((k) => k.id));
      const removed = images.filter((image) => !keptIds.has(image.id));
      const slots = arrangePhotos(images, kept, stored.length, form.photoOrder);
      // A new order of the same photos (a new cover included) is not material: buyers saw these photos.
      const reordered = slots.some((slot, position) => slot.kind === 'kept' && slot.image.position !== position);

      const material =
        stored.length > 0 ||
        removed.length > 0 ||
        MATERIAL_FIELDS.some((field) => input[field] !== undefined && input[field] !== current[field]);
      const now = clock.now();
      const { status, changes } = plannedChanges(current, input, { admin, material, now });
      assertPublishesReviewed(current, status, input.revision, now);
      if (buyerRef !== undefined) {
        if (status !== 'sold') throw new ValidationError({ buyerId: MESSAGES.buyerNeedsSold }, MESSAGES.buyerNeedsSold);
        changes.buyerId = await resolveBuyer(tx, buyerRef);
        if (!current.soldAt && !changes.soldAt) changes.soldAt = now;
      }

      await writeImageRows(tx, id, removed, slots, stored);
      await repo.updateVehicleRow(tx, id, changes);

      if (admin) {
        const after = (await repo.lockVehicle(tx, id))!;
        const onlyStatus =
          Object.keys(changes).every((k) => ['updatedAt', 'revision', 'status', 'soldAt', 'buyerId', 'reviewNote'].includes(k)) &&
          removed.length === 0 &&
          stored.length === 0 &&
          !reordered;
        await recordAudit(tx, {
          actorId: viewer.id,
          action: onlyStatus && changes.status ? 'vehicle.status' : 'vehicle.update',
          entityType: 'vehicle',
          entityId: id,
          before: auditSnapshot(
            current,
            images.map((i) => i.key),
          ),
          after: auditSnapshot(
            after,
            slots.map((slot) => (slot.kind === 'kept' ? slot.image.key : stored[slot.index]!.key)),
          ),
        });
      }
      if (admin && changes.status) {
        if (current.status === 'pending' && isPublicStatus(status)) await mailSeller(tx, before, viewer, 'listing-approved');
        else if (status === 'sold') await mailSeller(tx, before, viewer, 'listing-sold');
      }
      if (status === 'sold' && current.status !== 'sold') {
        await ctx.onSold?.(tx, { vehicleId: id, buyerId: changes.buyerId ?? current.buyerId ?? null, saleRef: sale.saleRef ?? null, actorId: viewer.id, now });
      }
      removedFiles = removed.flatMap((image) => photoFileKeys(id, image));
    });
  } catch (error) {
    await removeFiles(storage, written);
    throw error;
  }
  await removeFiles(storage, removedFiles);
  return detail(id, viewer);
}

type UpdateInput = ReturnType<typeof vehicleUpdateSchema.parse>;

/**
 * Making a listing reachable by the public from review (approving it, or marking it sold, which shows it
 * by its link) publishes what its reviewer saw: the request names the revision it approves, and a
 * listing changed since is refused. The spec's original admin client names no revision (issue 24: it
 * must keep working): its approval is taken only for a version that has stood unchanged for
 * UNNAMED_APPROVAL_SETTLE_MS, so an edit made while the reviewer was reading is refused, not published.
 * A sale to a registered buyer is on record and stays: the listing is not put back on sale.
 */
function assertPublishesReviewed(current: repo.VehicleRow, status: string, revision: number | undefined, now: Date) {
  if (current.status === 'sold' && current.buyerId && status !== 'sold') throw new ConflictError(MESSAGES.saleOnRecord);
  if (!isLinkable(status) || isLinkable(current.status)) return;
  const stale =
    revision === undefined
      ? now.getTime() - current.updatedAt.getTime() < UNNAMED_APPROVAL_SETTLE_MS
      : revision !== current.revision;
  if (stale) throw new ConflictError(MESSAGES.revisionStale, { revision: MESSAGES.revisionStale });
}

/** How long a listing must stand unchanged before an approval that names no revision can publish it. */
export const UNNAMED_APPROVAL_SETTLE_MS = 10 * 60_000;

/**
 * The row's new values and status. A seller's material change to a public listing sends it back to
 * review, and so does saving a listing the dealership returned; otherwise the status is the one asked.
 */
function plannedChanges(current: repo.VehicleRow, input: UpdateInput, opts: { admin: boolean; material: boolean; now: Date }) {
  const { admin, material, now } = opts;
  const backToReview = !admin && material && isPublicStatus(current.status);
  // A listing the dealership returned goes back to review once its seller saves it again.
  const resubmitted = !admin && current.status === 'draft';
  const status = backToReview || resubmitted ? 'pending' : (input.status ?? (current.status as VehicleStatus));
  // Every save is a new revision, so an approval can tell whether it saw the latest one.
  const changes: Partial<repo.NewVehicleRow> = { updatedAt: now, revision: current.revision + 1 };
  for (const field of VEHICLE_FIELDS) {
    if (input[field] !== undefined) (changes as Record<string, unknown>)[field] = input[field];
  }
  if (status !== current.status) {
    changes.status = status;
    // The reason stays with the listing while it is with the seller or under review again.
    if (status !== 'draft' && status !== 'pending') changes.reviewNote = null;
    if (status === 'sold') changes.soldAt = now;
    else if (current.status === 'sold') {
      changes.soldAt = null;
      changes.buyerId = null;
    }
  }
  return { status, changes };
}

/** Removes the dropped photos' rows, moves the kept ones to their new places and adds the new ones. */
async function writeImageRows(
  tx: Executor,
  vehicleId: string,
  removed: readonly repo.VehicleImageRow[],
  slots: readonly (KeptSlot | NewSlot)[],
  stored: readonly StoredPhoto[],
) {
  await repo.deleteImages(
    tx,
    removed.map((r) => r.id),
  );
  for (const [position, slot] of slots.entries()) {
    if (slot.kind === 'kept' && slot.image.position !== position) await repo.setImagePosition(tx, slot.image.id, position);
  }
  await repo.insertImages(
    tx,
    slots.flatMap((slot, position) => {
      if (slot.kind !== 'new') return [];
      const { key, photo } = stored[slot.index]!;
      return [{ vehicleId, position, key, width: photo.width, height: photo.height }];
    }),
  );
}
