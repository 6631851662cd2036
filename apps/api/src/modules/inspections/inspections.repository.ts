import { and, asc, count, eq, inArray, max } from 'drizzle-orm';
import { INSPECTION_CHECKLIST, type InspectionCondition } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { inspectionItemPhotos, inspectionItems, maintenanceAppointments, users, workshopCheckIns } from '../../db/schema';
import type { AppointmentRow } from '../maintenance';

export type ItemRow = typeof inspectionItems.$inferSelect & { updatedBy: string | null };
export type PhotoRow = typeof inspectionItemPhotos.$inferSelect;

/** The job (an appointment), unlocked. */
export async function findJob(db: Executor, id: string): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(maintenanceAppointments).where(eq(maintenanceAppointments.id, id)).limit(1);
  return row;
}

/** Whether the job has been checked in: an inspection exists only for a checked-in car. */
export async function isCheckedIn(db: Executor, appointmentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: workshopCheckIns.appointmentId })
    .from(workshopCheckIns)
    .where(eq(workshopCheckIns.appointmentId, appointmentId))
    .limit(1);
  return row !== undefined;
}

/**
 * The checklist, in order, at positions 0 to 7: written on the first open. Two first opens at once
 * both insert; the positions' unique key keeps one of each.
 */
export async function ensureChecklist(db: Executor, appointmentId: string): Promise<void> {
  await db
    .insert(inspectionItems)
    .values(INSPECTION_CHECKLIST.map((label, position) => ({ appointmentId, position, label })))
    .onConflictDoNothing({ target: [inspectionItems.appointmentId, inspectionItems.position] });
}

export async function itemsOf(db: Executor, appointmentId: string): Promise<{ items: ItemRow[]; photos: Map<string, PhotoRow[]> }> {
  const rows = await db
    .select({ item: inspectionItems, updatedBy: users.name })
    .from(inspectionItems)
    .leftJoin(users, eq(users.id, inspectionItems.updatedById))
    .where(eq(inspectionItems.appointmentId, appointmentId))
    .orderBy(asc(inspectionItems.position));
  const items = rows.map((r) => ({ ...r.item, updatedBy: r.updatedBy }));
  const photos = new Map<string, PhotoRow[]>();
  if (items.length === 0) return { items, photos };
  const photoRows = await db
    .select()
    .from(inspectionItemPhotos)
    .where(inArray(inspectionItemPhotos.itemId, items.map((i) => i.id)))
    .orderBy(asc(inspectionItemPhotos.itemId), asc(inspectionItemPhotos.position));
  for (const photo of photoRows) photos.set(photo.itemId, [...(photos.get(photo.itemId) ?? []), photo]);
  return { items, photos };
}

/** One item of the job's inspection, locked until the transaction ends. */
export async function lockItem(db: Executor, appointmentId: string, itemId: string): Promise<typeof inspectionItems.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(inspectionItems)
    .where(and(eq(inspectionItems.id, itemId), eq(inspectionItems.appointmentId, appointmentId)))
    .for('update');
  return row;
}

export async function updateItem(
  db: Executor,
  itemId: string,
  values: { condition?: InspectionCondition | null; note?: string | null; updatedById: string; updatedAt: Date },
): Promise<void> {
  await db.update(inspectionItems).set(values).where(eq(inspectionItems.id, itemId));
}

/** How many items the inspection has, and the next free position. */
export async function itemCount(db: Executor, appointmentId: string): Promise<{ count: number; nextPosition: number }> {
  const [row] = await db
    .select({ n: count(), last: max(inspectionItems.position) })
    .from(inspectionItems)
    .where(eq(inspectionItems.appointmentId, appointmentId));
  return { count: Number(row?.n ?? 0), nextPosition: Math.max(INSPECTION_CHECKLIST.length, (row?.last ?? -1) + 1) };
}

export async function insertItem(db: Executor, values: { appointmentId: string; position: number; label: string; updatedById: string; updatedAt: Date }): Promise<string> {
  const [row] = await db.insert(inspectionItems).values(values).returning({ id: inspectionItems.id });
  return row!.id;
}

export async function deleteItem(db: Executor, itemId: string): Promise<void> {
  await db.delete(inspectionItems).where(eq(inspectionItems.id, itemId));
}

export async function photosOfItem(db: Executor, itemId: string): Promise<PhotoRow[]> {
  return db.select().from(inspectionItemPhotos).where(eq(inspectionItemPhotos.itemId, itemId)).orderBy(asc(inspectionItemPhotos.position));
}

export async function insertPhotos(db: Executor, itemId: string, firstPosition: number, photos: { key: string; width: number; height: number }[]): Promise<void> {
  if (photos.length === 0) return;
  await db.insert(inspectionItemPhotos).values(photos.map((p, i) => ({ itemId, position: firstPosition + i, ...p })));
}

export async function deletePhoto(db: Executor, photoId: string): Promise<void> {
  await db.delete(inspectionItemPhotos).where(eq(inspectionItemPhotos.id, photoId));
}

/** Touches an item (a photo added or removed): who changed it last, and when. */
export async function touchItem(db: Executor, itemId: string, updatedById: string, updatedAt: Date): Promise<void> {
  await db.update(inspectionItems).set({ updatedById, updatedAt }).where(eq(inspectionItems.id, itemId));
}
