import type { HistoryFilter } from './get-history';
import type { MaintenanceRequestsParams } from './get-maintenance-requests';

/**
 * Query keys of maintenance, for customer and staff screens alike. Everything sits under
 * ['maintenance'], so a booking, a change of status or a closure day refreshes every calendar,
 * list and detail at once.
 */
export const maintenanceKeys = {
  all: ['maintenance'] as const,
  settings: () => ['maintenance', 'settings'] as const,
  allowance: () => ['maintenance', 'allowance'] as const,
  availability: () => ['maintenance', 'availability'] as const,
  dayAvailability: (date: string) => ['maintenance', 'availability', 'day', date] as const,
  monthAvailability: (month: string) => ['maintenance', 'availability', 'month', month] as const,
  closureDays: (month: string) => ['maintenance', 'closure-days', 'month', month] as const,
  adminClosureDays: () => ['maintenance', 'closure-days', 'admin'] as const,
  history: (filter: HistoryFilter, page: number) => ['maintenance', 'history', filter, page] as const,
  requests: (params: MaintenanceRequestsParams) => ['maintenance', 'requests', 'list', params] as const,
  request: (id: string) => ['maintenance', 'requests', 'detail', id] as const,
  userRequests: (userId: string) => ['maintenance', 'requests', 'user', userId] as const,
};
