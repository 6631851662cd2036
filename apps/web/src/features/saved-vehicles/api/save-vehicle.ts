import type { SavedVehicleIds } from '@dealer/shared';
import { apiRequest } from '@/lib/api-client';

export async function saveVehicle(id: string) {
  return (await apiRequest<SavedVehicleIds>(`/api/account/saved-vehicles/${encodeURIComponent(id)}`, { method: 'PUT' })).data;
}
