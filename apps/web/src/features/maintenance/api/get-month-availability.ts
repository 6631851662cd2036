import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthAvailability } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export function getMonthAvailability(month: string, service?: string, signal?: AbortSignal) {
  return api.get<MonthAvailability>('/api/maintenance/availability/month', service ? { month, service } : { month }, signal);
}

export const monthAvailabilityQueryOptions = (month: string, service?: string) =>
  queryOptions({
    queryKey: maintenanceKeys.monthAvailability(month, service),
    queryFn: ({ signal }) => getMonthAvailability(month, service, signal),
    staleTime: 0,
  });

export function useMonthAvailability(month: string | undefined, service?: string) {
  return useQuery({ ...monthAvailabilityQueryOptions(month ?? '', service), enabled: Boolean(month), placeholderData: keepPreviousData });
}
