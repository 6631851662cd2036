import { randomBytes } from 'node:crypto';
import type { Metadata } from 'sharp';
import { LIMITS, type VehicleImage } from '@dealer/shared';
import { PayloadTooLargeError, UnsupportedMediaError, ValidationError } from './errors';
import { imagePool } from './image-pool';
import { sniffImage } from './image-sniff';
import { loadSharp } from './sharp';
import type { FileStorage } from './storage';

/** Stored widths: cards (320), detail on phones (640), detail and previews (1280). Never upscaled. */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;
const LARGEST_WIDTH = 1280;
/**
 * A photo may have at most this many pixels (24 MP, a 6000 x 4000 camera photo). Decoding costs CPU
 * in proportion to the pixels while the stored versions are at most 1280 wide, so more pixels buy
 * nothing on a listing; the limit also stops decompression bombs.
 */
export const MAX_PHOTO_PIXELS = 24_000_000;

export const PHOTO_MESSAGES = {
  notImage: 'Only PNG or JPEG images are accepted',
  unreadable: 'This photo could not be read. Please upload a complete PNG or JPEG image.',
  tooLarge: `Each photo must be at most ${LIMITS.photoMaxBytes / (1024 * 1024)} MB`,
  tooManyPixels: `Each photo must be at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels`,
  tooMany: `A listing can have at most ${LIMITS.photosPerListing} photos`,
  formTooLarge: `A listing can have at most ${LIMITS.photosPerListing} photos of at most ${LIMITS.photoMaxBytes / (1024 * 1024)} MB each`,
} as const;

export interface ProcessedPhoto {
  /** Size of the largest stored version, after orientation is applied. */
  width: number;
  height: number;
  variants: { width: number; data: Buffer }[];
}

/** The widths stored for a photo whose largest version is `largest` pixels wide, smallest first. */
export function photoWidths(largest: number): number[] {
  return [...PHOTO_WIDTHS.filter((w) => w < largest), largest];
}

export function newPhotoKey(): string {
  return randomBytes(12).toString('hex');
}

/**
 * Where photos live: a listing's under `vehicles/<vehicle id>`, a check-in's under `check-ins/<appointment id>`,
 * a trade-in's under `trade-ins/<trade-in id>`, an inspection's under `inspections/<appointment id>`.
 */
export type PhotoFolder = 'vehicles' | 'check-ins' | 'trade-ins' | 'inspections';

export function photoFileKey(vehicleId: string, key: string, width: number, folder: PhotoFolder = 'vehicles'): string {
  return `${folder}/${vehicleId}/${key}-${width}.webp`;
}

export function vehiclePhotoPrefix(vehicleId: string): string {
  return `vehicles/${vehicleId}`;
}

/**
 * Checks an upload by its content and makes the stored versions: orientation applied, every piece of
 * metadata (EXIF, GPS, ICC comments) dropped because sharp writes none unless asked, WebP at each width.
 */
export async function processPhoto(data: Buffer): Promise<ProcessedPhoto> {
  if (data.length > LIMITS.photoMaxBytes) throw new PayloadTooLargeError(PHOTO_MESSAGES.tooLarge);
  if (!sniffImage(data)) throw new UnsupportedMediaError(PHOTO_MESSAGES.notImage);

  // Reading the header is cheap, so an oversized photo is refused without waiting for a turn.
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnsupportedMediaError(PHOTO_MESSAGES.unreadable);
  }
  if (!meta.width || !meta.height) throw new UnsupportedMediaError(PHOTO_MESSAGES.unreadable);
  if (meta.width * meta.height > MAX_PHOTO_PIXELS) {
    throw new ValidationError({ images: PHOTO_MESSAGES.tooManyPixels }, PHOTO_MESSAGES.tooManyPixels);
  }
  return imagePool.run(() => resizeToVariants(data));
}

async function resizeToVariants(data: Buffer): Promise<ProcessedPhoto> {
  const sharp = await loadSharp();
  try {
    // Decode once (shrink-on-load for JPEG), oriented and at most the largest width, then resize from pixels.
    const { data: pixels, info } = await sharp(data, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize({ width: LARGEST_WIDTH, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    // One after another: in parallel they would take a thread each and the pool's bound would not hold.
    const variants: ProcessedPhoto['variants'] = [];
    for (const width of photoWidths(info.width)) {
      variants.push({
        width,
        data: await sharp(pixels, raw).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      });
    }
    return { width: info.width, height: info.height, variants };
  } catch {
    throw new UnsupportedMediaError(PHOTO_MESSAGES.unreadable);
  }
}

/** Writes a processed photo's versions; returns the storage keys written (for cleanup). */
export async function storePhoto(
  storage: FileStorage,
  vehicleId: string,
  key: string,
  photo: ProcessedPhoto,
  folder: PhotoFolder = 'vehicles',
): Promise<string[]> {
  const written: string[] = [];
  try {
    for (const variant of photo.variants) {
      const fileKey = photoFileKey(vehicleId, key, variant.width, folder);
      await storage.put(fileKey, variant.data);
      written.push(fileKey);
    }
  } catch (error) {
    await removeFiles(storage, written);
    throw error;
  }
  return written;
}

export function photoFileKeys(vehicleId: string, image: { key: string; width: number | null }, folder: PhotoFolder = 'vehicles'): string[] {
  return photoWidths(image.width ?? LARGEST_WIDTH).map((w) => photoFileKey(vehicleId, image.key, w, folder));
}

/** Best effort: a file that cannot be removed must not turn a finished change into an error. */
export async function removeFiles(storage: FileStorage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
}

export async function removeVehiclePhotos(storage: FileStorage, vehicleId: string): Promise<void> {
  await removeFiles(storage, await storage.list(vehiclePhotoPrefix(vehicleId)));
}

export function toVehicleImage(
  storage: FileStorage,
  vehicleId: string,
  image: { key: string; width: number | null; height: number | null },
  folder: PhotoFolder = 'vehicles',
): VehicleImage {
  const largest = image.width ?? LARGEST_WIDTH;
  const sizes = photoWidths(largest).map((width) => ({ width, url: storage.url(photoFileKey(vehicleId, image.key, width, folder)) }));
  return {
    key: image.key,
    url: sizes[sizes.length - 1]!.url,
    sizes,
    ...(image.width ? { width: image.width } : {}),
    ...(image.height ? { height: image.height } : {}),
  };
}
