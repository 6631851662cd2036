import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AdminUser } from '@dealer/shared';
import { userKeys } from './keys';

export const getUser = (id: string, signal?: AbortSignal) => api.get<AdminUser>(`/api/users/${encodeURIComponent(id)}`, undefined, signal);

export const userQueryOptions = (id: string) => queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });

export const useUser = (id: string) => useQuery(userQueryOptions(id));
