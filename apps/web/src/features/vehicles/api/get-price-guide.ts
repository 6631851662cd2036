import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceGuide, priceGuideQuerySchema } from '@dealer/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { vehicleKeys } from './keys';

export type PriceGuideParams = z.output<typeof priceGuideQuerySchema>;

export function getPriceGuide(params: PriceGuideParams, signal?: AbortSignal) {
  return api.get<PriceGuide>('/api/vehicles/price-guide', { ...params }, signal);
}

export const priceGuideQueryOptions = (params: PriceGuideParams) =>
  queryOptions({
    queryKey: vehicleKeys.priceGuide(params),
    queryFn: ({ signal }) => getPriceGuide(params, signal),
    staleTime: 60_000,
  });

/** What comparable public listings ask, once make, model and year are given (`null` until then). */
export function usePriceGuide(params: PriceGuideParams | null) {
  return useQuery({
    ...priceGuideQueryOptions(params ?? { make: '', model: '', year: 0 }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
