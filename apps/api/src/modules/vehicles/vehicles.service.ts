import { randomUUID } from 'node:crypto';
import {
  DEFAULT_VEHICLE_SORT,
  LIMITS,
  LINKABLE_VEHICLE_STATUSES,
  NEW_PHOTO_REF,
  PAGE_SIZES,
  PHOTO_ORDER_MESSAGES,
  photoOrderSchema,
  PUBLIC_VEHICLE_STATUSES,
  vehicleCreateSchema,
  vehicleUpdateSchema,
  VEHICLE_FIELDS,
  type Vehicle,
  type VehicleFacets,
  type VehicleFacetsQuery,
  type VehicleListQuery,
  type VehicleStatus,
  VEHICLE_REVIEW_MESSAGES,
  vehicleReviewSchema,
  type VehicleReviewInput,
} from '@dealer/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { pageMeta } from '../../lib/envelope';
import { ConflictError, ForbiddenError, NotFoundError, parseOrThrow, ValidationError } from '../../lib/errors';
import {
  newPhotoKey,
  PHOTO_MESSAGES,
  photoFileKeys,
  processPhoto,
  removeFiles,
  removeVehiclePhotos,
  storePhoto,
  type ProcessedPhoto,
} from '../../lib/images';
import type { AuthUser } from '../../plugins/auth';
import { findUserIdByReference } from '../identity/users.repository';
import { enqueueEmail } from '../mail/outbox';
import { createCountCache } from './count-cache';
import type { VehicleFormInput } from './vehicle-form';
import { auditSnapshot, toVehicle } from './vehicles.mapper';
import * as repo from './vehicles.repository';

export type Viewer = Pick<AuthUser, 'id' | 'role'> | null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const VEHICLE_NOT_FOUND = 'Vehicle not found';
export const MESSAGES = {
  notFound: VEHICLE_NOT_FOUND,
  notOwner: 'Only the seller or the dealership can change this listing',
  statusAdminOnly: "Only the dealership can change a listing's status",
  buyerAdminOnly: 'Only the dealership can record a buyer',
  buyerUnknown: 'No registered user has this id, e-mail or username',
  buyerNeedsSold: 'A buyer can only be recorded on a sold listing',
  unknownImage: 'One of the kept photos does not belong to this listing',
  soldReadOnly: 'This vehicle has been sold, so its listing can no longer be changed or deleted.',
  purchaseKept:
    "This vehicle's sale to a registered buyer is on record, so the listing cannot be deleted. It stays in the buyer's purchases.",
} as const;

/** Changes that alter what buyers were shown: a public listing goes back to review when its seller makes one. */
const MATERIAL_FIELDS = ['title', 'make', 'model', 'year', 'price', 'description'] as const;

const isAdmin = (viewer: Viewer) => viewer?.role === 'ADMIN';
const isPublicStatus = (status: string) => (PUBLIC_VEHICLE_STATUSES as readonly string[]).includes(status);
const isLinkable = (status: string) => (LINKABLE_VEHICLE_STATUSES as readonly string[]).includes(status);

/** Words of a search as a prefix query ('toyo cam' -> 'toyo:* & cam:*'); only letters and digits pass. */
export function toPrefixQuery(text: string): string | null {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, 12)
    .map((w) => `${w}:*`)
    .join(' & ');
}

function canSee(row: repo.VehicleRow, viewer: Viewer): boolean {
  return isLinkable(row.status) || isAdmin(viewer) || (viewer !== null && viewer.id === row.ownerId);
}
function canEdit(row: repo.VehicleRow, viewer: Viewer): boolean {
  return isAdmin(viewer) || (viewer !== null && viewer.id === row.ownerId);
}
/** The owner and the dealership see the seller's account; anyone else the public view. */
function seesOwnerAccount(row: repo.VehicleRow, viewer: Viewer): boolean {
  return canEdit(row, viewer);
}
/** A sold listing is the record of a sale: its seller may no longer change it. */
function assertSellerMayChange(row: repo.VehicleRow, viewer: Viewer) {
  if (row.status === 'sold' && !isAdmin(viewer)) throw new ConflictError(MESSAGES.soldReadOnly);
}

