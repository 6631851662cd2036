import {
  BODY_TYPES,
  CONDITIONS,
  DEFAULT_VEHICLE_SORT,
  DRIVETRAINS,
  FUEL_TYPES,
  PAGE_SIZES,
  TRANSMISSIONS,
  VEHICLE_SORTS,
  type BodyType,
  type Condition,
  type Drivetrain,
  type FuelType,
  type Transmission,
  type VehicleSort,
  type VehicleListQuery,
  type VehicleStatus,
} from '@dealer/shared';
import { FILTER_PARAMS, MODEL_MAKE_PARAM, VEHICLE_LIST_PARAMS, type FilterParam } from './vehicle-list-params';

export { FILTER_PARAMS, MODEL_MAKE_PARAM, VEHICLE_LIST_PARAMS, type FilterParam } from './vehicle-list-params';

export type VehicleFilterValues = Record<FilterParam, string>;

const toInt = (value: string | null): number | undefined => {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : undefined;
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.includes(value as T) ? (value as T) : undefined;

/** Whole prices and years; the same year at both ends is sent as one exact `year`. */
function priceAndYearRange(minPrice: string, maxPrice: string, minYearText: string, maxYearText: string) {
  const minYear = toInt(minYearText);
  const maxYear = toInt(maxYearText);
  const exactYear = minYear !== undefined && minYear === maxYear;
  return {
    min_price: toInt(minPrice),
    max_price: toInt(maxPrice),
    year: exactYear ? minYear : undefined,
    min_year: exactYear ? undefined : minYear,
    max_year: exactYear ? undefined : maxYear,
  } satisfies VehicleListQuery;
}

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

  const apiParams: VehicleListQuery = { page, limit, sort };
  if (withFilters) {
    const search = filters.search.trim();
    if (search) apiParams.search = search;
    // A search with no sort chosen is answered in order of relevance (newest first past 2,000 matches: decision 042).
    if (search && !explicitSort) delete apiParams.sort;
    Object.assign(apiParams, priceAndYearRange(filters.min_price, filters.max_price, filters.min_year, filters.max_year));
    apiParams.fuelType = oneOf<FuelType>(FUEL_TYPES, filters.fuelType);
    apiParams.transmission = oneOf<Transmission>(TRANSMISSIONS, filters.transmission);
    apiParams.make = filters.make.trim() || undefined;
    // A model belongs to its make: without one, a model left in a hand-edited link still filters.
    apiParams.model = filters.model.trim() || undefined;
    apiParams.condition = oneOf<Condition>(CONDITIONS, filters.condition);
    apiParams.bodyType = oneOf<BodyType>(BODY_TYPES, filters.bodyType);
    apiParams.drivetrain = oneOf<Drivetrain>(DRIVETRAINS, filters.drivetrain);
    apiParams.max_mileage = toInt(filters.max_mileage);
    apiParams.location = filters.location.trim() || undefined;
    for (const key of Object.keys(apiParams) as (keyof VehicleListQuery)[])
      if (apiParams[key] === undefined) delete apiParams[key];
  }
  return { page, sort, filters, apiParams };
}

/**
 * The list URL the app would build from what a filters form sent (a plain GET submit, before or
 * without JavaScript, sends every field): empty fields and the form's own model_make left out, and the
 * model dropped when the make changed. Null when the URL is already so.
 */
export function canonicalVehicleSearch(searchParams: URLSearchParams): URLSearchParams | null {
  const next = new URLSearchParams();
  let changed = false;
  for (const [key, value] of searchParams) {
    const fromForm = VEHICLE_LIST_PARAMS.includes(key);
    if (fromForm && (value.trim() === '' || key === MODEL_MAKE_PARAM)) changed = true;
    else next.append(key, value);
  }
  const modelMake = searchParams.get(MODEL_MAKE_PARAM);
  const sameMake = (a: string | null) => (a ?? '').trim().toLowerCase() === (modelMake ?? '').trim().toLowerCase();
  if (modelMake !== null && next.has('model') && !sameMake(searchParams.get('make'))) next.delete('model');
  return changed ? next : null;
}

/** The query of the same list at another page (page 1 is the list without one). */
export function vehiclePageSearch(searchParams: URLSearchParams, page: number): string {
  const next = new URLSearchParams(searchParams);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  const query = next.toString();
  return query ? `?${query}` : '';
}

/** The admin filter panel's fields (strings, empty = not set). */
export interface AdminVehicleFilterValues {
  minPrice: string;
  maxPrice: string;
  minYear: string;
  maxYear: string;
  fuelType: string;
  status: string;
}

/** The admin list's filters as its URL keeps them, whatever the status. */
export interface AdminVehicleFilters extends AdminVehicleFilterValues {
  search: string;
  sort: string;
  page: number;
}

/** The admin list's `GET api/vehicles` query: pages of 12, ranges as the public lists send them. */
export function adminVehicleQuery(filters: AdminVehicleFilters): VehicleListQuery {
  return {
    page: filters.page,
    limit: PAGE_SIZES.adminVehicles,
    search: filters.search.trim() || undefined,
    ...priceAndYearRange(filters.minPrice, filters.maxPrice, filters.minYear, filters.maxYear),
    fuelType: (filters.fuelType || undefined) as FuelType | undefined,
    status: (filters.status || undefined) as VehicleStatus | undefined,
    sort: (filters.sort || undefined) as VehicleSort | undefined,
  };
}
