import { asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { INSPECTION_CHECKLIST, type InspectionCondition } from '@dealer/shared';
import type { AppDeps } from '../deps';
import { inspectionItemPhotos, inspectionItems, maintenanceAppointments, workshopCheckIns } from '../db/schema';
import { newPhotoKey, processPhoto, storePhoto } from '../infra/images';

/** The demo inspection's findings, checklist order, and one item the technician added. */
const FINDINGS: Record<(typeof INSPECTION_CHECKLIST)[number], [InspectionCondition, string | null]> = {
  Tyres: ['Needs attention soon', 'Front tyres at 3 mm; rears at 5 mm.'],
  Brakes: ['Needs attention now', 'Front pads at 2 mm, discs scored. Replace pads and discs.'],
  Fluids: ['Good', null],
  Lights: ['Needs attention soon', 'Rear left brake light bulb out.'],
  Battery: ['Good', 'Tested 12.6 V, 540 CCA.'],
  Wipers: ['Needs attention soon', 'Front blades smear.'],
  Suspension: ['Good', null],
  Leaks: ['Good', null],
};

/**
 * One checked-in job of today with its inspection filled in: every checklist item with a condition
 * (brakes to do now, a few soon), notes, one free item and a photo of the brakes. The demo
 * technician's job when she has one on the floor. Returns the job's id, or null when none is checked in.
 */
export async function seedDemoInspection(deps: Pick<AppDeps, 'db' | 'storage' | 'clock'>, technicianId: string): Promise<string | null> {
  const t = maintenanceAppointments;
  const candidates = await deps.db
    .select({ id: t.id, technicianId: t.technicianId, date: t.appointmentDate })
    .from(t)
    .innerJoin(workshopCheckIns, eq(workshopCheckIns.appointmentId, t.id))
    .where(inArray(t.stage, ['In progress', 'Checked in', 'Waiting for approval']))
    .orderBy(asc(t.appointmentDate), asc(t.createdAt));
  if (candidates.length === 0) return null;
  const job = candidates.find((c) => c.technicianId === technicianId && c.date === candidates.at(-1)!.date) ?? candidates.at(-1)!;

  const at = deps.clock.now();
  const rows = await deps.db
    .insert(inspectionItems)
    .values([
      ...INSPECTION_CHECKLIST.map((label, position) => ({
        appointmentId: job.id,
        position,
        label,
        condition: FINDINGS[label][0],
        note: FINDINGS[label][1],
        updatedById: technicianId,
        updatedAt: at,
      })),
      { appointmentId: job.id, position: INSPECTION_CHECKLIST.length, label: 'Exhaust', condition: 'Good' as const, note: 'No blows; hangers sound.', updatedById: technicianId, updatedAt: at },
    ])
    .onConflictDoNothing()
    .returning({ id: inspectionItems.id, label: inspectionItems.label });
  const brakes = rows.find((r) => r.label === 'Brakes');
  if (brakes) {
    // A worn disc, drawn: a dark ring on grey.
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#6b7280"/>' +
        '<circle cx="400" cy="300" r="230" fill="#374151"/><circle cx="400" cy="300" r="150" fill="#9ca3af"/><circle cx="400" cy="300" r="60" fill="#1f2937"/></svg>',
    );
    const photo = await processPhoto(await sharp(svg).jpeg({ quality: 80 }).toBuffer());
    const key = newPhotoKey();
    await storePhoto(deps.storage, job.id, key, photo, 'inspections');
    await deps.db.insert(inspectionItemPhotos).values({ itemId: brakes.id, position: 0, key, width: photo.width, height: photo.height });
  }
  return job.id;
}
