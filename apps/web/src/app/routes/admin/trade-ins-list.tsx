import { TRADE_IN_STATUSES } from '@dealer/shared';
import { adminTradeInsQueryOptions } from '@/features/trade-ins/api/admin-trade-ins';
import { AdminTradeIns } from '@/features/trade-ins/components/admin-trade-ins';
import { STATUS_LIST_URL_KEYS, statusListParams } from '@/lib/status-list';
import { readUrlParams } from '@/lib/use-url-params';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch, searchOf, shouldRevalidateList } from '../prefetch';

export const createLoader = prefetch(({ request }) => [adminTradeInsQueryOptions(statusListParams(TRADE_IN_STATUSES, readUrlParams(searchOf(request), STATUS_LIST_URL_KEYS)))]);
export const shouldRevalidate = shouldRevalidateList;

export default function Page() {
  usePageTitle('Trade-ins');
  return <AdminTradeIns />;
}
