import type { AppDeps } from '../app';

/** Fills the database for benchmarks with batched inserts. */
export async function seedBulkVehicles(
  _deps: Pick<AppDeps, 'db' | 'clock'>,
  _options: { vehicles: number; appointments: number },
): Promise<number> {
  throw new Error('Bulk seeding is not available yet');
}
