import { NEW_PHOTO_REF, PHOTO_ORDER_MESSAGES, photoOrderSchema } from '@dealer/shared';
import { ValidationError } from '../../infra/errors';
import { newPhotoKey, processPhoto, storePhoto, type ProcessedPhoto } from '../../infra/images';
import type { FileStorage } from '../../infra/storage';
import type * as repo from './vehicles.repository';
import { MESSAGES } from './vehicles.refusals';

export async function processAll(files: readonly Buffer[]): Promise<ProcessedPhoto[]> {
  const photos: ProcessedPhoto[] = [];
  // One at a time: bounded memory and CPU, and the first bad file answers the request.
  for (const file of files) photos.push(await processPhoto(file));
  return photos;
}

export interface StoredPhoto {
  key: string;
  photo: ProcessedPhoto;
}

/** Writes the photos before the row commits; the caller removes the returned keys if it fails. */
export async function writePhotos(storage: FileStorage, vehicleId: string, photos: readonly ProcessedPhoto[], written: string[]) {
  const stored: StoredPhoto[] = [];
  for (const photo of photos) {
    const key = newPhotoKey();
    written.push(...(await storePhoto(storage, vehicleId, key, photo)));
    stored.push({ key, photo });
  }
  return stored;
}

/** The kept photos in the order sent (matched by key, or by any of their URLs); `null` keeps all. */
export function resolveKept(images: repo.VehicleImageRow[], existing: string[] | null): repo.VehicleImageRow[] {
  if (existing === null) return images;
  const kept: repo.VehicleImageRow[] = [];
  for (const ref of existing) {
    const image = images.find((i) => i.key === ref || ref.includes(`/${i.key}-`));
    if (!image) throw new ValidationError({ existingImages: MESSAGES.unknownImage }, MESSAGES.unknownImage);
    if (!kept.includes(image)) kept.push(image);
  }
  return kept;
}

export type KeptSlot = { kind: 'kept'; image: repo.VehicleImageRow };
export type NewSlot = { kind: 'new'; index: number };

/**
 * The listing's photos after a request, cover first. Without an order the kept photos come first
 * and the new files follow; an order must name every kept photo (by key) and every new file
 * (`new:<index>`) exactly once, so nothing is dropped or shown twice by mistake.
 */
export function arrangePhotos(
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
