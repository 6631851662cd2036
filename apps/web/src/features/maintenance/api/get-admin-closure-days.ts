import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminClosureDay } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export function getAdminClosureDays(signal?: AbortSignal) {
  return api.get<AdminClosureDay[]>('/api/admin/closure-days', undefined, signal);
}

/** Upcoming closure days with who added them (staff only). */
export const adminClosureDaysQueryOptions = () =>
  queryOptions({ queryKey: maintenanceKeys.adminClosureDays(), queryFn: ({ signal }) => getAdminClosureDays(signal) });

export function useAdminClosureDays() {
  return useQuery(adminClosureDaysQueryOptions());
}
