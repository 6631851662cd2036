import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES } from '@dealer/shared';
import { api } from '@/lib/api-client';
import type { AdminUser } from '../types';
import { adminKeys } from './keys';

export interface UserListParams {
  status?: string;
  joinedFrom?: string;
  joinedTo?: string;
  search?: string;
  page: number;
}

export const getUsers = (params: UserListParams, signal?: AbortSignal) =>
  api.list<AdminUser>(
    '/api/users',
    // 'all' is no filter: the parameter is left out rather than sent as a value the API does not know.
    { ...params, status: !params.status || params.status === 'all' ? undefined : params.status, limit: PAGE_SIZES.users },
    signal,
  );

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({ queryKey: adminKeys.users(params), queryFn: ({ signal }) => getUsers(params, signal), placeholderData: keepPreviousData });

export const useUsers = (params: UserListParams) => useQuery(usersQueryOptions(params));
