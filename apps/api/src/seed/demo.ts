import type { AppDeps } from '../app';
import { seedDemoAppointments } from './demo-appointments';
import { seedDemoBuyers } from './demo-buyers';
import { seedDemoInvoices } from './demo-invoices';
import { seedDemoLeads } from './demo-leads';
import { seedDemoUsers } from './demo-users';
import { seedDemoVehicles } from './demo-vehicles';
import { seedDemoSalesDesk } from './demo-sales-desk';
import { seedDemoTradeIns } from './demo-trade-ins';
import { seedDemoWorkshopWeek } from './demo-workshop';
import { seedDemoReminders } from './demo-reminders';
import { seedDemoGarage } from './demo-garage';
import { seedDemoInspection } from './demo-inspections';
import { seedDemoEstimates } from './demo-estimates';

/** The demo dealership: accounts, listings with photos, appointments in every status, a week on the job board, a returning buyer's saved cars and search, leads, test drives, a hold, two trade-ins (a live offer, an expired one) and the service reminder intervals. */
export async function seedDemoData(deps: Pick<AppDeps, 'db' | 'storage' | 'clock' | 'config'>): Promise<void> {
  const userIds = await seedDemoUsers(deps.db, deps.clock.now());
  await seedDemoVehicles(deps, userIds);
  await seedDemoAppointments(deps, userIds);
  await seedDemoBuyers(deps, userIds);
  await seedDemoLeads(deps, userIds);
  await seedDemoSalesDesk(deps, userIds);
  await seedDemoTradeIns(deps, userIds);
  await seedDemoWorkshopWeek(deps, userIds.technician);
  await seedDemoReminders(deps);
  await seedDemoGarage(deps, userIds);
  await seedDemoInspection(deps, userIds.technician);
  await seedDemoEstimates(deps, userIds);
  await seedDemoInvoices(deps, userIds);
}
