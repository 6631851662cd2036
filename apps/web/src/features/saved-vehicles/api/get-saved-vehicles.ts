import type { SavedVehicleIds } from '@dealer/shared';
import { api } from '@/lib/api-client';

/** The account's saved vehicles, oldest saved first. */
export function getSavedVehicles() {
  return api.get<SavedVehicleIds>('/api/account/saved-vehicles');
}
