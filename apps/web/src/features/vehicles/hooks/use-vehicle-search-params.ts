import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_VEHICLE_SORT, PAGE_SIZES, type VehicleSort } from '@dealer/shared';
import { FILTER_PARAMS, parseVehicleSearch, type FilterParam, type VehicleSearchOptions } from '../lib/vehicle-search';

/**
 * Sort, filters and page of a vehicle list, read from and written to the URL search params, so
 * back, reload and shared links keep them. Changing a filter or the sort goes back to page 1.
 */
export function useVehicleSearchParams({ withFilters, limit = PAGE_SIZES.vehicles }: VehicleSearchOptions) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, sort, filters, apiParams } = useMemo(
    () => parseVehicleSearch(searchParams, { withFilters, limit }),
    [limit, searchParams, withFilters],
  );

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
