import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleHold } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { salesDeskKeys } from './keys';

export function getVehicleHold(vehicleId: string, signal?: AbortSignal) {
  return api.get<VehicleHold>(`/api/vehicles/${encodeURIComponent(vehicleId)}/hold`, undefined, signal);
}

/** Until when a car is held online: the same for every visitor (part of the server-rendered page). */
export const vehicleHoldQueryOptions = (vehicleId: string) =>
  queryOptions({ queryKey: salesDeskKeys.hold(vehicleId), queryFn: ({ signal }) => getVehicleHold(vehicleId, signal) });

export const useVehicleHold = (vehicleId: string) => useQuery(vehicleHoldQueryOptions(vehicleId));
