import { myEstimatesQueryOptions } from '@/features/estimates/api/estimates';
import { MyEstimates } from '@/features/estimates/components/my-estimates';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(() => [myEstimatesQueryOptions()]);

export default function MyEstimatesPage() {
  usePageTitle('My Estimates');
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Estimates</h1>
      <p className="mt-1 mb-6 text-slate-600">Work the workshop recommends on your car: approve or decline each line.</p>
      <MyEstimates />
    </div>
  );
}
