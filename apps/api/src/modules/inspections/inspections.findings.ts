import { asc, eq, inArray } from 'drizzle-orm';
import type { EstimateFinding } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { inspectionItemPhotos, inspectionItems } from '../../db/schema';
import type { FileStorage } from '../../infra/storage';
import { toVehicleImage } from '../../infra/images';

// Written by the estimates domain (the consumer) inside inspections (the producer), per MONEY-LOOP.md:
// what an estimate shows beside its lines and turns into lines.

/**
 * A job's inspection items in checklist order, each with its condition, note and photos (stored under
 * the job's id in the 'inspections' folder). Empty when the job has no inspection.
 */
export async function inspectionFindings(db: Executor, storage: FileStorage, appointmentId: string): Promise<EstimateFinding[]> {
  const items = await db.select().from(inspectionItems).where(eq(inspectionItems.appointmentId, appointmentId)).orderBy(asc(inspectionItems.position));
  if (items.length === 0) return [];
  const photos = await db
    .select()
    .from(inspectionItemPhotos)
    .where(inArray(inspectionItemPhotos.itemId, items.map((i) => i.id)))
    .orderBy(asc(inspectionItemPhotos.position));
  return items.map((item) => ({
    _id: item.id,
    label: item.label,
    condition: item.condition,
    note: item.note,
    photos: photos.filter((p) => p.itemId === item.id).map((p) => toVehicleImage(storage, appointmentId, p, 'inspections')),
  }));
}
