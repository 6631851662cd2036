import { myTradeInsQueryOptions } from '@/features/trade-ins/api/my-trade-ins';
import { MyTradeIns } from '@/features/trade-ins/components/my-trade-ins';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(() => [myTradeInsQueryOptions()]);

export default function MyTradeInsPage() {
  usePageTitle('My Trade-ins');
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Trade-ins</h1>
      <p className="mt-1 mb-6 text-slate-600">Cars you sent us for valuation, and our offers for them.</p>
      <MyTradeIns />
    </div>
  );
}
