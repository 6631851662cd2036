import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type MaintenanceAppointment } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export interface MaintenanceListParams {
  status?: string;
  dateFrom?: string;
  dateTo?: string;
  search?: string;
  page: number;
}

export const getMaintenanceRequests = (params: MaintenanceListParams, signal?: AbortSignal) =>
  api.list<MaintenanceAppointment>(
    '/api/maintenance/admin/all',
    { ...params, status: params.status === 'All' ? undefined : params.status, limit: PAGE_SIZES.adminMaintenance },
    signal,
  );

export const maintenanceRequestsQueryOptions = (params: MaintenanceListParams) =>
  queryOptions({
    queryKey: adminKeys.maintenanceList(params),
    queryFn: ({ signal }) => getMaintenanceRequests(params, signal),
    placeholderData: keepPreviousData,
  });

export const useMaintenanceRequests = (params: MaintenanceListParams) => useQuery(maintenanceRequestsQueryOptions(params));
