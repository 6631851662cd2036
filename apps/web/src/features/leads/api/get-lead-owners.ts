import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadOwner } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { leadKeys } from './get-leads';

export const getLeadOwners = (signal?: AbortSignal) => api.get<LeadOwner[]>('/api/admin/leads/owners', undefined, signal);

export const leadOwnersQueryOptions = () => queryOptions({ queryKey: leadKeys.owners, queryFn: ({ signal }) => getLeadOwners(signal), staleTime: 60_000 });

export const useLeadOwners = () => useQuery(leadOwnersQueryOptions());
