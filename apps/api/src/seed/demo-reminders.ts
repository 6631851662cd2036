import { DEFAULT_SERVICE_INTERVALS } from '@dealer/shared';
import type { AppDeps } from '../deps';
import { workshopServiceIntervals } from '../db/schema';

/** The workshop's reminder intervals for common services (Oil Change every 6 months or 5,000 miles, ...). */
export async function seedDemoReminders(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .insert(workshopServiceIntervals)
    .values(Object.entries(DEFAULT_SERVICE_INTERVALS).map(([specificService, interval]) => ({ specificService, ...interval, updatedAt: now })))
    .onConflictDoNothing();
}
