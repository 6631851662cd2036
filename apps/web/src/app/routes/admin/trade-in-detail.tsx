import { useParams } from 'react-router';
import { adminTradeInQueryOptions } from '@/features/trade-ins/api/admin-trade-ins';
import { AdminTradeInDetail } from '@/features/trade-ins/components/admin-trade-in-detail';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(({ params }) => [adminTradeInQueryOptions(params.id ?? '')]);

export default function Page() {
  usePageTitle('Trade-in');
  const { id = '' } = useParams();
  return <AdminTradeInDetail key={id} id={id} />;
}
