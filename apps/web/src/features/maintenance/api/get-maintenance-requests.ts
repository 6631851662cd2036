import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MAINTENANCE_STATUSES, PAGE_SIZES, type MaintenanceAppointment } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { filledValues, type UrlState } from '@/lib/use-url-params';
import { maintenanceKeys, type MaintenanceRequestsParams } from './keys';
import { oneOf } from '@/lib/one-of';

/** The list's filters in its URL (with `page`). */
export const MAINTENANCE_REQUESTS_URL_KEYS = ['search', 'status', 'dateFrom', 'dateTo'] as const;

/** The query a staff list URL asks for: an unknown status lists them all. */
export function maintenanceRequestsParams({
  values,
  page,
}: UrlState<(typeof MAINTENANCE_REQUESTS_URL_KEYS)[number]>): MaintenanceRequestsParams {
  return { ...filledValues(values), status: oneOf(values.status, MAINTENANCE_STATUSES) ? values.status : undefined, page };
}

export const getMaintenanceRequests = (params: MaintenanceRequestsParams, signal?: AbortSignal) =>
  api.list<MaintenanceAppointment>('/api/maintenance/admin/all', { ...params, limit: PAGE_SIZES.adminMaintenance }, signal);

export const maintenanceRequestsQueryOptions = (params: MaintenanceRequestsParams) =>
  queryOptions({
    queryKey: maintenanceKeys.requests(params),
    queryFn: ({ signal }) => getMaintenanceRequests(params, signal),
    placeholderData: keepPreviousData,
  });

export const useMaintenanceRequests = (params: MaintenanceRequestsParams) => useQuery(maintenanceRequestsQueryOptions(params));
