import type { SavedVehicleIds } from '@dealer/shared';
import { api } from '@/lib/api-client';

/** Adds this device's saved vehicles to the account's; answers the account's whole list. */
export function mergeSavedVehicles(vehicleIds: readonly string[]) {
  return api.post<SavedVehicleIds>('/api/account/saved-vehicles/merge', { vehicleIds });
}
