import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehiclePurchase } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { vehicleKeys } from './keys';

export function getPurchases(signal?: AbortSignal) {
  return api.get<VehiclePurchase[]>('/api/vehicles/purchases', undefined, signal);
}

export const purchasesQueryOptions = () =>
  queryOptions({
    queryKey: vehicleKeys.purchases(),
    queryFn: ({ signal }) => getPurchases(signal),
  });

export function usePurchases() {
  return useQuery(purchasesQueryOptions());
}
