import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AUDIT_LOG_KINDS, AUDIT_LOG_PAGE_SIZE, type AuditLogEntry, type auditLogQuerySchema } from '@dealer/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { UrlState } from '@/lib/use-url-params';
import { oneOf } from '@/lib/one-of';

/** The log's filters as the API reads them; the page size is the caller's. */
export type AuditLogParams = Pick<z.output<typeof auditLogQuerySchema>, 'person' | 'kind' | 'dateFrom' | 'dateTo' | 'page'>;

/** Under the admin area's root key, so an admin change that refreshes everything refreshes this too. */
export const auditLogKeys = {
  list: (params: AuditLogParams) => ['admin', 'audit-log', params] as const,
};

/** The log's filters in its URL (with `page`). */
export const AUDIT_LOG_URL_KEYS = ['person', 'kind', 'dateFrom', 'dateTo'] as const;

const isoDate = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** The query an audit log URL asks for: an unknown kind or a malformed day is left out. */
export function auditLogParams({ values, page }: UrlState<(typeof AUDIT_LOG_URL_KEYS)[number]>): AuditLogParams {
  return {
    person: values.person.trim() || undefined,
    kind: oneOf(values.kind, AUDIT_LOG_KINDS) ? values.kind : undefined,
    dateFrom: isoDate(values.dateFrom),
    dateTo: isoDate(values.dateTo),
    page,
  };
}

export const getAuditLog = (params: AuditLogParams, signal?: AbortSignal) =>
  api.list<AuditLogEntry>('/api/admin/audit-log', { ...params, limit: AUDIT_LOG_PAGE_SIZE }, signal);

export const auditLogQueryOptions = (params: AuditLogParams) =>
  queryOptions({ queryKey: auditLogKeys.list(params), queryFn: ({ signal }) => getAuditLog(params, signal), placeholderData: keepPreviousData });

export const useAuditLog = (params: AuditLogParams) => useQuery(auditLogQueryOptions(params));
