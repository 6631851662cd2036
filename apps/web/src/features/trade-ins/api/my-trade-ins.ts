import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TradeIn } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { tradeInKeys } from './keys';

// A customer's trade-ins: list, send one (a form with photos), answer an offer.

export const myTradeInsQueryOptions = () =>
  queryOptions({ queryKey: tradeInKeys.mine(), queryFn: ({ signal }) => api.get<TradeIn[]>('/api/trade-ins', undefined, signal) });

export const useMyTradeIns = () => useQuery(myTradeInsQueryOptions());

function useInvalidating<V>(mutationFn: (values: V) => Promise<TradeIn>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: tradeInKeys.all }) });
}

export const useSubmitTradeIn = () => useInvalidating((form: FormData) => api.post<TradeIn>('/api/trade-ins', form));
export const useAnswerTradeIn = () =>
  useInvalidating(({ id, answer }: { id: string; answer: 'accept' | 'decline' }) => api.post<TradeIn>(`/api/trade-ins/${encodeURIComponent(id)}/${answer}`));
