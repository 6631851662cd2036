import type { adminMaintenanceQuerySchema, historyQuerySchema } from '@dealer/shared';
import type { z } from 'zod';

/** The staff list's filters as the API reads them (no status lists every status); the page size is the caller's. */
export type MaintenanceRequestsParams = Pick<z.output<typeof adminMaintenanceQuerySchema>, 'status' | 'dateFrom' | 'dateTo' | 'search' | 'page'>;

/** A page of the customer's history as the API reads it. */
export type HistoryQuery = Pick<z.output<typeof historyQuerySchema>, 'status' | 'page'>;

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
  dayAvailability: (date: string, service?: string) => ['maintenance', 'availability', 'day', date, service ?? null] as const,
  monthAvailability: (month: string, service?: string) => ['maintenance', 'availability', 'month', month, service ?? null] as const,
  serviceDurations: () => ['maintenance', 'service-durations'] as const,
  workshopSettings: () => ['maintenance', 'workshop-settings'] as const,
  closureDays: (month: string) => ['maintenance', 'closure-days', 'month', month] as const,
  adminClosureDays: () => ['maintenance', 'closure-days', 'admin'] as const,
  technicians: () => ['maintenance', 'technicians'] as const,
  history: (query: HistoryQuery) => ['maintenance', 'history', query] as const,
  requests: (params: MaintenanceRequestsParams) => ['maintenance', 'requests', 'list', params] as const,
  request: (id: string) => ['maintenance', 'requests', 'detail', id] as const,
  userRequests: (userId: string) => ['maintenance', 'requests', 'user', userId] as const,
};
