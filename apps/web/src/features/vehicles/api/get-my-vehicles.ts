import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { vehicleKeys } from './keys';

/** The signed-in user's own listings, in every status (My Vehicles). */
export function getMyVehicles(params: { page: number; limit: number }, signal?: AbortSignal) {
  return api.list<Vehicle>('/api/vehicles/mine', params, signal);
}

export const myVehiclesQueryOptions = (params: { page: number; limit: number }) =>
  queryOptions({
    queryKey: vehicleKeys.mine(params),
    queryFn: ({ signal }) => getMyVehicles(params, signal),
    placeholderData: keepPreviousData,
  });

export function useMyVehicles(params: { page: number; limit: number }) {
  return useQuery(myVehiclesQueryOptions(params));
}
