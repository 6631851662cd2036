import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntityType, AuditEntry } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { auditHistoryKey } from '@/lib/admin-query-keys';

export const getAudit = (entityType: AuditEntityType, entityId: string, signal?: AbortSignal) =>
  api.get<AuditEntry[]>('/api/admin/audit', { entityType, entityId }, signal);

export const auditQueryOptions = (entityType: AuditEntityType, entityId: string) =>
  queryOptions({ queryKey: auditHistoryKey(entityType, entityId), queryFn: ({ signal }) => getAudit(entityType, entityId, signal) });

export const useAudit = (entityType: AuditEntityType, entityId: string) => useQuery(auditQueryOptions(entityType, entityId));
