import type { VehicleListQuery } from '@dealer/shared';

/** Query keys of the vehicle calls; invalidating `all` refreshes every vehicle screen. */
export const vehicleKeys = {
  all: ['vehicles'] as const,
  lists: () => [...vehicleKeys.all, 'list'] as const,
  list: (params: VehicleListQuery) => [...vehicleKeys.lists(), params] as const,
  mine: (params: { page: number; limit: number }) => [...vehicleKeys.all, 'mine', params] as const,
  purchases: () => [...vehicleKeys.all, 'purchases'] as const,
  detail: (id: string) => [...vehicleKeys.all, 'detail', id] as const,
  similar: (id: string) => [...vehicleKeys.all, 'similar', id] as const,
  priceGuide: (params: { make: string; model: string; year: number }) =>
    [...vehicleKeys.all, 'price-guide', params.make.toLowerCase(), params.model.toLowerCase(), params.year] as const,
  facets: (make: string) => [...vehicleKeys.all, 'facets', make.toLowerCase()] as const,
};
