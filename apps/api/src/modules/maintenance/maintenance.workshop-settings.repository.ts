import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { literalLimit, prepared } from '../../db/prepared';
import { workshopServiceDurations, workshopSettings } from '../../db/schema';
import type { ServiceDuration, WorkshopRates, WorkshopResourceCounts } from '@dealer/shared';

/** The saved place counts, or undefined when the admin never saved them (the defaults apply). */
export async function findResourceCounts(db: Executor): Promise<WorkshopResourceCounts | undefined> {
  // Every calendar read and booking runs this.
  const statement = prepared(
    db,
    'resource counts',
    () =>
      db
        .select({ serviceBays: workshopSettings.serviceBays, bodyBays: workshopSettings.bodyBays, paintBooths: workshopSettings.paintBooths })
        .from(workshopSettings)
        .limit(literalLimit(1)),
    'workshop_resource_counts',
  );
  const [row] = await statement.execute();
  return row;
}

export async function saveResourceCounts(tx: Executor, counts: WorkshopResourceCounts, rates?: WorkshopRates): Promise<void> {
  await tx
    .insert(workshopSettings)
    .values({ id: 1, ...counts, ...rates })
    .onConflictDoUpdate({ target: workshopSettings.id, set: { ...counts, ...rates, updatedAt: sql`now()` } });
}

/** The estimate rates, or undefined when the admin never saved the settings (the columns' defaults apply). */
export async function findRates(db: Executor): Promise<WorkshopRates | undefined> {
  const [row] = await db
    .select({ hourlyRateCents: workshopSettings.hourlyRateCents, taxRateBasisPoints: workshopSettings.taxRateBasisPoints })
    .from(workshopSettings)
    .limit(1);
  return row;
}

/** The durations the admin changed, by service. */
export async function listSavedDurations(db: Executor): Promise<Map<string, ServiceDuration>> {
  const statement = prepared(db, 'service durations', () => db.select().from(workshopServiceDurations), 'workshop_service_durations');
  const rows = await statement.execute();
  return new Map(rows.map((r) => [r.specificService, { unit: r.unit, amount: r.amount, resource: r.resource }]));
}

export async function saveDurations(tx: Executor, durations: readonly ({ specificService: string } & ServiceDuration)[]): Promise<void> {
  if (durations.length === 0) return;
  await tx
    .insert(workshopServiceDurations)
    .values(durations.map((d) => ({ specificService: d.specificService, unit: d.unit, amount: d.amount, resource: d.resource })))
    .onConflictDoUpdate({
      target: workshopServiceDurations.specificService,
      set: {
        unit: sql`excluded.unit`,
        amount: sql`excluded.amount`,
        resource: sql`excluded.resource`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Bookings take this lock shared and a change of the place counts takes it alone, so a count is never
 * lowered while a booking that read the old count is still writing.
 */
export async function lockResourceCounts(tx: Executor, mode: 'shared' | 'exclusive'): Promise<void> {
  await tx.execute(
    mode === 'shared'
      ? sql`SELECT pg_advisory_xact_lock_shared(hashtextextended('workshop-resources', 0))`
      : sql`SELECT pg_advisory_xact_lock(hashtextextended('workshop-resources', 0))`,
  );
}
