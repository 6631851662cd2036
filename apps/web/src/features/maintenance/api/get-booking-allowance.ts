import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingAllowance } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export function getBookingAllowance(signal?: AbortSignal) {
  return api.get<BookingAllowance>('/api/maintenance/allowance', undefined, signal);
}

/** Under the `maintenance` key, so a booking or a cancellation refreshes it. */
export const bookingAllowanceQueryOptions = () =>
  queryOptions({
    queryKey: maintenanceKeys.allowance(),
    queryFn: ({ signal }) => getBookingAllowance(signal),
  });

/** How many open bookings the signed-in customer holds and may hold. */
export function useBookingAllowance() {
  return useQuery(bookingAllowanceQueryOptions());
}
