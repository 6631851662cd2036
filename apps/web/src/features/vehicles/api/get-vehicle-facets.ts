import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleFacets } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { vehicleKeys } from './keys';

export function getVehicleFacets(make: string, signal?: AbortSignal) {
  return api.get<VehicleFacets>('/api/vehicles/facets', make ? { make } : undefined, signal);
}

/** The make choices of the public listings, and the models of the chosen make. */
export const vehicleFacetsQueryOptions = (make: string) =>
  queryOptions({
    queryKey: vehicleKeys.facets(make),
    queryFn: ({ signal }) => getVehicleFacets(make, signal),
    // The server keeps them a minute too; the makes stay listed while another make's models load.
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useVehicleFacets(make: string) {
  return useQuery(vehicleFacetsQueryOptions(make));
}
