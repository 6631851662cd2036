import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { estimateLines, estimates, garageVehicles, inspectionItems, maintenanceAppointments, serviceReminders } from '../../db/schema';
import { declinedNotDone } from './estimates.repository';

// Written for the reminders domain (issue 27): the declined work to offer again.

/** A declined estimate line, not done since, whose customer has had no reminder of it. */
export interface DeclinedLineDue {
  estimateLineId: string;
  description: string;
  /** The inspection item the line answered (e.g. 'Brakes'), when it came from one. */
  findingLabel: string | null;
  decidedAt: Date;
  userId: string;
  customerName: string;
  customerEmail: string;
  /** The service of the job the line was declined on. */
  jobService: string;
  vehicleRegistration: string;
  /** The customer's My Garage vehicle with this registration, if they keep one. */
  garageVehicleId: string | null;
}

/** Declined lines decided at or before `decidedBy`, not done by a later job, with no reminder yet. */
export async function declinedLinesDue(db: Executor, decidedBy: Date): Promise<DeclinedLineDue[]> {
  const a = maintenanceAppointments;
  const l = estimateLines;
  const e = estimates;
  const rows = await db
    .select({
      estimateLineId: l.id,
      description: l.description,
      findingLabel: inspectionItems.label,
      decidedAt: e.decidedAt,
      userId: a.userId,
      customerName: a.customerName,
      customerEmail: a.customerEmail,
      jobService: a.specificService,
      vehicleRegistration: a.vehicleRegistration,
      garageVehicleId: garageVehicles.id,
    })
    .from(l)
    .innerJoin(e, eq(e.id, l.estimateId))
    .innerJoin(a, eq(a.id, e.appointmentId))
    .leftJoin(inspectionItems, eq(inspectionItems.id, l.inspectionItemId))
    .leftJoin(
      garageVehicles,
      and(eq(garageVehicles.userId, a.userId), eq(garageVehicles.registrationKey, sql`regexp_replace(upper(${a.vehicleRegistration}), '[^A-Z0-9]', '', 'g')`)),
    )
    .leftJoin(serviceReminders, and(eq(serviceReminders.estimateLineId, l.id), eq(serviceReminders.kind, 'Recommended work')))
    .where(
      and(
        declinedNotDone,
        lte(e.decidedAt, decidedBy),
        isNotNull(a.userId),
        isNull(serviceReminders.id),
      ),
    )
    .orderBy(e.decidedAt, l.position);
  return rows.map((r) => ({ ...r, decidedAt: r.decidedAt!, userId: r.userId! }));
}