/**
 * Tells a seller what the dealership did with their listing, queued in the change's transaction. The
 * dealership's own stock (listed by the acting admin) and a listing whose seller is gone send nothing.
 */
async function mailSeller(
  tx: Executor,
  row: repo.VehicleWithOwnerRow,
  actor: NonNullable<Viewer>,
  kind: 'listing-approved' | 'listing-sold' | 'listing-rejected' | 'listing-sent-back',
  reason = '',
) {
  if (!row.ownerEmail || row.ownerId === actor.id) return;
  const data = { vehicleId: row.id, title: `${row.year} ${row.make} ${row.model}`, sellerName: row.ownerName ?? '' };
  if (kind === 'listing-rejected' || kind === 'listing-sent-back') await enqueueEmail(tx, { kind, to: row.ownerEmail, data: { ...data, reason } });
  else await enqueueEmail(tx, { kind, to: row.ownerEmail, data });
}

export function createVehiclesService(
  deps: Pick<AppDeps, 'db' | 'storage' | 'clock'> & { config?: Pick<AppDeps['config'], 'NODE_ENV'>; changes?: Pick<AppDeps['changes'], 'onChange'> },
) {
  const { db, storage, clock } = deps;
  // Tests insert rows behind the service's back, so they always count.
  const publicCounts = createCountCache({ ttlMs: deps.config?.NODE_ENV === 'test' ? 0 : 5000 });
  // The choices change only when a listing is approved, sold or edited: a minute old is fine.
  const facetTtlMs = deps.config?.NODE_ENV === 'test' ? 0 : 60_000;
  const facetCache = new Map<string, { value: VehicleFacets; expires: number }>();
  // Another node's write: the totals and make choices it may have changed are counted again.
  deps.changes?.onChange(() => {
    publicCounts.clear();
    facetCache.clear();
  });

  async function hydrate(rows: repo.VehicleWithOwnerRow[], viewer: Viewer, executor: Executor = db): Promise<Vehicle[]> {
    const images = await repo.imagesFor(
      executor,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toVehicle(storage, row, images.get(row.id) ?? [], { ownerAccount: seesOwnerAccount(row, viewer) }));
  }

  /** The listing if the viewer may see it; 404 otherwise (also for malformed ids). */
  async function findVisible(id: string, viewer: Viewer): Promise<repo.VehicleWithOwnerRow> {
    if (!UUID.test(id)) throw new NotFoundError(MESSAGES.notFound);
    const row = await repo.findVehicle(db, id);
    if (!row || !canSee(row, viewer)) throw new NotFoundError(MESSAGES.notFound);
    return row;
  }

  /** 404 when the viewer cannot see it, 403 when they can but may not change it. */
  async function findEditable(id: string, viewer: Viewer): Promise<repo.VehicleWithOwnerRow> {
    const row = await findVisible(id, viewer);
    if (!canEdit(row, viewer)) throw new ForbiddenError(MESSAGES.notOwner);
    assertSellerMayChange(row, viewer);
    return row;
  }

  async function resolveBuyer(executor: Executor, reference: string): Promise<string> {
    const id = await findUserIdByReference(executor, reference.trim());
    if (!id) throw new ValidationError({ buyerId: MESSAGES.buyerUnknown }, MESSAGES.buyerUnknown);
    return id;
  }

  async function processAll(files: readonly Buffer[]): Promise<ProcessedPhoto[]> {
    const photos: ProcessedPhoto[] = [];
    // One at a time: bounded memory and CPU, and the first bad file answers the request.
    for (const file of files) photos.push(await processPhoto(file));
    return photos;
  }

  /** Writes the photos before the row commits; the caller removes the returned keys if it fails. */
  async function writePhotos(vehicleId: string, photos: readonly ProcessedPhoto[], written: string[]) {
    const stored: { key: string; photo: ProcessedPhoto }[] = [];
    for (const photo of photos) {
      const key = newPhotoKey();
      written.push(...(await storePhoto(storage, vehicleId, key, photo)));
      stored.push({ key, photo });
    }
    return stored;
  }

  async function detail(id: string, viewer: Viewer): Promise<Vehicle> {
    const row = await findVisible(id, viewer);
    const [vehicle] = await hydrate([row], viewer);
    return vehicle!;
  }

  const service = {
    async list(query: VehicleListQuery, viewer: Viewer) {
      const page = query.page ?? 1;
      const limit = query.limit ?? PAGE_SIZES.vehicles;
      const publicOnly = !isAdmin(viewer);
      if (publicOnly && query.status && !isPublicStatus(query.status)) {
        return { data: [] as Vehicle[], meta: pageMeta(page, limit, 0) };
      }
      const tsquery = query.search ? toPrefixQuery(query.search) : null;
      const filter: repo.VehicleFilter = {
        publicOnly,
        status: query.status,
        minPrice: query.min_price,
        maxPrice: query.max_price,
        year: query.year,
        minYear: query.min_year,
        maxYear: query.max_year,
        fuelType: query.fuelType,
        transmission: query.transmission,
        make: query.make,
        model: query.model,
        condition: query.condition,
        maxMileage: query.max_mileage,
        location: query.location,
        search: tsquery ? { tsquery, text: query.search! } : undefined,
      };
      const sort = query.sort ?? (filter.search ? 'relevance' : DEFAULT_VEHICLE_SORT);
      const itemCount = publicOnly
        ? await publicCounts.get(JSON.stringify(filter), Date.now(), () => repo.countVehicles(db, filter))
        : await repo.countVehicles(db, filter);
      const rows =
        itemCount > (page - 1) * limit
          ? await repo.listVehicles(db, filter, { sort, offset: (page - 1) * limit, limit, itemCount })
          : [];
      return { data: await hydrate(rows, viewer), meta: pageMeta(page, limit, itemCount) };
    },

    /** Make (and model) choices for the public filters, from the public listings, cached like the counts. */
    async facets(query: VehicleFacetsQuery): Promise<VehicleFacets> {
      const key = query.make?.toLowerCase() ?? '';
      const now = Date.now();
      const hit = facetCache.get(key);
      if (hit && hit.expires > now) return hit.value;
      const [makes, models] = await Promise.all([
        repo.publicFacets(db),
        query.make ? repo.publicFacets(db, query.make) : Promise.resolve([]),
      ]);
      const value = { makes, models };
      if (facetCache.size >= 200) facetCache.delete(facetCache.keys().next().value!);
      facetCache.set(key, { value, expires: now + facetTtlMs });
      return value;
    },

    async listMine(viewer: NonNullable<Viewer>, query: { page?: number; limit?: number }) {
      const page = query.page ?? 1;
      const limit = query.limit ?? PAGE_SIZES.vehicles;
      const filter: repo.VehicleFilter = { publicOnly: false, ownerId: viewer.id };
      const itemCount = await repo.countVehicles(db, filter);
      const rows = await repo.listVehicles(db, filter, { sort: 'createdAt:desc', offset: (page - 1) * limit, limit });
      return { data: await hydrate(rows, viewer), meta: pageMeta(page, limit, itemCount) };
    },

    async purchases(viewer: NonNullable<Viewer>) {
      const rows = await repo.listPurchases(db, viewer.id);
      const vehicles = await hydrate(rows, viewer);
      return rows.map((row, i) => ({
        vehicle: vehicles[i]!,
        purchasedAt: (row.soldAt ?? row.updatedAt).toISOString(),
        price: Number(row.price),
      }));
    },

    get: detail,

    async similar(id: string, viewer: Viewer, limit = 3): Promise<Vehicle[]> {
      const row = await findVisible(id, viewer);
      return hydrate(await repo.listSimilar(db, { id: row.id, make: row.make, price: Number(row.price) }, limit), viewer);
    },

    /** Early check before a PATCH body is read: unknown listing 404, someone else's 403. */
    async assertCanEdit(id: string, viewer: Viewer): Promise<void> {
      await findEditable(id, viewer);
    },

    async create(viewer: NonNullable<Viewer>, form: VehicleFormInput): Promise<Vehicle> {
      const input = parseOrThrow(vehicleCreateSchema, form.fields);
      const admin = isAdmin(viewer);
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
        const stored = await writePhotos(vehicleId, photos, written);
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
    },

    async update(id: string, viewer: NonNullable<Viewer>, form: VehicleFormInput): Promise<Vehicle> {
      const input = parseOrThrow(vehicleUpdateSchema, form.fields);
      const before = await findEditable(id, viewer);
      const admin = isAdmin(viewer);
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
        const stored = await writePhotos(id, photos, written);
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
          const backToReview = !admin && material && isPublicStatus(current.status);
          // A listing the dealership returned goes back to review once its seller saves it again.
          const resubmitted = !admin && current.status === 'draft';
          const status = backToReview || resubmitted ? 'pending' : (input.status ?? (current.status as VehicleStatus));
          const now = clock.now();
          const changes: Partial<repo.NewVehicleRow> = { updatedAt: now };
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
          if (buyerRef !== undefined) {
            if (status !== 'sold') throw new ValidationError({ buyerId: MESSAGES.buyerNeedsSold }, MESSAGES.buyerNeedsSold);
            changes.buyerId = await resolveBuyer(tx, buyerRef);
            if (!current.soldAt && !changes.soldAt) changes.soldAt = now;
          }

          await repo.deleteImages(
            tx,
            removed.map((r) => r.id),
          );
          for (const [position, slot] of slots.entries()) {
            if (slot.kind === 'kept' && slot.image.position !== position)
              await repo.setImagePosition(tx, slot.image.id, position);
          }
          await repo.insertImages(
            tx,
            slots.flatMap((slot, position) => {
              if (slot.kind !== 'new') return [];
              const { key, photo } = stored[slot.index]!;
              return [{ vehicleId: id, position, key, width: photo.width, height: photo.height }];
            }),
          );
          await repo.updateVehicleRow(tx, id, changes);

          if (admin) {
            const after = (await repo.lockVehicle(tx, id))!;
            const onlyStatus =
              Object.keys(changes).every((k) => ['updatedAt', 'status', 'soldAt', 'buyerId', 'reviewNote'].includes(k)) &&
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
          removedFiles = removed.flatMap((image) => photoFileKeys(id, image));
        });
      } catch (error) {
        await removeFiles(storage, written);
        throw error;
      }
      await removeFiles(storage, removedFiles);
      return detail(id, viewer);
    },

    /**
     * Rejects a listing awaiting review, or sends it back for changes: either way it returns to its
     * seller as a draft with the reason, which they read on My Vehicles; saving it again resubmits it.
     */
    async review(id: string, viewer: NonNullable<Viewer>, input: VehicleReviewInput): Promise<Vehicle> {
      const { action, reason } = parseOrThrow(vehicleReviewSchema, input);
      if (!isAdmin(viewer)) throw new ForbiddenError(MESSAGES.statusAdminOnly);
      const row = await findVisible(id, viewer);
      await db.transaction(async (tx) => {
        const current = await repo.lockVehicle(tx, id);
        if (!current) throw new NotFoundError(MESSAGES.notFound);
        if (current.status !== 'pending') throw new ConflictError(VEHICLE_REVIEW_MESSAGES.notPending);
        await repo.updateVehicleRow(tx, id, { status: 'draft', reviewNote: reason, updatedAt: clock.now() });
        await recordAudit(tx, {
          actorId: viewer.id,
          action: action === 'reject' ? 'vehicle.reject' : 'vehicle.send-back',
          entityType: 'vehicle',
          entityId: id,
          before: { status: current.status, reviewNote: current.reviewNote },
          after: { status: 'draft', reviewNote: reason },
        });
        await mailSeller(tx, row, viewer, action === 'reject' ? 'listing-rejected' : 'listing-sent-back', reason);
      });
      return detail(id, viewer);
    },

    async remove(id: string, viewer: NonNullable<Viewer>): Promise<{ _id: string }> {
      await findEditable(id, viewer);
      await db.transaction(async (tx) => {
        const current = await repo.lockVehicle(tx, id);
        if (!current) throw new NotFoundError(MESSAGES.notFound);
        assertSellerMayChange(current, viewer);
        // The purchase lives on the listing: deleting it would erase the buyer's record.
        if (current.buyerId) throw new ConflictError(MESSAGES.purchaseKept);
        const images = (await repo.imagesFor(tx, [id])).get(id) ?? [];
        await repo.deleteVehicleRow(tx, id);
        if (isAdmin(viewer)) {
          await recordAudit(tx, {
            actorId: viewer.id,
            action: 'vehicle.delete',
            entityType: 'vehicle',
            entityId: id,
            before: auditSnapshot(
              current,
              images.map((i) => i.key),
            ),
          });
        }
      });
      await removeVehiclePhotos(storage, id);
      return { _id: id };
    },
  };
  // Our own writes show in public totals and make choices at once (other nodes hear of them through deps.changes).
  const invalidating =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await write(...args);
      } finally {
        publicCounts.clear();
        facetCache.clear();
      }
    };
  return {
    ...service,
    create: invalidating(service.create),
    update: invalidating(service.update),
    review: invalidating(service.review),
    remove: invalidating(service.remove),
  };
}

