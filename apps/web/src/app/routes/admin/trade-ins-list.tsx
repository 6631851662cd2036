import { TRADE_IN_URL_KEYS, adminTradeInsQueryOptions, tradeInListParams } from '@/features/trade-ins/api/admin-trade-ins';
import { AdminTradeIns } from '@/features/trade-ins/components/admin-trade-ins';
import { readUrlParams } from '@/lib/use-url-params';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch, searchOf, shouldRevalidateList } from '../prefetch';

export const createLoader = prefetch(({ request }) => [adminTradeInsQueryOptions(tradeInListParams(readUrlParams(searchOf(request), TRADE_IN_URL_KEYS)))]);
export const shouldRevalidate = shouldRevalidateList;

export default function Page() {
  usePageTitle('Trade-ins');
  return <AdminTradeIns />;
}
