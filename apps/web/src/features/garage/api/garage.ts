import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GarageVehicle, GarageVehicleInput } from '@dealer/shared';
import { api } from '@/lib/api-client';

// My Garage: the customer's vehicles with their service history; add, change, remove.

export const garageKeys = { all: ['garage'] as const };

export const garageQueryOptions = () =>
  queryOptions({ queryKey: garageKeys.all, queryFn: ({ signal }) => api.get<GarageVehicle[]>('/api/account/garage', undefined, signal) });

export const useGarage = (enabled = true) => useQuery({ ...garageQueryOptions(), enabled });

function useInvalidating<V, R>(mutationFn: (values: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: garageKeys.all }) });
}

export const useAddGarageVehicle = () => useInvalidating((values: GarageVehicleInput) => api.post<GarageVehicle>('/api/account/garage', values));
export const useUpdateGarageVehicle = () =>
  useInvalidating(({ id, values }: { id: string; values: GarageVehicleInput }) => api.put<GarageVehicle>(`/api/account/garage/${encodeURIComponent(id)}`, values));
export const useRemoveGarageVehicle = () => useInvalidating((id: string) => api.delete<null>(`/api/account/garage/${encodeURIComponent(id)}`));
