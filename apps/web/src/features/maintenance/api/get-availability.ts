import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Availability } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

/** `service`: the specific service to fit (its duration and place); none asks for a one-hour service bay job. */
export function getAvailability(date: string, service?: string, signal?: AbortSignal) {
  return api.get<Availability>('/api/maintenance/availability', service ? { date, service } : { date }, signal);
}

export const availabilityQueryOptions = (date: string, service?: string) =>
  queryOptions({
    queryKey: maintenanceKeys.dayAvailability(date, service),
    queryFn: ({ signal }) => getAvailability(date, service, signal),
    // Availability is live: others book while this page is open.
    staleTime: 0,
  });

export function useAvailability(date: string | undefined, service?: string) {
  return useQuery({ ...availabilityQueryOptions(date ?? '', service), enabled: Boolean(date) });
}
