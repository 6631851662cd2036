import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router';
import { vehiclesQueryOptions } from '@/features/vehicles/api/get-vehicles';
import { parseVehicleSearch } from '@/features/vehicles/lib/vehicle-search';

/**
 * /vehicle-sales and /vehicles: the page of listings the URL names, read with the parser the page's
 * URL-state hook uses, so the page finds it in the cache. A failed call is left to the page, which
 * says so and offers 'Try again'.
 */
export const createVehicleListLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const { apiParams } = parseVehicleSearch(new URL(request.url).searchParams, { withFilters: true });
    await queryClient.ensureQueryData(vehiclesQueryOptions(apiParams)).catch(() => undefined);
    return null;
  };

/**
 * Paging, sorting and filtering on the list itself is the page's own query (the previous page stays
 * on screen until the next arrives); only arriving from elsewhere waits for the loader.
 */
export const shouldRevalidateVehicleList: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
