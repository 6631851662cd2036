import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { UserSecurity } from '@dealer/shared';
import { userKeys } from './keys';

export const getUserSecurity = (id: string, signal?: AbortSignal) =>
  api.get<UserSecurity>(`/api/users/${encodeURIComponent(id)}/security`, undefined, signal);

export const userSecurityQueryOptions = (id: string) =>
  queryOptions({ queryKey: userKeys.security(id), queryFn: ({ signal }) => getUserSecurity(id, signal) });

export const useUserSecurity = (id: string, enabled = true) => useQuery({ ...userSecurityQueryOptions(id), enabled });
