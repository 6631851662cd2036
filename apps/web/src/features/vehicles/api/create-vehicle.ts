import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vehicle } from '@dealer/shared';
import { apiRequest } from '@/lib/api-client';
import { vehicleKeys } from './keys';
import { buildVehicleFormData, type VehicleMultipartInput } from './vehicle-form-data';

export interface CreateVehicleInput extends VehicleMultipartInput {
  onUploadProgress?: (fraction: number) => void;
}

export async function createVehicle({ onUploadProgress, ...input }: CreateVehicleInput): Promise<Vehicle> {
  const body = await apiRequest<Vehicle>('/api/vehicles', {
    method: 'POST',
    body: buildVehicleFormData('create', input),
    onUploadProgress,
  });
  return body.data;
}

/** Creates a listing (a non-admin's starts `pending`); every vehicle list refreshes afterwards. */
export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVehicle,
    onSuccess: (vehicle) => {
      queryClient.setQueryData(vehicleKeys.detail(vehicle._id), vehicle);
      return queryClient.invalidateQueries({ queryKey: vehicleKeys.all, refetchType: 'active' });
    },
  });
}
