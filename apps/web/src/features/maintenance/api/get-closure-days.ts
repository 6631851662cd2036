import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClosureDay } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export function getClosureDays(month: string, signal?: AbortSignal) {
  return api.get<ClosureDay[]>('/api/closure-days', { month }, signal);
}

/** The closure days of one month with their reasons, for the booking calendar. */
export const closureDaysQueryOptions = (month: string) =>
  queryOptions({
    queryKey: maintenanceKeys.closureDays(month),
    queryFn: ({ signal }) => getClosureDays(month, signal),
    staleTime: 60_000,
  });

export function useClosureDays(month: string) {
  return useQuery(closureDaysQueryOptions(month));
}
