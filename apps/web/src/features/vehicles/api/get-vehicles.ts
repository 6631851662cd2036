import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_VEHICLE_SORT,
  PAGE_SIZES,
  type Condition,
  type FuelType,
  type Transmission,
  type Vehicle,
  type VehicleSort,
  type VehicleStatus,
} from '@dealer/shared';
import { api } from '@/lib/api-client';
import { vehicleKeys } from './keys';

/** The query of `GET api/vehicles`: the spec's search parameters plus the browsing filters. */
export interface VehicleListParams {
  page?: number;
  limit?: number;
  search?: string;
  min_price?: number;
  max_price?: number;
  year?: number;
  min_year?: number;
  max_year?: number;
  fuelType?: FuelType;
  transmission?: Transmission;
  make?: string;
  model?: string;
  condition?: Condition;
  max_mileage?: number;
  location?: string;
  status?: VehicleStatus;
  sort?: VehicleSort;
}

export function getVehicles(params: VehicleListParams, signal?: AbortSignal) {
  return api.list<Vehicle>('/api/vehicles', { ...params }, signal);
}

export const vehiclesQueryOptions = (params: VehicleListParams) =>
  queryOptions({
    queryKey: vehicleKeys.list(params),
    queryFn: ({ signal }) => getVehicles(params, signal),
    // Paging and filtering keep the previous page on screen until the next arrives.
    placeholderData: keepPreviousData,
  });

export function useVehicles(params: VehicleListParams) {
  return useQuery(vehiclesQueryOptions(params));
}

/** Home's 'Featured Cars': the three newest public listings. */
export const featuredVehiclesQueryOptions = () =>
  vehiclesQueryOptions({ page: 1, limit: PAGE_SIZES.featuredVehicles, sort: DEFAULT_VEHICLE_SORT });
