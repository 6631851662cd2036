import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntityType, AuditEntry } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { auditHistoryKey } from '@/lib/admin-query-keys';

/**
 * A record's history from the call its readers may make: a listing's for sales staff too, an appointment's
 * for service advisors too, an account's for the admin alone.
 */
export const getAudit = (entityType: AuditEntityType, entityId: string, signal?: AbortSignal) => {
  if (entityType === 'vehicle') return api.get<AuditEntry[]>(`/api/vehicles/${encodeURIComponent(entityId)}/audit`, undefined, signal);
  if (entityType === 'maintenance') return api.get<AuditEntry[]>(`/api/maintenance/${encodeURIComponent(entityId)}/audit`, undefined, signal);
  return api.get<AuditEntry[]>('/api/admin/audit', { entityType, entityId }, signal);
};

export const auditQueryOptions = (entityType: AuditEntityType, entityId: string) =>
  queryOptions({ queryKey: auditHistoryKey(entityType, entityId), queryFn: ({ signal }) => getAudit(entityType, entityId, signal) });

export const useAudit = (entityType: AuditEntityType, entityId: string) => useQuery(auditQueryOptions(entityType, entityId));
