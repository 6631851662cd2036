import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MaintenanceAppointment, MaintenanceStatus } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys, type HistoryQuery } from './keys';

/** All sends no status; the other tabs send theirs. */
export type HistoryFilter = 'All' | Extract<MaintenanceStatus, 'Pending' | 'Scheduled' | 'Completed'>;

/** Appointments per page of the history: short enough to scan on a phone. */
export const HISTORY_PAGE_SIZE = 10;

/** The query a history tab asks for: All sends no status. */
const historyQuery = (filter: HistoryFilter, page: number): HistoryQuery => ({ status: filter === 'All' ? undefined : filter, page });

export function getMaintenanceHistory(filter: HistoryFilter, page = 1, signal?: AbortSignal) {
  return api.list<MaintenanceAppointment>('/api/maintenance/history', { ...historyQuery(filter, page), limit: HISTORY_PAGE_SIZE }, signal);
}

export const maintenanceHistoryQueryOptions = (filter: HistoryFilter, page = 1) =>
  queryOptions({
    queryKey: maintenanceKeys.history(historyQuery(filter, page)),
    queryFn: ({ signal }) => getMaintenanceHistory(filter, page, signal),
  });

export function useMaintenanceHistory(filter: HistoryFilter, page = 1) {
  // The page on show stays while the next one loads, so the list does not jump to a spinner.
  return useQuery({ ...maintenanceHistoryQueryOptions(filter, page), placeholderData: keepPreviousData });
}
