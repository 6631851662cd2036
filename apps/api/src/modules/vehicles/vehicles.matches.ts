import { inArray } from 'drizzle-orm';
import type { SavedSearchFilters } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { vehicles } from '../../db/schema';
import { isUuid } from '../../infra/uuid';
import { filterOf } from './vehicles.listing';
import { listVehicles } from './vehicles.repository';

/** A public listing a saved search found. */
export interface VehicleMatch {
  id: string;
  title: string;
  price: number;
  createdAt: Date;
}

/**
 * Public listings matching a saved search's filters (the public list's own filter, so a saved search
 * finds what its list shows) listed after `after`, oldest first, at most `limit`.
 */
export async function publicMatchesListedAfter(db: Executor, filters: SavedSearchFilters, after: Date, limit: number): Promise<VehicleMatch[]> {
  const filter = { ...filterOf(filters, true), createdAfter: after.toISOString() };
  const rows = await listVehicles(db, filter, { sort: 'createdAt:asc', offset: 0, limit });
  return rows.map((row) => ({ id: row.id, title: row.title, price: Number(row.price), createdAt: row.createdAt }));
}

/** Which of these ids are listings (any status), in the order given; malformed ids are dropped. */
export async function existingVehicleIds(db: Executor, ids: readonly string[]): Promise<string[]> {
  const wellFormed = [...new Set(ids.filter(isUuid))];
  if (wellFormed.length === 0) return [];
  const rows = await db.select({ id: vehicles.id }).from(vehicles).where(inArray(vehicles.id, wellFormed));
  const found = new Set(rows.map((r) => r.id));
  return wellFormed.filter((id) => found.has(id));
}
