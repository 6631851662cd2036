import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, USER_STATUSES, type AdminUser } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { filledValues, type UrlState } from '@/lib/use-url-params';
import { userKeys, type UserListParams } from './keys';
import { oneOf } from '@/lib/one-of';

/** The users list's filters in its URL (with `page`). */
export const USERS_URL_KEYS = ['search', 'status', 'joinedFrom', 'joinedTo'] as const;

/** The query a users list URL asks for: an unknown status lists everyone. */
export function userListParams({ values, page }: UrlState<(typeof USERS_URL_KEYS)[number]>): UserListParams {
  return { ...filledValues(values), status: oneOf(values.status, USER_STATUSES) ? values.status : undefined, page };
}

export const getUsers = (params: UserListParams, signal?: AbortSignal) =>
  api.list<AdminUser>('/api/users', { ...params, limit: PAGE_SIZES.users }, signal);

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UserListParams) => useQuery(usersQueryOptions(params));
