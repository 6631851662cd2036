import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vehicle, VehicleStatus } from '@dealer/shared';
import { apiRequest } from '@/lib/api-client';
import { vehicleKeys } from './keys';

export interface VehicleStatusChange {
  status: VehicleStatus;
  /** A registered user's e-mail or username, when marking sold to them. */
  buyer?: string;
  /** The listing's revision the admin is looking at: an approval is refused once the listing changed since. */
  revision?: number;
}

/** PATCH api/vehicles/{id} takes multipart form data (it also carries photos); only the status (and buyer) change here. */
export async function updateVehicleStatus(id: string, change: VehicleStatusChange) {
  const form = new FormData();
  form.set('status', change.status);
  if (change.buyer?.trim()) form.set('buyer', change.buyer.trim());
  if (change.revision !== undefined) form.set('revision', String(change.revision));
  return (await apiRequest<Vehicle>(`/api/vehicles/${encodeURIComponent(id)}`, { method: 'PATCH', body: form })).data;
}

export function useUpdateVehicleStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: VehicleStatusChange }) => updateVehicleStatus(id, change),
    onSuccess: (updated, { id }) => {
      if (updated && typeof updated === 'object' && '_id' in updated) queryClient.setQueryData(vehicleKeys.detail(id), updated);
      return queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
    },
    // Refused because the seller changed the listing meanwhile: show the admin the new version.
    onError: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}
