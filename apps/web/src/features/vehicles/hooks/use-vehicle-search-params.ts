import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_VEHICLE_SORT, PAGE_SIZES, type VehicleSort } from '@dealer/shared';
import { useUrlParams } from '@/lib/use-url-params';
import {
  canonicalVehicleSearch,
  FILTER_PARAMS,
  parseVehicleSearch,
  type FilterParam,
  type VehicleSearchOptions,
} from '../lib/vehicle-search';

const URL_KEYS = [...FILTER_PARAMS, 'sort'] as const;
type UrlKey = (typeof URL_KEYS)[number];

/**
 * Sort, filters and page of a vehicle list, read from and written to the URL search params, so
 * back, reload and shared links keep them. Changing a filter or the sort goes back to page 1
 * (the URL-state rules of every list, useUrlParams); parsing is parseVehicleSearch, as in the loader.
 */
export function useVehicleSearchParams({ withFilters, limit = PAGE_SIZES.vehicles }: VehicleSearchOptions) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { update } = useUrlParams(URL_KEYS);
  const { page, sort, filters, apiParams } = useMemo(
    () => parseVehicleSearch(searchParams, { withFilters, limit }),
    [limit, searchParams, withFilters],
  );

  /**
   * Each change is a history entry, so Back undoes it; `replace` for a box being refined (typing more
   * of a search adds no entry per pause). The list keeps its scroll position.
   */
  const change = useCallback(
    (changes: Partial<Record<UrlKey | 'page', string | number | null>>, replace = false) =>
      update(changes, { replace, preventScrollReset: true }),
    [update],
  );
  const setPage = useCallback((next: number) => change({ page: next }), [change]);
  const setSort = useCallback((next: VehicleSort) => change({ sort: next === DEFAULT_VEHICLE_SORT ? null : next }), [change]);
  /** Choosing another make clears the model, which belonged to the old one. */
  const setFilter = useCallback(
    (name: FilterParam, value: string, options?: { replace?: boolean }) => {
      const changes: Partial<Record<UrlKey, string | null>> = { [name]: value.trim() === '' ? null : value };
      if (name === 'make') changes.model = null;
      change(changes, options?.replace);
    },
    [change],
  );
  /**
   * The filters form as submitted (Enter in a box, or its fields changed before the app took over):
   * the URL a plain GET submit would reach, as one history entry on page 1.
   */
  const applyForm = useCallback(
    (form: HTMLFormElement) => {
      const sent = new URLSearchParams();
      for (const [key, value] of new FormData(form)) if (typeof value === 'string') sent.append(key, value);
      setSearchParams(canonicalVehicleSearch(sent) ?? sent, { preventScrollReset: true });
    },
    [setSearchParams],
  );
  const resetFilters = useCallback(() => change(Object.fromEntries(FILTER_PARAMS.map((name) => [name, null]))), [change]);
  const activeFilterCount = FILTER_PARAMS.filter((name) => filters[name].trim() !== '').length;
  const hasFilters = activeFilterCount > 0;

  return { page, sort, filters, apiParams, hasFilters, activeFilterCount, setPage, setSort, setFilter, applyForm, resetFilters };
}
