import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vehicle, VehicleReviewInput } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { vehicleKeys } from './keys';

export type VehicleReview = VehicleReviewInput;

/** Rejects a listing awaiting review, or sends it back for changes: it returns to its seller as a draft. */
export const reviewVehicle = (id: string, review: VehicleReview) =>
  api.post<Vehicle>(`/api/vehicles/${encodeURIComponent(id)}/review`, review);

export function useReviewVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, review }: { id: string; review: VehicleReview }) => reviewVehicle(id, review),
    onSuccess: (updated, { id }) => {
      if (updated && typeof updated === 'object' && '_id' in updated) queryClient.setQueryData(vehicleKeys.detail(id), updated);
      return queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
    },
  });
}
