import { inArray } from 'drizzle-orm';
import type { Vehicle } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { vehicles } from '../../db/schema';
import type { FileStorage } from '../../infra/storage';
import { toVehicle } from './vehicles.mapper';
import { newestListings } from './vehicles.repository';

/** The newest listings of any status with their owners and photos (one statement: the list brings the photos along). */
export async function recentVehicles(db: Executor, storage: FileStorage, limit: number): Promise<Vehicle[]> {
  const rows = await newestListings(db, limit);
  return rows.map((row) => toVehicle(storage, row, row.images, { ownerAccount: true }));
}

/** The current titles of the listings with these ids (those that still exist). */
export async function vehicleTitles(db: Executor, ids: readonly string[]): Promise<{ id: string; title: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: vehicles.id, title: vehicles.title })
    .from(vehicles)
    .where(inArray(vehicles.id, [...ids]));
}

/** What another record (a test drive, a hold) shows of its car, and whether the car is on sale. */
export interface VehicleSummary {
  id: string;
  title: string;
  make: string;
  model: string;
  year: number;
  status: string;
}

/** What a test drive or a hold shows of its car: its summary, or 'Vehicle removed' once the listing is gone. */
export function shownVehicle(vehicleId: string, car: VehicleSummary | undefined) {
  return car
    ? { _id: car.id, title: car.title, make: car.make, model: car.model, year: car.year }
    : { _id: vehicleId, title: 'Vehicle removed', make: '', model: '', year: 0 };
}

/** The summaries of the listings with these ids (those that still exist). */
export async function vehicleSummaries(db: Executor, ids: readonly string[]): Promise<VehicleSummary[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: vehicles.id, title: vehicles.title, make: vehicles.make, model: vehicles.model, year: vehicles.year, status: vehicles.status })
    .from(vehicles)
    .where(inArray(vehicles.id, [...ids]));
}
