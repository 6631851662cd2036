import { SAVED_VEHICLE_MESSAGES, SAVED_VEHICLES_MAX, type SavedVehicleIds } from '@dealer/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { ConflictError, NotFoundError } from '../../infra/errors';
import { isUuid } from '../../infra/uuid';
import type { AuthUser } from '../auth';
import * as repo from './saved-vehicles.repository';

export type SavedVehiclesDeps = Pick<AppDeps, 'db' | 'clock'> & {
  /** The vehicles domain: which ids are listings. */
  listings: { existingIds(db: Executor, ids: readonly string[]): Promise<string[]> };
};

/**
 * Saved cars that follow the account: the device's list merges in at log-in and the app then keeps
 * both the same. A save names a listing that exists; a listing removed later leaves every list.
 */
export function createSavedVehiclesService(deps: SavedVehiclesDeps) {
  const { db, clock, listings } = deps;
  const answer = async (userId: string): Promise<SavedVehicleIds> => ({ vehicleIds: await repo.listSavedVehicleIds(db, userId) });

  return {
    list: (user: AuthUser) => answer(user.id),

    async save(user: AuthUser, vehicleId: string): Promise<SavedVehicleIds> {
      if (!isUuid(vehicleId) || (await listings.existingIds(db, [vehicleId])).length === 0) throw new NotFoundError(SAVED_VEHICLE_MESSAGES.notFound);
      await db.transaction(async (tx) => {
        await repo.lockSavedVehicles(tx, user.id);
        const saved = await repo.listSavedVehicleIds(tx, user.id);
        if (saved.includes(vehicleId)) return;
        if (saved.length >= SAVED_VEHICLES_MAX) throw new ConflictError(SAVED_VEHICLE_MESSAGES.tooMany);
        await repo.insertSavedVehicles(tx, user.id, [vehicleId], clock.now());
      });
      return answer(user.id);
    },

    async remove(user: AuthUser, vehicleId: string): Promise<SavedVehicleIds> {
      if (isUuid(vehicleId)) await repo.deleteSavedVehicle(db, user.id, vehicleId);
      return answer(user.id);
    },

    /**
     * Adds the device's saved cars after the account's own, in the device's order; ids that are not
     * listings (removed since, or never were) are dropped, and past the cap the rest is left out.
     */
    async merge(user: AuthUser, deviceIds: readonly string[]): Promise<SavedVehicleIds> {
      const existing = await listings.existingIds(db, deviceIds);
      await db.transaction(async (tx) => {
        await repo.lockSavedVehicles(tx, user.id);
        const saved = new Set(await repo.listSavedVehicleIds(tx, user.id));
        const added = existing.filter((id) => !saved.has(id)).slice(0, Math.max(0, SAVED_VEHICLES_MAX - saved.size));
        await repo.insertSavedVehicles(tx, user.id, added, clock.now());
      });
      return answer(user.id);
    },
  };
}

export type SavedVehiclesService = ReturnType<typeof createSavedVehiclesService>;
