import { adminRootKey } from '@/lib/admin-query-keys';

/** Query keys of the admin shell; the screens' own keys live with their features under the same root. */
export const adminKeys = {
  search: (q: string) => [...adminRootKey, 'search', q] as const,
};
