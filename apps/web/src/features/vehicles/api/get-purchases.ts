import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { vehicleKeys } from './keys';

/** A vehicle the dealership recorded as sold to the signed-in user. */
export interface Purchase {
  vehicle: Vehicle;
  purchasedAt: string;
  price: number;
}

export function getPurchases(signal?: AbortSignal) {
  return api.get<Purchase[]>('/api/vehicles/purchases', undefined, signal);
}

export const purchasesQueryOptions = () =>
  queryOptions({
    queryKey: vehicleKeys.purchases(),
    queryFn: ({ signal }) => getPurchases(signal),
  });

export function usePurchases() {
  return useQuery(purchasesQueryOptions());
}
