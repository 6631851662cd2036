import {
  CONDITIONS,
  DEFAULT_VEHICLE_SORT,
  FUEL_TYPES,
  PAGE_SIZES,
  TRANSMISSIONS,
  VEHICLE_SORTS,
  type Condition,
  type FuelType,
  type Transmission,
  type VehicleSort,
} from '@dealer/shared';
import type { VehicleListParams } from '../api/get-vehicles';

/** The filters kept in the URL, under the API's own parameter names so a link reads like the call. */
export const FILTER_PARAMS = [
  'search',
  'make',
  'model',
  'min_price',
  'max_price',
  'min_year',
  'max_year',
  'max_mileage',
  'fuelType',
  'transmission',
  'condition',
  'location',
] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];
export type VehicleFilterValues = Record<FilterParam, string>;

const toInt = (value: string | null): number | undefined => {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : undefined;
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.includes(value as T) ? (value as T) : undefined;

/** Which list a URL describes: every list has page and sort; the browsing lists add the filters. */
export interface VehicleSearchOptions {
  withFilters: boolean;
  limit?: number;
}

/**
 * Reads a vehicle list's page, sort and filters from URL search params and turns them into the
 * `GET api/vehicles` query. Pure, so a route loader (on the server too) asks for exactly what the
 * page will.
 */
export function parseVehicleSearch(
  searchParams: URLSearchParams,
  { withFilters, limit = PAGE_SIZES.vehicles }: VehicleSearchOptions,
) {
  const page = Math.max(1, toInt(searchParams.get('page')) ?? 1);
  const explicitSort = oneOf(VEHICLE_SORTS, searchParams.get('sort'));
  const sort: VehicleSort = explicitSort ?? DEFAULT_VEHICLE_SORT;
  const filters = Object.fromEntries(FILTER_PARAMS.map((name) => [name, searchParams.get(name) ?? ''])) as VehicleFilterValues;

  const apiParams: VehicleListParams = { page, limit, sort };
  if (withFilters) {
    const search = filters.search.trim();
    if (search) apiParams.search = search;
    // A search with no sort chosen is answered in order of relevance.
    if (search && !explicitSort) delete apiParams.sort;
    apiParams.min_price = toInt(filters.min_price);
    apiParams.max_price = toInt(filters.max_price);
    const minYear = toInt(filters.min_year);
    const maxYear = toInt(filters.max_year);
    // The same year at both ends is an exact year.
    if (minYear !== undefined && minYear === maxYear) apiParams.year = minYear;
    else {
      apiParams.min_year = minYear;
      apiParams.max_year = maxYear;
    }
    apiParams.fuelType = oneOf<FuelType>(FUEL_TYPES, filters.fuelType);
    apiParams.transmission = oneOf<Transmission>(TRANSMISSIONS, filters.transmission);
    apiParams.make = filters.make.trim() || undefined;
    // A model belongs to its make: without one, a model left in a hand-edited link still filters.
    apiParams.model = filters.model.trim() || undefined;
    apiParams.condition = oneOf<Condition>(CONDITIONS, filters.condition);
    apiParams.max_mileage = toInt(filters.max_mileage);
    apiParams.location = filters.location.trim() || undefined;
    for (const key of Object.keys(apiParams) as (keyof VehicleListParams)[])
      if (apiParams[key] === undefined) delete apiParams[key];
  }
  return { page, sort, filters, apiParams };
}