export type VehiclesService = ReturnType<typeof createVehiclesService>;

/** The kept photos in the order sent (matched by key, or by any of their URLs); `null` keeps all. */
function resolveKept(images: repo.VehicleImageRow[], existing: string[] | null): repo.VehicleImageRow[] {
  if (existing === null) return images;
  const kept: repo.VehicleImageRow[] = [];
  for (const ref of existing) {
    const image = images.find((i) => i.key === ref || ref.includes(`/${i.key}-`));
    if (!image) throw new ValidationError({ existingImages: MESSAGES.unknownImage }, MESSAGES.unknownImage);
    if (!kept.includes(image)) kept.push(image);
  }
  return kept;
}

type KeptSlot = { kind: 'kept'; image: repo.VehicleImageRow };
type NewSlot = { kind: 'new'; index: number };

/**
 * The listing's photos after a request, cover first. Without an order the kept photos come first
 * and the new files follow; an order must name every kept photo (by key) and every new file
 * (`new:<index>`) exactly once, so nothing is dropped or shown twice by mistake.
 */
function arrangePhotos(
  current: readonly repo.VehicleImageRow[],
  kept: readonly repo.VehicleImageRow[],
  newCount: number,
  order: string[] | null,
): (KeptSlot | NewSlot)[] {
  if (order === null) {
    return [
      ...kept.map((image): KeptSlot => ({ kind: 'kept', image })),
      ...Array.from({ length: newCount }, (_, index): NewSlot => ({ kind: 'new', index })),
    ];
  }
  const refuse = (message: string) => new ValidationError({ photoOrder: message }, message);
  const parsed = photoOrderSchema.safeParse(order);
  if (!parsed.success) throw refuse(parsed.error.issues[0]!.message);
  const slots: (KeptSlot | NewSlot)[] = [];
  const seen = new Set<string>();
  for (const ref of parsed.data) {
    const upload = NEW_PHOTO_REF.exec(ref);
    let slot: KeptSlot | NewSlot;
    let id: string;
    if (upload) {
      const index = Number(upload[1]);
      if (index >= newCount) throw refuse(PHOTO_ORDER_MESSAGES.unknownNew);
      slot = { kind: 'new', index };
      id = `new:${index}`;
    } else {
      const image = kept.find((i) => i.key === ref);
      if (!image) {
        throw refuse(current.some((i) => i.key === ref) ? PHOTO_ORDER_MESSAGES.removed : PHOTO_ORDER_MESSAGES.unknown);
      }
      slot = { kind: 'kept', image };
      id = image.id;
    }
    if (seen.has(id)) throw refuse(PHOTO_ORDER_MESSAGES.duplicate);
    seen.add(id);
    slots.push(slot);
  }
  if (slots.length !== kept.length + newCount) throw refuse(PHOTO_ORDER_MESSAGES.count(slots.length, kept.length + newCount));
  return slots;
}
