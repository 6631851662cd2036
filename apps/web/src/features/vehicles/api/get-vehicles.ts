import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_VEHICLE_SORT, PAGE_SIZES, type Vehicle, type VehicleListQuery } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { vehicleKeys } from './keys';

export function getVehicles(params: VehicleListQuery, signal?: AbortSignal) {
  return api.list<Vehicle>('/api/vehicles', { ...params }, signal);
}

export const vehiclesQueryOptions = (params: VehicleListQuery) =>
  queryOptions({
    queryKey: vehicleKeys.list(params),
    queryFn: ({ signal }) => getVehicles(params, signal),
    // Paging and filtering keep the previous page on screen until the next arrives.
    placeholderData: keepPreviousData,
  });

export function useVehicles(params: VehicleListQuery) {
  return useQuery(vehiclesQueryOptions(params));
}

/** Home's 'Featured Cars': the three newest public listings. */
export const featuredVehiclesQueryOptions = () =>
  vehiclesQueryOptions({ page: 1, limit: PAGE_SIZES.featuredVehicles, sort: DEFAULT_VEHICLE_SORT });
