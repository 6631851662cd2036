import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { vehicleKeys } from './keys';

export function getVehicle(id: string, signal?: AbortSignal) {
  return api.get<Vehicle>(`/api/vehicles/${encodeURIComponent(id)}`, undefined, signal);
}

export const vehicleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: vehicleKeys.detail(id),
    queryFn: ({ signal }) => getVehicle(id, signal),
  });

/** One listing with its owner; a 404 (missing or not visible to the caller) arrives as ApiError. */
export function useVehicle(id: string | undefined) {
  return useQuery({ ...vehicleQueryOptions(id ?? ''), enabled: Boolean(id) });
}
