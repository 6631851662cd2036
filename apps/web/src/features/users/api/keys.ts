import type { userListQuerySchema } from '@dealer/shared';
import type { z } from 'zod';
import { adminRootKey } from '@/lib/admin-query-keys';

/** The list's filters as the API reads them (no status lists everyone); the page size is the caller's. */
export type UserListParams = Pick<z.output<typeof userListQuerySchema>, 'status' | 'joinedFrom' | 'joinedTo' | 'search' | 'page'>;

/** Query keys of the admin's user screens, under the admin root so an admin change refreshes them. */
export const userKeys = {
  list: (params: UserListParams) => [...adminRootKey, 'users', 'list', params] as const,
  detail: (id: string) => [...adminRootKey, 'users', 'detail', id] as const,
  security: (id: string) => [...adminRootKey, 'users', 'security', id] as const,
  customers: (search: string) => [...adminRootKey, 'users', 'customers', search] as const,
};
