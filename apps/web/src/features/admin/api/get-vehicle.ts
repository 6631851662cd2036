import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const getVehicle = (id: string, signal?: AbortSignal) => api.get<Vehicle>(`/api/vehicles/${encodeURIComponent(id)}`, undefined, signal);

export const vehicleQueryOptions = (id: string) => queryOptions({ queryKey: adminKeys.vehicle(id), queryFn: ({ signal }) => getVehicle(id, signal) });

export const useVehicle = (id: string) => useQuery(vehicleQueryOptions(id));
