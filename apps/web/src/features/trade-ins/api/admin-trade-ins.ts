import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TradeInAdmin, TradeInOfferInput, TradeInStatus } from '@dealer/shared';
import { api } from '@/lib/api-client';
import type { StatusListParams } from '@/lib/status-list';
import { tradeInKeys } from './keys';

// The sales team's side: the list by status, one trade-in, and the offer.

export const adminTradeInsQueryOptions = ({ status, page }: StatusListParams<TradeInStatus>) =>
  queryOptions({
    queryKey: tradeInKeys.admin(status, page),
    queryFn: ({ signal }) => api.list<TradeInAdmin>('/api/admin/trade-ins', { page, ...(status ? { status } : {}) }, signal),
    placeholderData: keepPreviousData,
  });

export const adminTradeInQueryOptions = (id: string) =>
  queryOptions({ queryKey: tradeInKeys.adminOne(id), queryFn: ({ signal }) => api.get<TradeInAdmin>(`/api/admin/trade-ins/${encodeURIComponent(id)}`, undefined, signal) });
export const useAdminTradeIn = (id: string) => useQuery(adminTradeInQueryOptions(id));

export function useMakeOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, offer }: { id: string; offer: TradeInOfferInput }) => api.post<TradeInAdmin>(`/api/admin/trade-ins/${encodeURIComponent(id)}/offer`, offer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradeInKeys.all }),
  });
}
