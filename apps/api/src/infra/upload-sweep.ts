import { eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { inspectionItemPhotos, inspectionItems, tradeInPhotos, users, vehicleImages, workshopCheckInPhotos } from '../db/schema';
import { photoFileKeys } from './images';
import type { FileStorage } from './storage';

/**
 * Files younger than this are left alone: another server process (or this one) may have written
 * them for a request whose row is about to commit.
 */
export const ORPHAN_MIN_AGE_MS = 60_000;

export interface SweepResult {
  checked: number;
  removed: string[];
  /** Files no row refers to that were left because they are younger than the minimum age. */
  youngOrphans: number;
}

/**
 * Removes upload files no row refers to: the photos of a listing whose transaction never committed
 * (the process was killed between writing the files and the commit), replaced avatars, and
 * half-written `.tmp` files. Run at start-up and now and then; safe beside other processes thanks
 * to the minimum age (0 is safe only where no other process writes, e.g. before the embedded
 * database's only server starts listening). Works the same on a local folder and on a bucket, whose
 * listing gives each object's last write time.
 */
export async function sweepOrphanUploads(
  db: Database,
  storage: FileStorage,
  options: { now?: number; minAgeMs?: number } = {},
): Promise<SweepResult> {
  const now = options.now ?? Date.now();
  const minAgeMs = options.minAgeMs ?? ORPHAN_MIN_AGE_MS;

  // Listed before the rows are read: a file written after the listing is simply not looked at, and a
  // row committed after the read belongs to a file younger than the minimum age.
  const files = [
    ...(await storage.entries('vehicles')),
    ...(await storage.entries('check-ins')),
    ...(await storage.entries('trade-ins')),
    ...(await storage.entries('inspections')),
    ...(await storage.entries('avatars')),
  ];
  if (files.length === 0) return { checked: 0, removed: [], youngOrphans: 0 };

  const referenced = new Set<string>();
  const images = await db
    .select({ vehicleId: vehicleImages.vehicleId, key: vehicleImages.key, width: vehicleImages.width })
    .from(vehicleImages);
  for (const image of images) for (const key of photoFileKeys(image.vehicleId, image)) referenced.add(key);
  const checkInPhotos = await db
    .select({ appointmentId: workshopCheckInPhotos.appointmentId, key: workshopCheckInPhotos.key, width: workshopCheckInPhotos.width })
    .from(workshopCheckInPhotos);
  for (const photo of checkInPhotos) for (const key of photoFileKeys(photo.appointmentId, photo, 'check-ins')) referenced.add(key);
  const tradeInPhotoRows = await db
    .select({ tradeInId: tradeInPhotos.tradeInId, key: tradeInPhotos.key, width: tradeInPhotos.width })
    .from(tradeInPhotos);
  for (const photo of tradeInPhotoRows) for (const key of photoFileKeys(photo.tradeInId, photo, 'trade-ins')) referenced.add(key);
  const inspectionPhotoRows = await db
    .select({ appointmentId: inspectionItems.appointmentId, key: inspectionItemPhotos.key, width: inspectionItemPhotos.width })
    .from(inspectionItemPhotos)
    .innerJoin(inspectionItems, eq(inspectionItems.id, inspectionItemPhotos.itemId));
  for (const photo of inspectionPhotoRows) for (const key of photoFileKeys(photo.appointmentId, photo, 'inspections')) referenced.add(key);
  const avatars = await db.select({ key: users.avatarKey }).from(users).where(isNotNull(users.avatarKey));
  for (const avatar of avatars) if (avatar.key) referenced.add(avatar.key);

  const removed: string[] = [];
  let youngOrphans = 0;
  for (const { key, modifiedMs } of files) {
    if (referenced.has(key)) continue;
    if (now - modifiedMs < minAgeMs) {
      youngOrphans += 1;
      continue;
    }
    await storage.remove(key).catch(() => undefined);
    removed.push(key);
  }
  return { checked: files.length, removed, youngOrphans };
}
