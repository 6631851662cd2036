import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LEADS_PAGE_SIZE, LEAD_STATUSES, leadListQuerySchema, type LeadStatus, type LeadSummary } from '@dealer/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminRootKey } from '@/lib/admin-query-keys';
import type { UrlState } from '@/lib/use-url-params';

/** The inbox's filters as the API reads them (`owner`: a sales user's id, or 'none'); the page size is the caller's. */
export type LeadListParams = Pick<z.output<typeof leadListQuerySchema>, 'page' | 'status' | 'owner' | 'overdue'>;

/** Under the admin area's root key, so a change anywhere in the admin refreshes the inbox. */
export const leadKeys = {
  all: [...adminRootKey, 'leads'] as const,
  list: (params: LeadListParams) => [...adminRootKey, 'leads', 'list', params] as const,
  detail: (id: string) => [...adminRootKey, 'leads', 'detail', id] as const,
  owners: [...adminRootKey, 'leads', 'owners'] as const,
  clicks: (vehicleId: string) => [...adminRootKey, 'leads', 'clicks', vehicleId] as const,
};

export const LEAD_URL_KEYS = ['status', 'owner', 'overdue'] as const;

/** The query an inbox URL asks for; unknown values are left out. */
export function leadListParams({ values, page }: UrlState<(typeof LEAD_URL_KEYS)[number]>): LeadListParams {
  return {
    page,
    status: (LEAD_STATUSES as readonly string[]).includes(values.status) ? (values.status as LeadStatus) : undefined,
    owner: values.owner && leadListQuerySchema.shape.owner.safeParse(values.owner).success ? values.owner : undefined,
    overdue: values.overdue === 'true' ? true : undefined,
  };
}

export const getLeads = (params: LeadListParams, signal?: AbortSignal) =>
  api.list<LeadSummary>(
    '/api/admin/leads',
    { page: params.page, limit: LEADS_PAGE_SIZE, status: params.status, owner: params.owner, overdue: params.overdue ? 'true' : undefined },
    signal,
  );

export const leadsQueryOptions = (params: LeadListParams) =>
  queryOptions({ queryKey: leadKeys.list(params), queryFn: ({ signal }) => getLeads(params, signal), placeholderData: keepPreviousData });

export const useLeads = (params: LeadListParams) => useQuery(leadsQueryOptions(params));
