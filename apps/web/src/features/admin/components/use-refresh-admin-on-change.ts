import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminRootKey } from '@/lib/admin-query-keys';

/**
 * The admin screens show figures and histories drawn from every domain (dashboard counts, search,
 * users' bookings, change histories). Any change that succeeds in the admin area, whichever domain
 * made it, marks them stale; maintenance and vehicles need not know the admin area's keys.
 */
export function useRefreshAdminOnChange() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') void queryClient.invalidateQueries({ queryKey: adminRootKey });
      }),
    [queryClient],
  );
}
