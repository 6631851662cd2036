import { count } from 'drizzle-orm';
import type { AppDeps } from '../app';
import { users } from '../db/schema';
import { seedDemoAppointments } from './demo-appointments';
import { seedDemoUsers } from './demo-users';
import { seedDemoVehicles } from './demo-vehicles';

export async function isDatabaseEmpty(deps: Pick<AppDeps, 'db'>): Promise<boolean> {
  const [row] = await deps.db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** The demo dealership: accounts, listings with photos, and appointments in every status. */
export async function seedDemoData(deps: Pick<AppDeps, 'db' | 'storage' | 'clock' | 'config'>): Promise<void> {
  const userIds = await seedDemoUsers(deps.db, deps.clock.now());
  await seedDemoVehicles(deps, userIds);
  await seedDemoAppointments(deps, userIds);
}
