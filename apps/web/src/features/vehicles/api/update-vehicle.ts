import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vehicle } from '@dealer/shared';
import { apiRequest } from '@/lib/api-client';
import { vehicleKeys } from './keys';
import { buildVehicleFormData, type VehicleMultipartInput } from './vehicle-form-data';

export interface UpdateVehicleInput extends VehicleMultipartInput {
  id: string;
  onUploadProgress?: (fraction: number) => void;
}

export async function updateVehicle({ id, onUploadProgress, ...input }: UpdateVehicleInput): Promise<Vehicle> {
  const body = await apiRequest<Vehicle>(`/api/vehicles/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: buildVehicleFormData('edit', input),
    onUploadProgress,
  });
  return body.data;
}

/** Updates a listing: changed fields, new photos and the kept ones in order. */
export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVehicle,
    onSuccess: (vehicle) => {
      queryClient.setQueryData(vehicleKeys.detail(vehicle._id), vehicle);
      return queryClient.invalidateQueries({ queryKey: vehicleKeys.all, refetchType: 'active' });
    },
  });
}
