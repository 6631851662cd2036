import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRADE_IN_STATUSES, type TradeInAdmin, type TradeInOfferInput, type TradeInStatus } from '@dealer/shared';
import { api } from '@/lib/api-client';
import type { UrlState } from '@/lib/use-url-params';
import { tradeInKeys } from './keys';

// The sales team's side: the list by status, one trade-in, and the offer.

export const TRADE_IN_URL_KEYS = ['status'] as const;

/** The list an admin URL asks for; an unknown status is left out. */
export function tradeInListParams({ values, page }: UrlState<(typeof TRADE_IN_URL_KEYS)[number]>): { status: TradeInStatus | ''; page: number } {
  return { status: (TRADE_IN_STATUSES as readonly string[]).includes(values.status) ? (values.status as TradeInStatus) : '', page };
}

export const adminTradeInsQueryOptions = ({ status, page }: { status: TradeInStatus | ''; page: number }) =>
  queryOptions({
    queryKey: tradeInKeys.admin(status, page),
    queryFn: ({ signal }) => api.list<TradeInAdmin>('/api/admin/trade-ins', { page, ...(status ? { status } : {}) }, signal),
    placeholderData: keepPreviousData,
  });
export const useAdminTradeIns = (params: { status: TradeInStatus | ''; page: number }) => useQuery(adminTradeInsQueryOptions(params));

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
