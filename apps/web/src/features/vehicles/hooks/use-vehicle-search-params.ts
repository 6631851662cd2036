import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
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

/**
 * Sort, filters and page of a vehicle list, read from and written to the URL search params, so
 * back, reload and shared links keep them. Changing a filter or the sort goes back to page 1.
 */
export function useVehicleSearchParams({ withFilters, limit = PAGE_SIZES.vehicles }: { withFilters: boolean; limit?: number }) {
  const [searchParams, setSearchParams] = useSearchParams();

  const page = Math.max(1, toInt(searchParams.get('page')) ?? 1);
  const explicitSort = oneOf(VEHICLE_SORTS, searchParams.get('sort'));
  const sort: VehicleSort = explicitSort ?? DEFAULT_VEHICLE_SORT;
  const filters = useMemo(
    () => Object.fromEntries(FILTER_PARAMS.map((name) => [name, searchParams.get(name) ?? ''])) as VehicleFilterValues,
    [searchParams],
  );

  const apiParams = useMemo<VehicleListParams>(() => {
    const params: VehicleListParams = { page, limit, sort };
    if (!withFilters) return params;
    const search = filters.search.trim();
    if (search) params.search = search;
    // A search with no sort chosen is answered in order of relevance.
    if (search && !explicitSort) delete params.sort;
    params.min_price = toInt(filters.min_price);
    params.max_price = toInt(filters.max_price);
    const minYear = toInt(filters.min_year);
    const maxYear = toInt(filters.max_year);
    // The same year at both ends is an exact year.
    if (minYear !== undefined && minYear === maxYear) params.year = minYear;
    else {
      params.min_year = minYear;
      params.max_year = maxYear;
    }
    params.fuelType = oneOf<FuelType>(FUEL_TYPES, filters.fuelType);
    params.transmission = oneOf<Transmission>(TRANSMISSIONS, filters.transmission);
    params.make = filters.make.trim() || undefined;
    // A model belongs to its make: without one, a model left in a hand-edited link still filters.
    params.model = filters.model.trim() || undefined;
    params.condition = oneOf<Condition>(CONDITIONS, filters.condition);
    params.max_mileage = toInt(filters.max_mileage);
    params.location = filters.location.trim() || undefined;
    for (const key of Object.keys(params) as (keyof VehicleListParams)[]) if (params[key] === undefined) delete params[key];
    return params;
  }, [explicitSort, filters, limit, page, sort, withFilters]);

  const update = useCallback(
    (changes: Record<string, string | null>, options?: { replace?: boolean; keepPage?: boolean }) => {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (!options?.keepPage) next.delete('page');
          return next;
        },
        { replace: options?.replace, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  const setPage = useCallback((next: number) => update({ page: next > 1 ? String(next) : null }, { keepPage: true }), [update]);
  const setSort = useCallback((next: VehicleSort) => update({ sort: next === DEFAULT_VEHICLE_SORT ? null : next }), [update]);
  /**
   * Each change is a history entry, so Back undoes it; `replace` for a box being refined (typing more
   * of a search adds no entry per pause). Choosing another make clears the model, which belonged to
   * the old one.
   */
  const setFilter = useCallback(
    (name: FilterParam, value: string, options?: { replace?: boolean }) => {
      const changes: Record<string, string | null> = { [name]: value.trim() === '' ? null : value };
      if (name === 'make') changes.model = null;
      update(changes, { replace: options?.replace });
    },
    [update],
  );
  const resetFilters = useCallback(() => update(Object.fromEntries(FILTER_PARAMS.map((name) => [name, null]))), [update]);
  const activeFilterCount = FILTER_PARAMS.filter((name) => filters[name].trim() !== '').length;
  const hasFilters = activeFilterCount > 0;

  return { page, sort, filters, apiParams, hasFilters, activeFilterCount, setPage, setSort, setFilter, resetFilters };
}
