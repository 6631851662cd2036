import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { estimateLines, estimates, maintenanceAppointments } from '../../db/schema';
import { declinedNotDone } from './estimates.repository';

/** A declined estimate line that no later job has done: recommended work on the customer's vehicle. */
export interface RecommendedWork {
  id: string;
  /** Registration upper-cased without spaces or dashes: the vehicle of the job that offered it. */
  registrationKey: string;
  description: string;
  amountCents: number;
  specificService: string;
  appointmentId: string;
  declinedAt: Date;
}

const keyOf = sql<string>`upper(regexp_replace(${maintenanceAppointments.vehicleRegistration}, '[^A-Za-z0-9]', '', 'g'))`;

/**
 * The customer's declined lines not yet done, for vehicles by registration key, oldest decision first
 * (My Garage's history; written by garage, issue 27).
 */
export async function recommendedWorkFor(db: Executor, userId: string, registrationKeys: readonly string[]): Promise<RecommendedWork[]> {
  if (registrationKeys.length === 0) return [];
  const rows = await db
    .select({
      id: estimateLines.id,
      registrationKey: keyOf,
      description: estimateLines.description,
      amountCents: estimateLines.amountCents,
      specificService: maintenanceAppointments.specificService,
      appointmentId: maintenanceAppointments.id,
      declinedAt: estimates.decidedAt,
    })
    .from(estimateLines)
    .innerJoin(estimates, eq(estimates.id, estimateLines.estimateId))
    .innerJoin(maintenanceAppointments, eq(maintenanceAppointments.id, estimates.appointmentId))
    .where(
      and(
        eq(maintenanceAppointments.userId, userId),
        declinedNotDone,
        inArray(keyOf, [...registrationKeys]),
      ),
    )
    .orderBy(asc(estimates.decidedAt), asc(estimateLines.position));
  return rows.map((row) => ({ ...row, declinedAt: row.declinedAt ?? new Date(0) }));
}
