import { queryOptions } from '@tanstack/react-query';
import type { CustomerChoice } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

/** Active accounts matching part of a name or e-mail: the call service advisors may make too. */
export const searchCustomers = (search: string, signal?: AbortSignal) => api.get<CustomerChoice[]>('/api/users/customers', { search }, signal);

export const customerSearchQueryOptions = (search: string) =>
  queryOptions({ queryKey: userKeys.customers(search), queryFn: ({ signal }) => searchCustomers(search, signal), enabled: search.length >= 2 });
