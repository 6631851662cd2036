import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceDurationRow } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export function getServiceDurations(signal?: AbortSignal) {
  return api.get<ServiceDurationRow[]>('/api/maintenance/service-durations', undefined, signal);
}

/** How long each specific service takes and what it occupies (the workshop may change it; cached a minute). */
export const serviceDurationsQueryOptions = () =>
  queryOptions({ queryKey: maintenanceKeys.serviceDurations(), queryFn: ({ signal }) => getServiceDurations(signal), staleTime: 60_000 });

export function useServiceDurations() {
  return useQuery(serviceDurationsQueryOptions());
}

/** One service's duration from the list, when known. */
export function useServiceDuration(specificService: string | undefined): ServiceDurationRow | undefined {
  const durations = useServiceDurations();
  return specificService ? durations.data?.find((d) => d.specificService === specificService) : undefined;
}
