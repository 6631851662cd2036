import type { SavedVehicleIds } from '@dealer/shared';
import { api } from '@/lib/api-client';

export function unsaveVehicle(id: string) {
  return api.delete<SavedVehicleIds>(`/api/account/saved-vehicles/${encodeURIComponent(id)}`);
}
