import { randomUUID } from 'node:crypto';
import { LIMITS, vehicleCreateSchema, type Vehicle, type VehicleStatus } from '@dealer/shared';
import { recordAudit } from '../audit';
import { parseOrThrow, ValidationError } from '../../infra/errors';
import { PHOTO_MESSAGES, removeFiles } from '../../infra/images';
import type { VehicleFormInput } from './vehicle-form';
import type { VehiclesContext } from './vehicles.context';
import { auditSnapshot } from './vehicles.mapper';
import { arrangePhotos, processAll, writePhotos } from './vehicles.photos';
import * as repo from './vehicles.repository';
import { isListingStaff, type Viewer } from './vehicles.access';
import { MESSAGES } from './vehicles.refusals';

/** A new listing: a seller's waits for review, the dealership's own goes live (or takes the status it chose). */
export async function createVehicle(ctx: VehiclesContext, viewer: NonNullable<Viewer>, form: VehicleFormInput): Promise<Vehicle> {
  const { db, storage, clock, resolveBuyer, detail } = ctx;
  const input = parseOrThrow(vehicleCreateSchema, form.fields);
  const admin = isListingStaff(viewer);
  if (form.files.length > LIMITS.photosPerListing) {
    throw new ValidationError({ images: PHOTO_MESSAGES.tooMany }, PHOTO_MESSAGES.tooMany);
  }
  // A seller's listing waits for review; the dealership's own goes live (or takes the status it chose).
  const status: VehicleStatus = admin ? (input.status ?? 'available') : 'pending';
  const buyerRef = admin ? (input.buyerId ?? (form.fields.buyer?.trim() || undefined)) : undefined;
  if (buyerRef && status !== 'sold') throw new ValidationError({ buyerId: MESSAGES.buyerNeedsSold }, MESSAGES.buyerNeedsSold);
  const buyerId = buyerRef ? await resolveBuyer(db, buyerRef) : null;
  const slots = arrangePhotos([], [], form.files.length, form.photoOrder);

  const photos = await processAll(form.files);
  const vehicleId = randomUUID();
  const now = clock.now();
  const written: string[] = [];
  try {
    const stored = await writePhotos(storage, vehicleId, photos, written);
    // A new listing has only new files: the order says where each goes.
    const ordered = slots.flatMap((slot) => (slot.kind === 'new' ? [stored[slot.index]!] : []));
    await db.transaction(async (tx) => {
      const values: repo.NewVehicleRow = {
        id: vehicleId,
        ownerId: viewer.id,
        buyerId,
        soldAt: status === 'sold' ? now : null,
        title: input.title,
        make: input.make,
        model: input.model,
        year: input.year,
        price: input.price,
        mileage: input.mileage ?? null,
        transmission: input.transmission ?? null,
        fuelType: input.fuelType ?? null,
        condition: input.condition ?? null,
        exteriorColor: input.exteriorColor ?? null,
        interiorColor: input.interiorColor ?? null,
        description: input.description ?? null,
        location: input.location ?? null,
        contactPhone: input.contactPhone ?? null,
        contactEmail: input.contactEmail ?? null,
        bodyType: input.bodyType ?? null,
        drivetrain: input.drivetrain ?? null,
        trim: input.trim ?? null,
        vin: input.vin ?? null,
        stockNumber: input.stockNumber ?? null,
        status,
        createdAt: now,
        updatedAt: now,
      };
      await repo.insertVehicle(tx, values);
      await repo.insertImages(
        tx,
        ordered.map(({ key, photo }, position) => ({ vehicleId, position, key, width: photo.width, height: photo.height })),
      );
      if (admin) {
        const row = (await repo.lockVehicle(tx, vehicleId))!;
        await recordAudit(tx, {
          actorId: viewer.id,
          action: 'vehicle.create',
          entityType: 'vehicle',
          entityId: vehicleId,
          after: auditSnapshot(
            row,
            ordered.map((s) => s.key),
          ),
        });
      }
    });
  } catch (error) {
    await removeFiles(storage, written);
    throw error;
  }
  return detail(vehicleId, viewer);
}
