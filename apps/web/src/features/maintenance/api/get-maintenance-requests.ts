import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MAINTENANCE_STATUSES, PAGE_SIZES, type MaintenanceAppointment } from '@dealer/shared';
import { api } from '@/lib/api-client';
import type { UrlState } from '@/lib/use-url-params';
import { maintenanceKeys } from './keys';

/** The staff list's filters; 'All' (or no status) lists every status. */
export interface MaintenanceRequestsParams {
  status?: string;
  dateFrom?: string;
  dateTo?: string;
  search?: string;
  page: number;
}

/** The list's filters in its URL (with `page`). */
export const MAINTENANCE_REQUESTS_URL_KEYS = ['search', 'status', 'dateFrom', 'dateTo'] as const;

/** The query a staff list URL asks for: an unknown status lists them all. */
export function maintenanceRequestsParams({ values, page }: UrlState<(typeof MAINTENANCE_REQUESTS_URL_KEYS)[number]>): MaintenanceRequestsParams {
  return {
    status: (MAINTENANCE_STATUSES as readonly string[]).includes(values.status) ? values.status : 'All',
    dateFrom: values.dateFrom || undefined,
    dateTo: values.dateTo || undefined,
    search: values.search || undefined,
    page,
  };
}

export const getMaintenanceRequests = (params: MaintenanceRequestsParams, signal?: AbortSignal) =>
  api.list<MaintenanceAppointment>(
    '/api/maintenance/admin/all',
    { ...params, status: params.status === 'All' ? undefined : params.status, limit: PAGE_SIZES.adminMaintenance },
    signal,
  );

export const maintenanceRequestsQueryOptions = (params: MaintenanceRequestsParams) =>
  queryOptions({
    queryKey: maintenanceKeys.requests(params),
    queryFn: ({ signal }) => getMaintenanceRequests(params, signal),
    placeholderData: keepPreviousData,
  });

export const useMaintenanceRequests = (params: MaintenanceRequestsParams) => useQuery(maintenanceRequestsQueryOptions(params));
