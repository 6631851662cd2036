import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { vehicleKeys } from './keys';

/** Up to three public listings like this one (same make first, then the nearest price). */
export function getSimilarVehicles(id: string, signal?: AbortSignal) {
  return api.get<Vehicle[]>(`/api/vehicles/${encodeURIComponent(id)}/similar`, undefined, signal);
}

export const similarVehiclesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: vehicleKeys.similar(id),
    queryFn: ({ signal }) => getSimilarVehicles(id, signal),
  });

export function useSimilarVehicles(id: string) {
  return useQuery(similarVehiclesQueryOptions(id));
}
