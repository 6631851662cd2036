import type { AppDeps } from '../app';
import { seedDemoAppointments } from './demo-appointments';
import { seedDemoUsers } from './demo-users';
import { seedDemoVehicles } from './demo-vehicles';
import { seedDemoWorkshopWeek } from './demo-workshop';

/** The demo dealership: accounts, listings with photos, appointments in every status, and a week on the job board. */
export async function seedDemoData(deps: Pick<AppDeps, 'db' | 'storage' | 'clock' | 'config'>): Promise<void> {
  const userIds = await seedDemoUsers(deps.db, deps.clock.now());
  await seedDemoVehicles(deps, userIds);
  await seedDemoAppointments(deps, userIds);
  await seedDemoWorkshopWeek(deps, userIds.technician);
}
