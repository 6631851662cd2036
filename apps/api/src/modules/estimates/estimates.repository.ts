import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { EstimateLineDecision } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { estimateLines, estimates, maintenanceAppointments, users } from '../../db/schema';

export type EstimateRow = typeof estimates.$inferSelect;
export type EstimateLineRow = typeof estimateLines.$inferSelect;
export type NewEstimateLine = Omit<typeof estimateLines.$inferInsert, 'estimateId' | 'id'>;
export type JobRow = typeof maintenanceAppointments.$inferSelect;

/** A line the customer declined on a decided estimate that no later job has done: work to recommend again. */
export const declinedNotDone = and(eq(estimates.status, 'Decided'), eq(estimateLines.decision, 'Declined'), isNull(estimateLines.doneAppointmentId));

export async function findJob(db: Executor, appointmentId: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(maintenanceAppointments).where(eq(maintenanceAppointments.id, appointmentId)).limit(1);
  return row;
}

export async function findEstimate(db: Executor, id: string, options: { forUpdate?: boolean } = {}): Promise<EstimateRow | undefined> {
  const query = db.select().from(estimates).where(eq(estimates.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findEstimateOfJob(db: Executor, appointmentId: string, options: { forUpdate?: boolean } = {}): Promise<EstimateRow | undefined> {
  const query = db.select().from(estimates).where(eq(estimates.appointmentId, appointmentId)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertEstimate(tx: Executor, values: typeof estimates.$inferInsert): Promise<EstimateRow> {
  const [row] = await tx.insert(estimates).values(values).returning();
  return row!;
}

export async function updateEstimate(tx: Executor, id: string, values: Partial<typeof estimates.$inferInsert>): Promise<EstimateRow> {
  const [row] = await tx.update(estimates).set(values).where(eq(estimates.id, id)).returning();
  return row!;
}

/** The lines replaced as a whole (only while no decision has been made on them). */
export async function replaceLines(tx: Executor, estimateId: string, lines: NewEstimateLine[]): Promise<void> {
  await tx.delete(estimateLines).where(eq(estimateLines.estimateId, estimateId));
  if (lines.length > 0) await tx.insert(estimateLines).values(lines.map((l) => ({ ...l, estimateId })));
}

export async function linesOf(db: Executor, estimateIds: string[]): Promise<Map<string, EstimateLineRow[]>> {
  const byId = new Map<string, EstimateLineRow[]>();
  if (estimateIds.length === 0) return byId;
  const rows = await db.select().from(estimateLines).where(inArray(estimateLines.estimateId, estimateIds)).orderBy(asc(estimateLines.position));
  for (const row of rows) byId.set(row.estimateId, [...(byId.get(row.estimateId) ?? []), row]);
  return byId;
}

export async function decideLines(tx: Executor, estimateId: string, lineIds: string[], decision: EstimateLineDecision): Promise<void> {
  if (lineIds.length === 0) return;
  await tx.update(estimateLines).set({ decision }).where(and(eq(estimateLines.estimateId, estimateId), inArray(estimateLines.id, lineIds)));
}

/** A customer's estimates that were ever sent to them (a first draft is the workshop's), newest first, with their jobs. */
export async function estimatesOfCustomer(db: Executor, userId: string): Promise<{ estimate: EstimateRow; job: JobRow }[]> {
  return db
    .select({ estimate: estimates, job: maintenanceAppointments })
    .from(estimates)
    .innerJoin(maintenanceAppointments, eq(maintenanceAppointments.id, estimates.appointmentId))
    .where(and(eq(maintenanceAppointments.userId, userId), gt(estimates.version, 0)))
    .orderBy(desc(estimates.sentAt), desc(estimates.id));
}

export async function personOf(db: Executor, id: string | null): Promise<{ name: string; email: string; status: string } | undefined> {
  if (!id) return undefined;
  const [row] = await db.select({ name: users.name, email: users.email, status: users.status }).from(users).where(eq(users.id, id)).limit(1);
  return row;
}
