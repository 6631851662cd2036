import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type Vehicle } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** The admin vehicle filters as the URL keeps them (strings, empty = not set). */
export interface VehicleFilters {
  search: string;
  minPrice: string;
  maxPrice: string;
  minYear: string;
  maxYear: string;
  fuelType: string;
  status: string;
  sort: string;
  page: number;
}

const toInt = (value: string): number | undefined => {
  if (value.trim() === '') return undefined;
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? n : undefined;
};

/**
 * Prices and years become integers; equal min and max years are sent as one exact `year`,
 * otherwise min_year and max_year go separately.
 */
export function toVehicleQuery(filters: VehicleFilters) {
  const minYear = toInt(filters.minYear);
  const maxYear = toInt(filters.maxYear);
  const exactYear = minYear !== undefined && minYear === maxYear;
  return {
    page: filters.page,
    limit: PAGE_SIZES.adminVehicles,
    search: filters.search.trim() || undefined,
    min_price: toInt(filters.minPrice),
    max_price: toInt(filters.maxPrice),
    year: exactYear ? minYear : undefined,
    min_year: exactYear ? undefined : minYear,
    max_year: exactYear ? undefined : maxYear,
    fuelType: filters.fuelType || undefined,
    status: filters.status || undefined,
    sort: filters.sort || undefined,
  };
}

export const getVehicles = (filters: VehicleFilters, signal?: AbortSignal) => api.list<Vehicle>('/api/vehicles', toVehicleQuery(filters), signal);

export const vehiclesQueryOptions = (filters: VehicleFilters) =>
  queryOptions({
    queryKey: adminKeys.vehicles(toVehicleQuery(filters)),
    queryFn: ({ signal }) => getVehicles(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useVehicles = (filters: VehicleFilters) => useQuery(vehiclesQueryOptions(filters));
