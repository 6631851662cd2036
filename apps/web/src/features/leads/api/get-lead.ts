import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadDetail } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { leadKeys } from './get-leads';

export const getLead = (id: string, signal?: AbortSignal) => api.get<LeadDetail>(`/api/admin/leads/${id}`, undefined, signal);

export const leadQueryOptions = (id: string) => queryOptions({ queryKey: leadKeys.detail(id), queryFn: ({ signal }) => getLead(id, signal) });

export const useLead = (id: string) => useQuery(leadQueryOptions(id));
