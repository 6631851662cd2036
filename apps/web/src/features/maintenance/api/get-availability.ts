import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Availability } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export function getAvailability(date: string, signal?: AbortSignal) {
  return api.get<Availability>('/api/maintenance/availability', { date }, signal);
}

export const availabilityQueryOptions = (date: string) =>
  queryOptions({
    queryKey: maintenanceKeys.dayAvailability(date),
    queryFn: ({ signal }) => getAvailability(date, signal),
    // Availability is live: others book while this page is open.
    staleTime: 0,
  });

export function useAvailability(date: string | undefined) {
  return useQuery({ ...availabilityQueryOptions(date ?? ''), enabled: Boolean(date) });
}
