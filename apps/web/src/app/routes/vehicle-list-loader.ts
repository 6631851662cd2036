import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs, type ShouldRevalidateFunction } from 'react-router';
import { vehicleFacetsQueryOptions } from '@/features/vehicles/api/get-vehicle-facets';
import { vehiclesQueryOptions } from '@/features/vehicles/api/get-vehicles';
import { canonicalVehicleSearch, parseVehicleSearch } from '@/features/vehicles/lib/vehicle-search';

/**
 * /vehicle-sales and /vehicles: the page of listings the URL names, read with the parser the page's
 * URL-state hook uses, so the page finds it in the cache, and the make (and model) choices of the
 * filters, so they are in the server's HTML. A failed call is left to the page, which says so and
 * offers 'Try again'.
 *
 * The filters form submitted without JavaScript sends every field; it is sent on to the URL the app
 * would have built (no empty fields), so both ways end on the same address.
 */
export const createVehicleListLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const canonical = canonicalVehicleSearch(url.searchParams);
    if (canonical) {
      const query = canonical.toString();
      throw redirect(`${url.pathname}${query ? `?${query}` : ''}`);
    }
    const { apiParams, filters } = parseVehicleSearch(url.searchParams, { withFilters: true });
    await Promise.all([
      queryClient.ensureQueryData(vehiclesQueryOptions(apiParams)).catch(() => undefined),
      queryClient.ensureQueryData(vehicleFacetsQueryOptions(filters.make.trim())).catch(() => undefined),
    ]);
    return null;
  };

/**
 * Paging, sorting and filtering on the list itself is the page's own query (the previous page stays
 * on screen until the next arrives); only arriving from elsewhere waits for the loader.
 */
export const shouldRevalidateVehicleList: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
