import type { AppDeps } from '../app';
import { seedDemoAppointments } from './demo-appointments';
import { seedDemoBuyers } from './demo-buyers';
import { seedDemoLeads } from './demo-leads';
import { seedDemoUsers } from './demo-users';
import { seedDemoVehicles } from './demo-vehicles';
import { seedDemoSalesDesk } from './demo-sales-desk';

/** The demo dealership: accounts, listings with photos, appointments in every status, a returning buyer's saved cars and search, and leads. */
export async function seedDemoData(deps: Pick<AppDeps, 'db' | 'storage' | 'clock' | 'config'>): Promise<void> {
  const userIds = await seedDemoUsers(deps.db, deps.clock.now());
  await seedDemoVehicles(deps, userIds);
  await seedDemoAppointments(deps, userIds);
  await seedDemoBuyers(deps, userIds);
  await seedDemoLeads(deps, userIds);
  await seedDemoSalesDesk(deps, userIds);
}
