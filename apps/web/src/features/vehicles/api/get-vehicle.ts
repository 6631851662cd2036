import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@dealer/shared';
import { api, ApiError } from '@/lib/api-client';
import { vehicleKeys } from './keys';

export function getVehicle(id: string, signal?: AbortSignal) {
  return api.get<Vehicle>(`/api/vehicles/${encodeURIComponent(id)}`, undefined, signal);
}

export const vehicleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: vehicleKeys.detail(id),
    queryFn: ({ signal }) => getVehicle(id, signal),
  });

/** Missing, not visible to the caller, or not an id at all: the listing does not exist for them. */
export const isVehicleNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 422);

/** One listing with its owner; a 404 (missing or not visible to the caller) arrives as ApiError. */
export function useVehicle(id: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...vehicleQueryOptions(id ?? ''), enabled: enabled && Boolean(id) });
}
