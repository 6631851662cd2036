import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthAvailability } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export function getMonthAvailability(month: string, signal?: AbortSignal) {
  return api.get<MonthAvailability>('/api/maintenance/availability/month', { month }, signal);
}

export const monthAvailabilityQueryOptions = (month: string) =>
  queryOptions({
    queryKey: maintenanceKeys.monthAvailability(month),
    queryFn: ({ signal }) => getMonthAvailability(month, signal),
    staleTime: 0,
  });

export function useMonthAvailability(month: string | undefined) {
  return useQuery({ ...monthAvailabilityQueryOptions(month ?? ''), enabled: Boolean(month), placeholderData: keepPreviousData });
}
